import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatNumber } from '@homeminder/shared/format';
import { doneOnTimeDays, doneOnTimeText, engagementLabels } from '@homeminder/shared/engagement-words';
import type { Engagement } from '@homeminder/shared/contracts/mail';
import { QueryCard } from '../../components/query-card';
import { RealtorSelect } from '../../components/realtor-select';
import { useHomeRealtor, useReminderActivity } from '../../lib/reminder-activity';
import { useRealtors } from './api';

/** The realtors a manager may narrow Home's figures to. */
function RealtorFilter() {
  const { realtorId, choose } = useHomeRealtor();
  const realtors = useRealtors();
  return (
    <RealtorSelect
      realtors={realtors.data}
      value={realtorId}
      onChange={choose}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

function Figure({
  label,
  value,
  hint,
  colour,
}: {
  label: string;
  value: string;
  hint: string;
  colour: string;
}) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} c={colour}>
        {value}
      </Text>
      <Text size="xs" c="gray.7">
        {hint}
      </Text>
    </Paper>
  );
}

const replyFigures = [
  { key: 'done', colour: 'teal.8' },
  { key: 'later', colour: 'yellow.9' },
  { key: 'help', colour: 'red.8' },
] as const;

/** The 12 months' totals as five figures, the share done on time last. */
function EngagementTotals({ totals }: { totals: Engagement['totals'] }) {
  const replied = (count: number) =>
    totals.sent === 0 ? 'answers' : `${Math.round((count / totals.sent) * 100)}% of reminders sent`;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <Figure
        label={engagementLabels.sent}
        value={formatNumber(totals.sent)}
        hint="by email"
        colour="blue.8"
      />
      {replyFigures.map(({ key, colour }) => (
        <Figure
          key={key}
          label={engagementLabels[key]}
          value={formatNumber(totals[key])}
          hint={replied(totals[key])}
          colour={colour}
        />
      ))}
      <Figure
        label={engagementLabels.doneOnTime}
        value={doneOnTimeText(totals)}
        hint={
          totals.occurrences === 0
            ? `None due more than ${doneOnTimeDays} days ago yet`
            : `of ${formatCount(totals.occurrences, 'reminder')} due`
        }
        colour="grape.8"
      />
    </SimpleGrid>
  );
}

/**
 * Home's engagement figures (docs/decisions/064): over the last 12 months, reminders sent and what
 * clients replied, and the share done within 30 days of the due date. A manager or administrator
 * may narrow them, and the reminder activity below, to one realtor's clients.
 */
export function EngagementFigures() {
  const { corporationWide } = useHomeRealtor();
  const activity = useReminderActivity();
  return (
    <QueryCard
      titleId="engagement-title"
      title="Client engagement, last 12 months"
      control={corporationWide ? <RealtorFilter /> : null}
      align="flex-end"
      query={activity}
      loadingHeight={96}
      errorTitle="The engagement figures could not be loaded"
    >
      {(data) => <EngagementTotals totals={data.engagement.totals} />}
    </QueryCard>
  );
}
