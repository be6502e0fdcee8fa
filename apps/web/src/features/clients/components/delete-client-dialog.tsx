import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { errorMessageOf } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { useDeleteClient } from '../api';

/** Asks before deleting a client with their properties and reminders; deleting closes the details. */
export function DeleteClientDialog({
  client,
  name,
  opened,
  onClose,
}: {
  client: ClientDetail;
  name: string;
  opened: boolean;
  onClose: () => void;
}) {
  const closeFlyout = useSession((state) => state.closeFlyout);
  const deleteClient = useDeleteClient();
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${name}?`} centered zIndex={400}>
      <Stack>
        <Text size="sm">
          This removes the client, their {client.properties.length === 1 ? 'property' : 'properties'} and
          every reminder. It cannot be undone.
        </Text>
        {deleteClient.isError ? (
          <Alert color="red" role="alert">
            {errorMessageOf(deleteClient.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the client
          </Button>
          <Button
            color="red"
            loading={deleteClient.isPending}
            onClick={() =>
              deleteClient.mutate(client.id, {
                onSuccess: () => {
                  onClose();
                  closeFlyout();
                  notifications.show({
                    color: 'teal',
                    title: 'Client deleted',
                    message: `${name} and their reminders are removed.`,
                  });
                },
              })
            }
          >
            Delete client
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
