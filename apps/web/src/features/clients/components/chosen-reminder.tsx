import '@mantine/core/styles/Combobox.css';
import { memo } from 'react';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import { ActionIcon, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  subscriptionFields,
  type ClientSetup,
  type MaintenanceFrequency,
  type PropertyDetail,
  type Reminder,
} from '@homeminder/shared/contracts/clients';
import { formatDueDate } from '@homeminder/shared/due-date';
import { seasonLabel } from '@homeminder/shared/seasons';
import { placeName, seasonApplies } from '@homeminder/shared/climate';
import { expectedDueDate, keepsSavedDate, type SetupFormValues } from '../setup-values';

/** The choice of "Never / not sure", sent as no month at all. */
export const neverDone = 'never';

type Options = ReadonlyArray<{ value: string; label: string }>;

export interface ChosenReminderProps {
  control: Control<SetupFormValues, unknown, ClientSetup>;
  index: number;
  reminder: Reminder | undefined;
  savedProperty: PropertyDetail | undefined;
  frequencies: readonly MaintenanceFrequency[];
  frequencyOptions: Options;
  lastDoneChoices: Options;
  today: Date;
  timeZone: string | undefined;
  onRemove: (index: number) => void;
}

/**
 * One chosen reminder: how often it comes, when it was last done and when it is first due. Memoised
 * and subscribed to its own values only, so typing elsewhere in the form leaves it alone.
 */
export const ChosenReminder = memo(function ChosenReminder({
  control,
  index,
  reminder,
  savedProperty,
  frequencies,
  frequencyOptions,
  lastDoneChoices,
  today,
  timeZone,
  onRemove,
}: ChosenReminderProps) {
  const choice = useWatch({ control, name: `subscriptions.${index}` });
  const state = useWatch({ control, name: 'property.state' }) ?? '';
  const zip = useWatch({ control, name: 'property.zip' }) ?? '';
  const { errors } = useFormState({ control, name: `subscriptions.${index}` });
  const itemErrors = errors.subscriptions?.[index];
  const name = reminder?.name ?? 'Reminder';
  const season = reminder?.season ?? null;
  const applies = seasonApplies(season, { state, zip });
  const due =
    choice && timeZone
      ? expectedDueDate(choice, savedProperty, frequencies, today, timeZone, {
          season,
          place: { state, zip },
        })
      : null;
  // "Last done" sets where a new schedule starts; a saved one keeps its dates.
  const asksLastDone = Boolean(choice) && !keepsSavedDate(choice, savedProperty);

  return (
    <Paper withBorder p="sm" role="listitem" aria-label={name}>
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
              Not sent to a property in {placeName({ state, zip })}: its season does not happen there.
            </Text>
          )}
          {asksLastDone && applies ? (
            <Controller
              control={control}
              name={`subscriptions.${index}.lastDoneOn`}
              render={({ field: lastDone }) => (
                <Select
                  label={subscriptionFields.lastDoneOn.label}
                  aria-label={`${subscriptionFields.lastDoneOn.label}: ${name}`}
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
          control={control}
          name={`subscriptions.${index}.maintenanceFrequencyID`}
          render={({ field: frequency }) => (
            <Select
              aria-label={`${subscriptionFields.maintenanceFrequencyID.label}: ${name}`}
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
          onClick={() => onRemove(index)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
});
