import { notifications } from '@mantine/notifications';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
    <ConfirmDialog
      opened={opened}
      title={`Delete ${name}?`}
      confirmLabel="Delete client"
      cancelLabel="Keep the client"
      danger
      busy={deleteClient.isPending}
      error={deleteClient.error}
      zIndex={400}
      onCancel={onClose}
      onConfirm={() =>
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
      This removes the client, their {client.properties.length === 1 ? 'property' : 'properties'} and every
      reminder. It cannot be undone.
    </ConfirmDialog>
  );
}
