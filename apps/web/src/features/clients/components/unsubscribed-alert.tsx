import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellOff, IconPlayerPlay } from '@tabler/icons-react';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { useRestartReminders } from '../api';
import { restartQuestion, unsubscribedHeadline } from '../unsubscribed';

/** The client stopped their reminder emails: says so, and starts them again at their request. */
export function Unsubscribed({ client, unsubscribedAt }: { client: ClientDetail; unsubscribedAt: string }) {
  const restart = useRestartReminders();
  const [asking, setAsking] = useState(false);
  const timeZone = useCorporationTimeZone();
  const question = restartQuestion(client, unsubscribedAt, timeZone);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconBellOff size={18} aria-hidden />}
      title={unsubscribedHeadline(unsubscribedAt, timeZone)}
      role="status"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {client.emailStopped?.reason === 'complaint'
            ? `${client.firstName}'s reminders stopped when they marked an email as spam.`
            : `${client.firstName} used the unsubscribe link in a reminder email.`}{' '}
          None of their reminders is sent until they are started again.
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          onClick={() => setAsking(true)}
        >
          Start reminders again
        </Button>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={question.title}
        confirmLabel="Start reminders again"
        cancelLabel="Keep them stopped"
        confirmColor="teal.9"
        busy={restart.isPending}
        error={restart.error}
        zIndex={400}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          // Not mutate's own onSuccess: the refreshed client has no unsubscribe, so this alert
          // may be gone before the mutation settles, and React Query skips an unmounted caller.
          restart
            .mutateAsync(client.id)
            .then(() => {
              setAsking(false);
              notifications.show({
                color: 'teal',
                title: 'Reminders started again',
                message: `${client.firstName} ${client.lastName} gets their reminders again.`,
              });
            })
            .catch(() => undefined)
        }
      >
        {question.body}
      </ConfirmDialog>
    </Alert>
  );
}
