import { Skeleton, Stack, Text } from '@mantine/core';
import { emailCadenceLabels, emailCadenceWords } from '@homeminder/shared/email-cadence';
import { leadDayLabels, reminderTimingWords } from '@homeminder/shared/reminder-timing';
import { EmailCadenceChoice, LeadDaysChoice } from '../../../components/reminder-choices';
import { SectionCard } from '../../../components/section-card';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import {
  useReminderTimingDefault,
  useSetEmailCadenceDefault,
  useSetReminderTimingDefault,
} from '../default-reminders-api';

/**
 * When new clients' homes get their reminders (docs/decisions/102) and how often new clients are
 * emailed (docs/decisions/103): the corporation's defaults, each saved on its own.
 */
export function ReminderTimingCard({ tenantId, canManage }: { tenantId: string; canManage: boolean }) {
  const timing = useReminderTimingDefault(tenantId);
  const changeTiming = useSetReminderTimingDefault(tenantId);
  const changeCadence = useSetEmailCadenceDefault(tenantId);
  return (
    <SectionCard title="When and how often reminders are sent">
      {timing.isError ? (
        <ServerErrorAlert
          error={timing.error}
          title="When and how often reminders are sent could not be loaded"
        />
      ) : !timing.isSuccess ? (
        <Skeleton height={160} />
      ) : canManage ? (
        <Stack gap="lg">
          <LeadDaysChoice
            leadDays={timing.data.leadDays}
            legend={reminderTimingWords.defaultLegend}
            description={reminderTimingWords.defaultDescription}
            change={changeTiming}
          />
          <EmailCadenceChoice
            emailCadence={timing.data.emailCadence}
            legend={emailCadenceWords.defaultLegend}
            description={emailCadenceWords.defaultDescription}
            change={changeCadence}
          />
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {reminderTimingWords.defaultLegend}: {leadDayLabels[timing.data.leadDays].toLowerCase()}.
          </Text>
          <Text size="sm">
            {emailCadenceWords.defaultLegend}: {emailCadenceLabels[timing.data.emailCadence].toLowerCase()}.
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
