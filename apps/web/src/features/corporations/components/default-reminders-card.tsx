import '@mantine/core/styles/Combobox.css';
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Box, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  defaultReminderMessages,
  maxDefaultReminders,
  type DefaultReminder,
} from '@homeminder/shared/contracts/default-reminders';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { CatalogueSearch } from '../../../components/form/catalogue-search';
import { SectionCard } from '../../../components/section-card';
import {
  useCatalogueForDefaults,
  useDefaultReminders,
  useFrequenciesForDefaults,
  useSaveDefaultReminders,
} from '../default-reminders-api';

interface Choice {
  reminderId: string;
  maintenanceFrequencyId: string;
}

const choicesOf = (items: readonly DefaultReminder[]): Choice[] =>
  items.map((item) => ({
    reminderId: item.reminderId,
    maintenanceFrequencyId: String(item.maintenanceFrequencyId),
  }));

const sameChoices = (a: readonly Choice[], b: readonly Choice[]) =>
  a.length === b.length &&
  a.every(
    (choice, index) =>
      choice.reminderId === b[index]!.reminderId &&
      choice.maintenanceFrequencyId === b[index]!.maintenanceFrequencyId,
  );

/**
 * "Default reminders for new clients" on Manage Account (docs/decisions/060): the tasks a new
 * client starts with, each with how often it is sent; the set-up form and the bulk upload use them.
 */
export function DefaultRemindersCard({ tenantId }: { tenantId: string }) {
  const saved = useDefaultReminders(tenantId);
  if (saved.isPending) {
    return (
      <SectionCard title="Default reminders for new clients">
        <Stack gap="xs" aria-busy="true">
          {[1, 2, 3].map((row) => (
            <Skeleton key={row} h={44} />
          ))}
        </Stack>
      </SectionCard>
    );
  }
  if (saved.isError)
    return <ServerErrorAlert error={saved.error} title="The default reminders could not be loaded" />;
  return <DefaultRemindersEditor tenantId={tenantId} savedItems={saved.data.items} />;
}

function DefaultRemindersEditor({
  tenantId,
  savedItems,
}: {
  tenantId: string;
  savedItems: readonly DefaultReminder[];
}) {
  const catalogue = useCatalogueForDefaults();
  const frequencies = useFrequenciesForDefaults();
  const save = useSaveDefaultReminders(tenantId);
  const savedChoices = useMemo(() => choicesOf(savedItems), [savedItems]);
  const [choices, setChoices] = useState<Choice[]>(savedChoices);
  const [savedCount, setSavedCount] = useState<number | null>(null);
  const changed = !sameChoices(choices, savedChoices);

  // Names come from the catalogue, and from the saved set for a task the catalogue no longer lists.
  const nameOf = useMemo(() => {
    const names = new Map(savedItems.map((item) => [item.reminderId, item.name]));
    for (const item of catalogue.data?.items ?? []) names.set(item.id, item.name);
    return (id: string) => names.get(id) ?? 'Reminder';
  }, [catalogue.data, savedItems]);
  const chosenIds = new Set(choices.map((choice) => choice.reminderId));
  const addOptions = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const item of catalogue.data?.items ?? []) {
      if (chosenIds.has(item.id)) continue;
      const group = groups.get(item.category) ?? [];
      group.push({ value: item.id, label: item.name });
      groups.set(item.category, group);
    }
    return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, items]) => ({ group, items }));
    // chosenIds is rebuilt from `choices` on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalogue.data, choices]);
  const frequencyOptions = (frequencies.data ?? []).map((frequency) => ({
    value: String(frequency.id),
    label: frequency.name,
  }));

  function update(next: Choice[]) {
    setChoices(next);
    setSavedCount(null);
    save.reset();
  }

  function add(reminderId: string | null) {
    const reminder = catalogue.data?.items.find((item) => item.id === reminderId);
    if (!reminder) return;
    update([
      ...choices,
      { reminderId: reminder.id, maintenanceFrequencyId: String(reminder.defaultFrequencyId) },
    ]);
  }

  async function submit() {
    const result = await save.mutateAsync({
      items: choices.map((choice) => ({
        reminderId: choice.reminderId,
        maintenanceFrequencyId: Number(choice.maintenanceFrequencyId),
      })),
    });
    setChoices(choicesOf(result.items));
    setSavedCount(result.items.length);
  }

  const full = choices.length >= maxDefaultReminders;
  return (
    <Box component="section" aria-label="Default reminders for new clients">
      <SectionCard title="Default reminders for new clients">
        <Text size="sm" c="dimmed">
          A new client starts with these reminders chosen; you can still change them for each client. Clients
          uploaded from a file whose rows name no reminders get them too.
        </Text>
        <CatalogueSearch
          label="Add a task"
          catalogue={catalogue}
          data={addOptions}
          onChange={add}
          disabled={full}
          description={full ? defaultReminderMessages.tooMany(maxDefaultReminders) : undefined}
          nothingFoundMessage="No task matches"
        />
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No default reminders: new clients start with none.
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Default reminders">
            {choices.map((choice, index) => {
              const name = nameOf(choice.reminderId);
              return (
                <Paper key={choice.reminderId} withBorder p="xs" role="listitem" aria-label={name}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text fw={600} size="sm" style={{ flex: 1, minWidth: 0 }}>
                      {name}
                    </Text>
                    <Select
                      aria-label={`How often: ${name}`}
                      data={frequencyOptions}
                      value={choice.maintenanceFrequencyId}
                      onChange={(value) =>
                        value &&
                        update(
                          choices.map((other, at) =>
                            at === index ? { ...other, maintenanceFrequencyId: value } : other,
                          ),
                        )
                      }
                      allowDeselect={false}
                      w={{ base: 128, xs: 150 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove ${name}`}
                      onClick={() => update(choices.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        {save.isError ? (
          <ServerErrorAlert error={save.error} title="The default reminders were not saved" />
        ) : null}
        {savedCount !== null && !changed ? (
          <Alert color="teal" role="status">
            {defaultReminderMessages.saved(savedCount)}
          </Alert>
        ) : null}
        <Group>
          <Button
            onClick={() => void submit().catch(() => undefined)}
            loading={save.isPending}
            disabled={!changed}
          >
            Save default reminders
          </Button>
          {changed ? (
            <Button variant="default" onClick={() => update(savedChoices)} disabled={save.isPending}>
              Undo changes
            </Button>
          ) : null}
        </Group>
      </SectionCard>
    </Box>
  );
}
