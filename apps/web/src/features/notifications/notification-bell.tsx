import '@mantine/core/styles/Indicator.css';
import { ActionIcon, Alert, Button, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ActiveNotification } from '@homeminder/shared/contracts/notifications';
import { useActiveNotifications, useDismissNotification } from './api';

const colors: Record<ActiveNotification['severity'], string> = {
  info: 'blue',
  warning: 'yellow',
  critical: 'red',
};

/** The bell in the header: the operator's active messages, each dismissable by this user. */
export function NotificationBell() {
  const active = useActiveNotifications(true);
  const dismiss = useDismissNotification();
  const items = active.data ?? [];
  const label = items.length === 0 ? 'Notifications: none' : `Notifications: ${items.length} new`;

  const bell = (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
      <IconBell size={22} aria-hidden />
    </ActionIcon>
  );
  return (
    // The indicator wraps the popover, so the button itself carries the popover's ARIA attributes.
    <Indicator label={items.length} size={16} disabled={items.length === 0} color="red" offset={4}>
      <Popover position="bottom-end" width={340} shadow="md" withArrow>
        <Popover.Target>{bell}</Popover.Target>
        <Popover.Dropdown>
          {items.length === 0 ? (
            <Text size="sm" c="gray.7">
              No new messages.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={380}>
              {/* A long address or word in a message wraps instead of widening the list. */}
              <Stack gap="sm" style={{ overflowWrap: 'anywhere' }}>
                {items.map((item) => (
                  <Alert key={item.id} color={colors[item.severity]} title={item.title} variant="light">
                    <Stack gap={6} align="flex-start">
                      <Text size="sm">{item.body}</Text>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => dismiss.mutate(item.id)}
                        loading={dismiss.isPending && dismiss.variables === item.id}
                      >
                        Dismiss
                      </Button>
                    </Stack>
                  </Alert>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
