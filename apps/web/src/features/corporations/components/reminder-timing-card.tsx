import { Skeleton, Text } from '@mantine/core';
import { leadDayLabels, reminderTimingWords } from '@homeminder/shared/reminder-timing';
import { ReminderTimingChoice } from '../../../components/reminder-timing-choice';
import { SectionCard } from '../../../components/section-card';
import { ServerErrorAlert } from '../../../components/form/server-error-alert';
import { useReminderTimingDefault, useSetReminderTimingDefault } from '../default-reminders-api';

/** When new clients' homes get their reminders (docs/decisions/102): the corporation's default. */
export function ReminderTimingCard({ tenantId, canManage }: { tenantId: string; canManage: boolean }) {
  const timing = useReminderTimingDefault(tenantId);
  const change = useSetReminderTimingDefault(tenantId);
  return (
    <SectionCard title="When reminders are sent">
      {timing.isError ? (
        <ServerErrorAlert error={timing.error} title="When reminders are sent could not be loaded" />
      ) : !timing.isSuccess ? (
        <Skeleton height={160} />
      ) : canManage ? (
        <ReminderTimingChoice
          leadDays={timing.data.leadDays}
          legend={reminderTimingWords.defaultLegend}
          description={reminderTimingWords.defaultDescription}
          change={change}
        />
      ) : (
        <Text size="sm">
          {reminderTimingWords.defaultLegend}: {leadDayLabels[timing.data.leadDays].toLowerCase()}.
        </Text>
      )}
    </SectionCard>
  );
}
