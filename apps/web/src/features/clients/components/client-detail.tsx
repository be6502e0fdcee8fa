import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconArrowRight,
  IconEdit,
  IconSend,
  IconTrash,
  IconUserQuestion,
} from '@tabler/icons-react';
import { clientMessages, type ClientGridQueryInput } from '@homeminder/shared/contracts/clients';
import { ApiError, errorMessageOf } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { nextClientRow, useClientHeaders, useClientDetail, useInviteClient, useNextClientRow } from '../api';
import { confirmDiscard } from '../../../components/form/unsaved-changes';
import { LoadError } from '../../../components/errors/load-error';
import { invitationNotices } from '../../../components/invitation-notices';
import { ClientActivity } from './client-activity';
import { ClientHeader } from './client-header';
import { ClientSetupForm } from './client-setup-form';
import { DeleteClientDialog } from './delete-client-dialog';
import { PropertyCard } from './property-card';
import { EmailStopped } from './email-stopped-alert';
import { Unsubscribed } from './unsubscribed-alert';

export interface ClientDetailProps {
  clientId: string;
  /** The property the details were opened for (a grid row is one property): Edit changes it. */
  propertyId?: string | null;
  /** The grid row it was opened from and the grid's query, for "Next client". */
  rowId?: string;
  query?: ClientGridQueryInput;
  /** How "Next client" shows the next one: the clients screen names it in the address. */
  show?: (props: ClientDetailProps) => void;
}

/** Shows a client in the flyout panel (docs/requirements.md §5, "Session"). */
export function openClientDetail(props: ClientDetailProps) {
  useSession.getState().openFlyout({ title: 'Client details', component: ClientDetailPanel, props });
}

/**
 * Opens the set-up form for one client and one of their properties (`props.propertyId`, else their
 * first) in the flyout panel; saving goes back to the details.
 */
export function openClientEdit(props: ClientDetailProps) {
  useSession.getState().openFlyout({
    title: 'Edit client',
    component: ClientSetupForm,
    props: {
      clientId: props.clientId,
      propertyId: props.propertyId ?? undefined,
      onSaved: () => openClientDetail(props),
      onCancel: () => confirmDiscard(() => openClientDetail(props)),
    },
  });
}

export function ClientDetailPanel(props: ClientDetailProps) {
  // A new client (through "Next") starts with fresh confirmations and messages.
  return <ClientDetailBody key={props.clientId} {...props} />;
}

/**
 * A link that names no client the person can see (deleted, mistyped, another realtor's or another
 * corporation's: the server responds alike), and the way back to the list.
 */
function ClientNotFound() {
  const closeFlyout = useSession((state) => state.closeFlyout);
  return (
    <Alert
      color="orange"
      title="Client not found"
      icon={<IconUserQuestion size={18} aria-hidden />}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{clientMessages.notFoundHere}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowLeft size={14} aria-hidden />}
          onClick={closeFlyout}
        >
          Back to the client list
        </Button>
      </Stack>
    </Alert>
  );
}

function ClientDetailBody({
  clientId,
  propertyId,
  rowId,
  query,
  show = openClientDetail,
}: ClientDetailProps) {
  const detail = useClientDetail(clientId);
  const headers = useClientHeaders();
  const invite = useInviteClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [movingOn, setMovingOn] = useState(false);
  const following = useNextClientRow(query, rowId);
  const atEnd = following.data === null;

  // A mistyped id is refused (400) rather than not found (404): both name no client here.
  if (detail.error instanceof ApiError && [400, 404].includes(detail.error.status)) {
    return <ClientNotFound />;
  }
  if (detail.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading the client">
        <Skeleton h={32} w="60%" />
        <Skeleton h={18} w="80%" />
        <Skeleton h={36} w="50%" />
        <Skeleton h={220} />
      </Stack>
    );
  }
  if (detail.isError) {
    return <LoadError title="The client could not be loaded" error={detail.error} onRetry={detail.refetch} />;
  }

  const client = detail.data;
  const name = `${client.firstName} ${client.lastName}`;

  async function goToNext() {
    if (!query || !rowId) return;
    setMovingOn(true);
    try {
      const next = following.data ?? (await nextClientRow(query, rowId, headers));
      if (next)
        show({ clientId: next.clientId, propertyId: next.propertyId, rowId: next.rowId, query, show });
      else notifications.show({ title: 'End of the list', message: 'This is the last client in the list.' });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The next client could not be loaded',
        message: errorMessageOf(error),
      });
    } finally {
      setMovingOn(false);
    }
  }

  return (
    <Stack gap="lg">
      <ClientHeader client={client} name={name} />

      <Group gap="xs">
        <Button
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={() => openClientEdit({ clientId, propertyId, rowId, query, show })}
        >
          Edit
        </Button>
        {!client.registered && client.enabled ? (
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={invite.isPending}
            onClick={() => invite.mutate(client.id, invitationNotices)}
          >
            {invite.isSuccess ? 'Invite again' : 'Invite to sign in'}
          </Button>
        ) : null}
        {query && rowId ? (
          <Button
            variant="default"
            rightSection={<IconArrowRight size={16} aria-hidden />}
            loading={movingOn}
            disabled={atEnd}
            onClick={() => void goToNext()}
          >
            Next client
          </Button>
        ) : null}
        {query && rowId && atEnd ? (
          <Text size="sm" c="dimmed">
            This is the last client in the list.
          </Text>
        ) : null}
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirmDelete(true)}
        >
          Delete client
        </Button>
      </Group>

      {client.emailStopped ? <EmailStopped client={client} stopped={client.emailStopped} /> : null}
      {client.unsubscribedAt ? <Unsubscribed client={client} unsubscribedAt={client.unsubscribedAt} /> : null}

      {client.properties.length === 0 ? (
        <Text c="dimmed">This client has no property yet. Use Edit to add one.</Text>
      ) : (
        client.properties.map((property) => (
          <PropertyCard
            key={property.id}
            client={client}
            property={property}
            onEdit={
              client.properties.length > 1
                ? () => openClientEdit({ clientId, propertyId: property.id, rowId, query, show })
                : undefined
            }
          />
        ))
      )}

      <ClientActivity clientId={client.id} />

      <DeleteClientDialog
        client={client}
        name={name}
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}
