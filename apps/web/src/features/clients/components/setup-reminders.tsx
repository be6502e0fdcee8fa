import { useMemo } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { ActionIcon, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import type { ClientSetup, PropertyDetail } from '@homeminder/shared/contracts/clients';
import { formatDueDate } from '@homeminder/shared/due-date';
import { errorMessageOf } from '../../../lib/api-error';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { useFrequencies, useReminderCatalogue } from '../api';
import { expectedDueDate, keepsSavedDate, type SetupFormValues } from '../setup-values';
import { lastDoneOptions, neverDoneLabel } from '@homeminder/shared/season-schedule';
import { seasonApplies, seasonLabel } from '@homeminder/shared/seasons';
import { stateNameOf } from '@homeminder/shared/us-states';
import { everyWordFilter } from '../../../components/form/every-word-filter';

/** The choice of "Never / not sure", sent as no month at all. */
const neverDone = 'never';

/**
 * The set-up form's reminders: the catalogue to add from, grouped by category and without those
 * already chosen, and each chosen one with how often it comes and when it is next due.
 */
export function SetupReminders({
  form,
  savedProperty,
  today,
}: {
  form: UseFormReturn<SetupFormValues, unknown, ClientSetup>;
  /** The property as saved, whose reminders' dates the next ones follow on from. */
  savedProperty: PropertyDetail | undefined;
  today: Date;
}) {
  const catalogue = useReminderCatalogue();
  const frequencies = useFrequencies();
  const timeZone = useCorporationTimeZone();
  const { errors } = form.formState;
  const subscriptions = useFieldArray({ control: form.control, name: 'subscriptions' });
  const chosen = useWatch({ control: form.control, name: 'subscriptions' });
  const state = useWatch({ control: form.control, name: 'property.state' }) ?? '';
  const lastDoneChoices = useMemo(
    () => [
      { value: neverDone, label: neverDoneLabel },
      ...(timeZone ? lastDoneOptions(today, timeZone) : []),
    ],
    [today, timeZone],
  );

  const reminderById = useMemo(
    () => new Map((catalogue.data?.items ?? []).map((item) => [item.id, item])),
    [catalogue.data],
  );
  const frequencyOptions = (frequencies.data ?? []).map((frequency) => ({
    value: String(frequency.id),
    label: frequency.name,
  }));
  const chosenIds = new Set((chosen ?? []).map((item) => item.reminderID));
  const reminderOptions = useMemo(() => {
    const groups = new Map<string, Array<{ value: string; label: string }>>();
    for (const item of catalogue.data?.items ?? []) {
      if (chosenIds.has(item.id)) continue;
      const group = groups.get(item.category) ?? [];
      group.push({
        value: item.id,
        label: item.season ? `${item.name} (${seasonLabel(item.season)})` : item.name,
      });
      groups.set(item.category, group);
    }
    return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, items]) => ({ group, items }));
    // chosenIds is rebuilt from `chosen` on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalogue.data, chosen]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h5">
          Reminders
        </Title>
        <Text size="sm" c="dimmed">
          {subscriptions.fields.length} chosen
        </Text>
      </Group>
      <Select
        label="Add a reminder"
        placeholder={catalogue.isPending ? 'Loading the catalogue…' : 'Search the catalogue'}
        leftSection={<IconSearch size={16} aria-hidden />}
        data={reminderOptions}
        searchable
        filter={everyWordFilter}
        value={null}
        onChange={(value) => {
          const reminder = value ? reminderById.get(value) : undefined;
          if (reminder)
            subscriptions.append({
              reminderID: reminder.id,
              maintenanceFrequencyID: String(reminder.defaultFrequencyId),
              lastDoneOn: '',
            });
        }}
        nothingFoundMessage="No reminder matches"
        error={catalogue.isError ? errorMessageOf(catalogue.error) : undefined}
        comboboxProps={{ zIndex: 1000 }}
      />
      {subscriptions.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reminders yet. Pick the tasks this home needs, such as replacing the HVAC filter.
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Chosen reminders">
          {subscriptions.fields.map((field, index) => {
            const reminder = reminderById.get(field.reminderID);
            const name = reminder?.name ?? 'Reminder';
            const choice = chosen?.[index];
            const season = reminder?.season ?? null;
            const applies = seasonApplies(season, state);
            const due =
              choice && timeZone
                ? expectedDueDate(choice, savedProperty, frequencies.data ?? [], today, timeZone, {
                    season,
                    state,
                  })
                : null;
            // "Last done" sets where a new schedule starts; a saved one keeps its dates.
            const asksLastDone = Boolean(choice) && !keepsSavedDate(choice!, savedProperty);
            const itemErrors = errors.subscriptions?.[index];
            return (
              <Paper key={field.id} withBorder p="sm" role="listitem" aria-label={name}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {reminder?.category}
                      {season ? ` · ${seasonLabel(season)}` : ''}
                      {due && timeZone ? ` · first due ${formatDueDate(due, timeZone)}` : ''}
                    </Text>
                    {applies ? null : (
                      <Text size="xs" c="red.9">
                        Not sent to a property in {stateNameOf(state)}: its season does not happen there.
                      </Text>
                    )}
                    {asksLastDone && applies ? (
                      <Controller
                        control={form.control}
                        name={`subscriptions.${index}.lastDoneOn`}
                        render={({ field: lastDone }) => (
                          <Select
                            label="Last done"
                            aria-label={`Last done: ${name}`}
                            size="xs"
                            data={lastDoneChoices}
                            value={lastDone.value || neverDone}
                            onChange={(value) => lastDone.onChange(value === neverDone ? '' : (value ?? ''))}
                            onBlur={lastDone.onBlur}
                            searchable
                            allowDeselect={false}
                            w={180}
                            error={itemErrors?.lastDoneOn?.message}
                            comboboxProps={{ zIndex: 1000 }}
                          />
                        )}
                      />
                    ) : null}
                    {itemErrors?.reminderID?.message ? (
                      <Text size="xs" c="red.9">
                        {itemErrors.reminderID.message}
                      </Text>
                    ) : null}
                  </Stack>
                  <Controller
                    control={form.control}
                    name={`subscriptions.${index}.maintenanceFrequencyID`}
                    render={({ field: frequency }) => (
                      <Select
                        aria-label={`How often: ${name}`}
                        data={frequencyOptions}
                        value={frequency.value || null}
                        onChange={(value) => frequency.onChange(value ?? '')}
                        onBlur={frequency.onBlur}
                        allowDeselect={false}
                        w={{ base: 128, xs: 150 }}
                        error={itemErrors?.maintenanceFrequencyID?.message}
                        comboboxProps={{ zIndex: 1000 }}
                      />
                    )}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove ${name}`}
                    onClick={() => subscriptions.remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {errors.subscriptions?.message || errors.subscriptions?.root?.message ? (
        <Text size="sm" c="red.9">
          {errors.subscriptions.message ?? errors.subscriptions.root?.message}
        </Text>
      ) : null}
    </Stack>
  );
}
