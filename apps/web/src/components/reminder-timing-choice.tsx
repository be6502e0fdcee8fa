import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import { Radio, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { leadDayChoices, leadDayLabels, type LeadDays } from '@homeminder/shared/reminder-timing';
import { ServerErrorAlert } from './form/server-error-alert';

/**
 * When a home's reminders come: on the due day or days before (docs/decisions/102), saved as soon
 * as it is chosen, for the homeowner on My home and for staff in the client's details.
 */
export function ReminderTimingChoice({
  leadDays,
  legend,
  description,
  change,
}: {
  leadDays: LeadDays;
  legend: string;
  description?: string;
  change: UseMutationResult<{ message: string }, Error, LeadDays>;
}) {
  const shown = change.isPending ? change.variables : leadDays;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={legend}
        description={description}
        value={String(shown)}
        onChange={(value) =>
          change.mutate(Number(value) as LeadDays, {
            onSuccess: (response) =>
              notifications.show({ color: 'teal', message: response.message, autoClose: 6000 }),
          })
        }
      >
        <Stack gap={10} mt={8}>
          {leadDayChoices.map((days) => (
            <Radio
              key={days}
              value={String(days)}
              label={leadDayLabels[days]}
              size="md"
              disabled={change.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
      <ServerErrorAlert error={change.error} title="When reminders are sent was not changed" />
    </Stack>
  );
}
