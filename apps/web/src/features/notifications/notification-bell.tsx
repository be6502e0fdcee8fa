import '@mantine/core/styles/Indicator.css';
import { ActionIcon, Alert, Button, Indicator, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ActiveNotification } from '@homeminder/shared/contracts/notifications';
import { HeaderPopover } from '../../components/header-popover';
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

  return (
    <Indicator label={items.length} size={16} disabled={items.length === 0} color="red" offset={4}>
      <HeaderPopover
        width={340}
        role="dialog"
        label="Notifications"
        target={(props) => (
          <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label={label}>
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        )}
      >
        {items.length === 0 ? (
          <Text size="sm" c="gray.7" p={6}>
            No new messages.
          </Text>
        ) : (
          <Stack gap="sm">
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
        )}
      </HeaderPopover>
    </Indicator>
  );
}
