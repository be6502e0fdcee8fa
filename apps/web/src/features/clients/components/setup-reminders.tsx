import { memo, useMemo } from 'react';
import { useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ClientSetup, PropertyDetail } from '@homeminder/shared/contracts/clients';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { useFrequencies, useReminderCatalogue } from '../api';
import type { SetupFormValues } from '../setup-values';
import { lastDoneOptions, neverDoneLabel } from '@homeminder/shared/season-schedule';
import { seasonLabel } from '@homeminder/shared/seasons';
import { CatalogueSearch } from '../../../components/form/catalogue-search';
import { ChosenReminder, neverDone } from './chosen-reminder';

/**
 * The set-up form's reminders: the catalogue to add from, grouped by category and without those
 * already chosen, and each chosen one with how often it comes and when it is next due. Memoised,
 * as each chosen reminder is, so that typing in the client's fields renders none of them again.
 */
export const SetupReminders = memo(function SetupReminders({
  control,
  savedProperty,
  today,
}: {
  control: Control<SetupFormValues, unknown, ClientSetup>;
  /** The property as saved, whose reminders' dates the next ones follow on from. */
  savedProperty: PropertyDetail | undefined;
  today: Date;
}) {
  const catalogue = useReminderCatalogue();
  const frequencies = useFrequencies();
  const timeZone = useCorporationTimeZone();
  const { errors } = useFormState({ control, name: 'subscriptions' });
  const subscriptions = useFieldArray({ control, name: 'subscriptions' });
  const chosen = useWatch({ control, name: 'subscriptions' });
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
  const frequencyOptions = useMemo(
    () =>
      (frequencies.data ?? []).map((frequency) => ({
        value: String(frequency.id),
        label: frequency.name,
      })),
    [frequencies.data],
  );
  const reminderOptions = useMemo(() => {
    const chosenIds = new Set((chosen ?? []).map((item) => item.reminderID));
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
      <CatalogueSearch
        label="Add a reminder"
        catalogue={catalogue}
        data={reminderOptions}
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
        comboboxProps={{ zIndex: 1000 }}
      />
      {subscriptions.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reminders yet. Pick the tasks this home needs, such as replacing the HVAC filter.
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Chosen reminders">
          {subscriptions.fields.map((field, index) => (
            <ChosenReminder
              key={field.id}
              control={control}
              index={index}
              reminder={reminderById.get(field.reminderID)}
              savedProperty={savedProperty}
              frequencies={frequencies.data ?? noFrequencies}
              frequencyOptions={frequencyOptions}
              lastDoneChoices={lastDoneChoices}
              today={today}
              timeZone={timeZone}
              onRemove={subscriptions.remove}
            />
          ))}
        </Stack>
      )}
      {errors.subscriptions?.message || errors.subscriptions?.root?.message ? (
        <Text size="sm" c="red.9">
          {errors.subscriptions.message ?? errors.subscriptions.root?.message}
        </Text>
      ) : null}
    </Stack>
  );
});

const noFrequencies: never[] = [];
