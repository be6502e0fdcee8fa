import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconRepeat } from '@tabler/icons-react';
import type { HomeownerReminder } from '@homeminder/shared/contracts/homeowner';
import { formatDueDateInWords } from '@homeminder/shared/due-date';

export interface ReminderListProps {
  reminders: HomeownerReminder[];
  /** The corporation's zone: every date reads in it (docs/decisions/052). */
  timeZone: string;
  /** What the homeowner may do about one reminder, shown under it (replies, when there are). */
  renderActions?: (reminder: HomeownerReminder) => ReactNode;
}

/** One coming reminder: when, what, how to do it, and how often. */
export function ReminderItem({
  reminder,
  timeZone,
  actions,
}: {
  reminder: HomeownerReminder;
  timeZone: string;
  actions?: ReactNode;
}) {
  const headingId = `reminder-${reminder.id}`;
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      aria-labelledby={headingId}
      style={{ listStyle: 'none' }}
    >
      <Stack gap={6}>
        <Group gap={6} c="blue.9">
          <IconCalendarEvent size={18} aria-hidden />
          <Text fw={600} size="sm">
            {formatDueDateInWords(reminder.nextDueAt, timeZone)}
          </Text>
          {reminder.on ? null : (
            <Badge color="gray" variant="light">
              Turned off
            </Badge>
          )}
        </Group>
        <Title order={4} id={headingId} size="h5">
          {reminder.task}
        </Title>
        <Text size="sm">{reminder.howTo}</Text>
        <Group gap={6} c="gray.7">
          <IconRepeat size={16} aria-hidden />
          <Text size="sm">{reminder.frequency}</Text>
        </Group>
        {actions}
      </Stack>
    </Paper>
  );
}

/** A home's coming reminders, soonest first. */
export function ReminderList({ reminders, timeZone, renderActions }: ReminderListProps) {
  if (reminders.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        This home has no reminders yet. Ask your realtor to add the ones you would like.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" p={0} m={0}>
      {reminders.map((reminder) => (
        <ReminderItem
          key={reminder.id}
          reminder={reminder}
          timeZone={timeZone}
          actions={renderActions?.(reminder)}
        />
      ))}
    </Stack>
  );
}
