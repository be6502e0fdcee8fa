import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowRight,
  IconBellOff,
  IconEdit,
  IconMail,
  IconPhone,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import type {
  ClientDetail,
  ClientGridQueryInput,
  PropertyDetail,
  Subscription,
} from '@homeminder/shared/contracts/clients';
import { formatDueDate } from '@homeminder/shared/due-date';
import { formatPhone } from '@homeminder/shared/format';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { errorMessageOf } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import {
  deleteSubscription,
  nextClientRow,
  useClientHeaders,
  useClientDetail,
  useDeleteClient,
  useInvalidateClients,
  useInviteClient,
  useRestartReminders,
  useNextClientRow,
  useTogglePropertyMutation,
} from '../api';
import { confirmDiscard } from '../../../components/form/unsaved-changes';
import { scheduleDelete, undoDelete, undoWindowMs, useIsPendingDelete } from '../../../lib/pending-deletes';
import { ClientSetupForm } from './client-setup-form';
import { StatusBadge } from './status-badge';
import { restartQuestion, unsubscribedHeadline } from '../unsubscribed';
import { LoadError } from '../../../components/errors/load-error';

export interface ClientDetailProps {
  clientId: string;
  /** The property the details were opened for (a grid row is one property): Edit changes it. */
  propertyId?: string | null;
  /** The grid row it was opened from and the grid's query, for "Next client". */
  rowId?: string;
  query?: ClientGridQueryInput;
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

const dayMs = 86_400_000;

/** "in 12 days", "today", "3 days overdue". */
function dueHint(nextDueAt: string, now: number): { text: string; color: string } {
  const days = Math.round((new Date(nextDueAt).getTime() - now) / dayMs);
  // Colours dark enough for small text on white (WCAG AA).
  if (days < 0) return { text: `${-days} day${days === -1 ? '' : 's'} overdue`, color: 'red.9' };
  if (days === 0) return { text: 'due today', color: '#a33a08' };
  if (days <= 30) return { text: `in ${days} day${days === 1 ? '' : 's'}`, color: '#a33a08' };
  return { text: `in ${days} days`, color: 'dimmed' };
}

function ClientDetailBody({ clientId, propertyId, rowId, query }: ClientDetailProps) {
  const detail = useClientDetail(clientId);
  const headers = useClientHeaders();
  const closeFlyout = useSession((state) => state.closeFlyout);
  const deleteClient = useDeleteClient();
  const invite = useInviteClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [movingOn, setMovingOn] = useState(false);
  const following = useNextClientRow(query, rowId);
  const atEnd = following.data === null;

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
        openClientDetail({ clientId: next.clientId, propertyId: next.propertyId, rowId: next.rowId, query });
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
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h3">
            {name}
          </Title>
          <Badge
            variant="light"
            color={client.registered ? 'teal' : 'gray'}
            c={client.registered ? '#065f46' : 'gray.8'}
          >
            {client.registered ? 'Has a sign-in' : 'No sign-in yet'}
          </Badge>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} aria-hidden />
            <Anchor href={`mailto:${client.email}`} size="sm">
              {client.email}
            </Anchor>
          </Group>
          {client.phone ? (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Text size="sm">{formatPhone(client.phone)}</Text>
            </Group>
          ) : null}
          <Group gap={6} wrap="nowrap">
            <IconUser size={16} aria-hidden />
            <Text size="sm">{client.realtorName ? `Realtor: ${client.realtorName}` : 'No realtor'}</Text>
          </Group>
        </Group>
      </Stack>

