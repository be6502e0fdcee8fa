import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellOff, IconPlayerPlay } from '@tabler/icons-react';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { errorMessageOf } from '../../../lib/api-error';
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
          {client.firstName} used the unsubscribe link in a reminder email. None of their reminders is sent
          until they are started again.
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
      <Modal opened={asking} onClose={() => setAsking(false)} title={question.title} centered zIndex={400}>
        <Stack>
          <Text size="sm">{question.body}</Text>
          {restart.isError ? (
            <Alert color="red" role="alert">
              {errorMessageOf(restart.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Keep them stopped
            </Button>
            <Button
              color="teal.9"
              loading={restart.isPending}
              onClick={() =>
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
              Start reminders again
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
