import '@mantine/core/styles/Timeline.css';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import {
  IconBellRinging,
  IconCalendarTime,
  IconCircleCheck,
  IconLifebuoy,
  IconMailForward,
  IconMailOff,
  IconMailCheck,
  IconClipboardList,
  IconHomeDown,
  IconHomeShare,
  IconListCheck,
  IconNotebook,
  IconPencil,
  IconTool,
  IconUserCheck,
  IconUserPlus,
} from '@tabler/icons-react';
import {
  timelineActorText,
  timelineEventLabels,
  type ClientTimelineEvent,
  type TimelineEventKind,
} from '@homeminder/shared/contracts/replies';
import { formatDueDate } from '@homeminder/shared/due-date';
import { formatDateTime } from '@homeminder/shared/format';
import { LoadError } from '../../../components/errors/load-error';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { useClientActivity } from '../api';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { ChangeList } from '../../../components/change-list';

const kindLook: Record<TimelineEventKind, { colour: string; icon: typeof IconCircleCheck }> = {
  'reminder-sent': { colour: 'blue', icon: IconBellRinging },
  done: { colour: 'teal', icon: IconCircleCheck },
  later: { colour: 'yellow', icon: IconCalendarTime },
  help: { colour: 'red', icon: IconLifebuoy },
  'help-handled': { colour: 'grape', icon: IconUserCheck },
  unsubscribed: { colour: 'orange', icon: IconMailOff },
  resubscribed: { colour: 'cyan', icon: IconMailCheck },
  invited: { colour: 'indigo', icon: IconMailForward },
  registered: { colour: 'green', icon: IconUserPlus },
  changed: { colour: 'gray', icon: IconPencil },
  'profile-changed': { colour: 'gray', icon: IconClipboardList },
  'system-added': { colour: 'gray', icon: IconTool },
  'system-changed': { colour: 'gray', icon: IconTool },
  'system-removed': { colour: 'gray', icon: IconTool },
  'plan-changed': { colour: 'teal', icon: IconListCheck },
  'work-recorded': { colour: 'teal', icon: IconNotebook },
  'work-changed': { colour: 'gray', icon: IconNotebook },
  'work-removed': { colour: 'gray', icon: IconNotebook },
  'sale-marked': { colour: 'violet', icon: IconHomeShare },
  'sale-changed': { colour: 'gray', icon: IconHomeShare },
  'sale-undone': { colour: 'gray', icon: IconHomeShare },
  sold: { colour: 'violet', icon: IconHomeShare },
  bought: { colour: 'green', icon: IconHomeDown },
};

/** What an event is about, in the corporation's zone: the due date, the day done, the date moved to. */
function details(item: ClientTimelineEvent, timeZone: string): string[] {
  const parts: string[] = [];
  if (item.dueAt) parts.push(`due ${formatDueDate(item.dueAt, timeZone)}`);
  if (item.kind === 'done' && item.doneOn)
    parts.push(`done on ${formatDueDate(`${item.doneOn}T12:00:00Z`, 'UTC')}`);
  if (item.kind === 'later' && item.movedTo) parts.push(`moved to ${formatDueDate(item.movedTo, timeZone)}`);
  return parts;
}

function TimelineEntry({ item, timeZone }: { item: ClientTimelineEvent; timeZone: string }) {
  const about = details(item, timeZone);
  return (
    <>
      <Text size="xs" c="gray.7">
        <time dateTime={item.at}>{formatDateTime(item.at, timeZone)}</time> · {timelineActorText(item.actor)}
      </Text>
      {about.length > 0 || item.propertyAddress ? (
        <Text size="xs" c="gray.7">
          {[item.propertyAddress, ...about].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
      <ChangeList changes={item.changes} />
      {item.note ? (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          “{item.note}”
        </Text>
      ) : null}
    </>
  );
}

/**
 * The client's timeline, newest first (docs/decisions/064): the reminders sent to them, what they
 * marked done, put off or asked help with, help handled, unsubscribing and subscribing again, and
 * their invitation; each with who did it and when, in the corporation's zone.
 */
export function ClientActivity({ clientId }: { clientId: string }) {
  const activity = useClientActivity(clientId);
  const timeZone = useCorporationTimeZone();
  const heading = (
    <Title order={3} size="h5" id="client-activity-title">
      Activity
    </Title>
  );
  if (activity.isError && !activity.data) {
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
  const items = activity.data.pages.flatMap((page) => page.items);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="client-activity-title">
      <Stack gap="sm">
        {heading}
        <TimeZoneNote timeZone={timeZone} />
        {items.length === 0 ? (
          <Text size="sm" c="gray.7">
            Nothing yet. Reminders sent, the client's answers (done, put off, help asked), unsubscribing,
            invitations and changes to their details show here.
          </Text>
        ) : (
          // Every item active, so each bullet wears its kind's colour.
          <Timeline bulletSize={24} lineWidth={2} active={items.length - 1}>
            {items.map((item) => {
              const look = kindLook[item.kind];
              const Icon = look.icon;
              return (
                <Timeline.Item
                  key={item.id}
                  color={look.colour}
                  bullet={<Icon size={14} aria-hidden />}
                  title={
                    <Group gap="xs" wrap="wrap">
                      <Badge color={look.colour} variant="light" autoContrast>
                        {timelineEventLabels[item.kind]}
                      </Badge>
                      {item.task ? (
                        <Text size="sm" fw={600}>
                          {item.task}
                        </Text>
                      ) : null}
                    </Group>
                  }
                >
                  <TimelineEntry item={item} timeZone={timeZone} />
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
        {activity.isFetchNextPageError ? (
          <Text size="sm" c="red.8" role="alert">
            The older activity could not be loaded. Try again.
          </Text>
        ) : null}
        {activity.hasNextPage ? (
          <Button
            variant="subtle"
            size="xs"
            w="fit-content"
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            Show older activity
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