      <Group gap="xs">
        <Button
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={() => openClientEdit({ clientId, propertyId, rowId, query })}
        >
          Edit
        </Button>
        {!client.registered && client.enabled ? (
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={invite.isPending}
            onClick={() =>
              invite.mutate(client.id, {
                onSuccess: (answer) =>
                  notifications.show({ color: 'teal', title: 'Invitation sent', message: answer.message }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'The invitation could not be sent',
                    message: errorMessageOf(error),
                  }),
              })
            }
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
                ? () => openClientEdit({ clientId, propertyId: property.id, rowId, query })
                : undefined
            }
          />
        ))
      )}

      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete ${name}?`}
        centered
        zIndex={400}
      >
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
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Keep the client
            </Button>
            <Button
              color="red"
              loading={deleteClient.isPending}
              onClick={() =>
                deleteClient.mutate(client.id, {
                  onSuccess: () => {
                    setConfirmDelete(false);
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
    </Stack>
  );
}

/**
 * Why a property's reminders will not go out, if they will not: no date may then show as coming.
 * The client unsubscribed (decision 043), the property is paused, or it is still pending set-up.
 */
function remindersNotSent(
  client: Pick<ClientDetail, 'unsubscribedAt'>,
  property: Pick<PropertyDetail, 'enabled' | 'pending'>,
): { date: string; hint: string; summary: string } | null {
  if (client.unsubscribedAt)
    return { date: 'Stopped', hint: 'not sent', summary: 'none sent while unsubscribed' };
  if (!property.enabled) return { date: 'Paused', hint: 'not sent', summary: 'none sent while paused' };
  if (property.pending)
    return { date: 'Not started', hint: 'starts once confirmed', summary: 'none sent until confirmed' };
  return null;
}

function PropertyCard({
  client,
  property,
  onEdit,
}: {
  client: ClientDetail;
  property: PropertyDetail;
  /** A client with several properties edits each from its own card. */
  onEdit?: (() => void) | undefined;
}) {
  const toggle = useTogglePropertyMutation();
  const invalidate = useInvalidateClients();
  const headers = useClientHeaders();
  const isPendingDelete = useIsPendingDelete();
  const [toRemove, setToRemove] = useState<Subscription | null>(null);
  const [now] = useState(() => Date.now());
  const visible = property.subscriptions.filter((subscription) => !isPendingDelete(subscription.id));
  const address = `${property.addressLine}, ${property.city}, ${property.state} ${property.zip}`;
  const notSent = remindersNotSent(client, property);
  const timeZone = useCorporationTimeZone();

  function setEnabled(enable: boolean) {
    toggle.mutate(
      { propertyId: property.id, tenantId: property.tenantId, enable },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: enable ? 'Property enabled' : 'Property disabled',
            message: enable
              ? `Reminders for ${property.addressLine} are on again.`
              : `Reminders for ${property.addressLine} are paused.`,
          }),
      },
    );
  }

  function remove(subscription: Subscription) {
    setToRemove(null);
    const notificationId = `undo-${subscription.id}`;
    scheduleDelete(
      subscription.id,
      async ({ keepalive }) => {
        // Sent early (Edit was opened, say): there is nothing left to undo.
        notifications.hide(notificationId);
        await deleteSubscription(subscription.id, { keepalive, headers });
        if (!keepalive) await invalidate();
      },
      (error) =>
        notifications.show({
          color: 'red',
          title: `“${subscription.reminderName}” could not be removed`,
          message: errorMessageOf(error),
        }),
    );
    notifications.show({
      id: notificationId,
      title: 'Reminder removed',
      autoClose: undoWindowMs,
      message: (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">“{subscription.reminderName}” is removed.</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              if (undoDelete(subscription.id)) notifications.hide(notificationId);
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Paper withBorder p="md" component="section" aria-label={`Property ${property.addressLine}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{property.addressLine}</Text>
            <Text size="sm" c="dimmed">
              {property.city}, {property.state} {property.zip}
            </Text>
          </Stack>
          <Group gap="xs">
            <StatusBadge status={property.status} />
            {onEdit ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} aria-hidden />}
                onClick={onEdit}
                aria-label={`Edit ${address}`}
              >
                Edit
              </Button>
            ) : null}
            {property.enabled ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlayerPause size={14} aria-hidden />}
                loading={toggle.isPending}
                onClick={() => setEnabled(false)}
                aria-label={`Disable ${address}`}
              >
                Disable
              </Button>
            ) : (
              <Button
                size="xs"
                color="teal.9"
                leftSection={<IconPlayerPlay size={14} aria-hidden />}
                loading={toggle.isPending}
                onClick={() => setEnabled(true)}
                aria-label={`Enable ${address}`}
              >
                Enable
              </Button>
            )}
          </Group>
        </Group>
        {toggle.isError ? (
          <Alert
            color="red"
            role="alert"
            title={`The property could not be ${toggle.variables?.enable ? 'enabled' : 'disabled'}`}
          >
            {errorMessageOf(toggle.error)}
          </Alert>
        ) : null}
        {property.pending ? (
          <Text size="sm" c="#6b4e00">
            Pending: reminders start once the property is confirmed (Edit, then untick Pending).
          </Text>
        ) : null}
        <Divider />
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Reminders
          </Text>
          <Text size="sm" c="dimmed">
            {visible.length === 0
              ? 'none'
              : notSent
                ? `${visible.length}, ${notSent.summary}`
                : `${visible.length}, soonest first`}
          </Text>
        </Group>
        {visible.length === 0 ? (
          <Text size="sm" c="dimmed">
            No reminders for this property. Use Edit to choose some.
          </Text>
        ) : (
          <Stack gap={0} role="list" aria-label={`Reminders for ${property.addressLine}`}>
            {visible.map((subscription, index) => {
              const hint = notSent
                ? { text: notSent.hint, color: 'dimmed' }
                : dueHint(subscription.nextDueAt, now);
              return (
                <Group
                  key={subscription.id}
                  role="listitem"
                  aria-label={subscription.reminderName}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py={8}
                  style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {subscription.reminderName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {subscription.frequencyName}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Stack gap={0} align="flex-end">
                      <Text size="sm" ff={notSent ? undefined : 'monospace'}>
                        {notSent
                          ? notSent.date
                          : timeZone
                            ? formatDueDate(subscription.nextDueAt, timeZone)
                            : ''}
                      </Text>
                      <Text size="xs" c={hint.color}>
                        {hint.text}
                      </Text>
                    </Stack>
                    <Tooltip label="Remove this reminder">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${subscription.reminderName}`}
                        onClick={() => setToRemove(subscription)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>

      <Modal
        opened={Boolean(toRemove)}
        onClose={() => setToRemove(null)}
        title="Remove this reminder?"
        centered
        zIndex={400}
      >
        <Stack>
          <Text size="sm">
            {client.firstName} will no longer get “{toRemove?.reminderName}” for {property.addressLine}. You
            can undo this for a few seconds.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToRemove(null)}>
              Keep it
            </Button>
            <Button color="red" onClick={() => toRemove && remove(toRemove)}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** The client stopped their reminder emails: says so, and starts them again at their request. */
function Unsubscribed({ client, unsubscribedAt }: { client: ClientDetail; unsubscribedAt: string }) {
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
                restart.mutate(client.id, {
                  onSuccess: () => {
                    setAsking(false);
                    notifications.show({
                      color: 'teal',
                      title: 'Reminders started again',
                      message: `${client.firstName} ${client.lastName} gets their reminders again.`,
                    });
                  },
                })
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
