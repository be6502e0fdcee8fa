import { Badge, Group, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCalendarTime, IconCircleCheck, IconLifebuoy } from '@tabler/icons-react';
import { answerKindLabels, type AnswerKind, type ClientAnswer } from '@homeminder/shared/contracts/answers';
import { formatDueDate } from '@homeminder/shared/due-date';
import { LoadError } from '../../../components/errors/load-error';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { useClientActivity } from '../api';

const kindLook: Record<AnswerKind, { colour: string; icon: typeof IconCircleCheck }> = {
  done: { colour: 'teal', icon: IconCircleCheck },
  later: { colour: 'yellow', icon: IconCalendarTime },
  help: { colour: 'red', icon: IconLifebuoy },
};

/** What an answer did, in the corporation's zone: the day done, or the date the reminder moved to. */
function outcome(item: ClientAnswer, timeZone: string): string | null {
  if (item.kind === 'done' && item.doneOn)
    return `done on ${formatDueDate(`${item.doneOn}T12:00:00Z`, 'UTC')}`;
  if (item.kind === 'later' && item.movedTo) return `moved to ${formatDueDate(item.movedTo, timeZone)}`;
  return null;
}

/**
 * The client's answers to their reminders, newest first: what they marked done, put off or asked
 * help with from a reminder email (docs/decisions/061).
 */
export function ClientActivity({ clientId }: { clientId: string }) {
  const activity = useClientActivity(clientId);
  const timeZone = useCorporationTimeZone();
  const heading = (
    <Title order={3} size="h5" id="client-activity-title">
      Activity
    </Title>
  );
  if (activity.isError) {
    return (
      <LoadError title="The activity could not be loaded" error={activity.error} onRetry={activity.refetch} />
    );
  }
  if (activity.isPending || !timeZone) {
    return (
      <Stack gap="xs" aria-busy="true" aria-labelledby="client-activity-title">
        {heading}
        <Skeleton h={48} />
      </Stack>
    );
  }
  const { items } = activity.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-activity-title">
      <Stack gap="sm">
        {heading}
        {items.length === 0 ? (
          <Text size="sm" c="gray.7">
            No answers yet. When the client marks a reminder done, puts it off or asks for help from a
            reminder email, it shows here.
          </Text>
        ) : (
          // Every item active, so each bullet wears its kind's colour.
          <Timeline bulletSize={24} lineWidth={2} active={items.length - 1}>
            {items.map((item) => {
              const look = kindLook[item.kind];
              const Icon = look.icon;
              const result = outcome(item, timeZone);
              return (
                <Timeline.Item
                  key={item.id}
                  color={look.colour}
                  bullet={<Icon size={14} aria-hidden />}
                  title={
                    <Group gap="xs" wrap="wrap">
                      <Badge color={look.colour} variant="light" autoContrast>
                        {answerKindLabels[item.kind]}
                      </Badge>
                      <Text size="sm" fw={600}>
                        {item.task}
                      </Text>
                    </Group>
                  }
                >
                  <Text size="xs" c="gray.7">
                    Answered {formatDueDate(item.createdAt, timeZone)} · due{' '}
                    {formatDueDate(item.dueAt, timeZone)}
                    {result ? ` · ${result}` : ''}
                  </Text>
                  {item.note ? (
                    <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                      “{item.note}”
                    </Text>
                  ) : null}
                  {item.handledAt ? (
                    <Text size="sm" mt={4} c="teal.9" style={{ overflowWrap: 'anywhere' }}>
                      Handled by {item.handledByName ?? 'staff'} on {formatDueDate(item.handledAt, timeZone)}
                      {item.handledNote ? `: “${item.handledNote}”` : ''}
                    </Text>
                  ) : item.kind === 'help' ? (
                    <Text size="xs" mt={4} c="red.8">
                      Not handled yet
                    </Text>
                  ) : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
