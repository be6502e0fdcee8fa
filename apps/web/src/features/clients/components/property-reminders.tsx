import '@mantine/core/styles/Tooltip.css';
import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import type { ClientDetail, PropertyDetail, Subscription } from '@homeminder/shared/contracts/clients';
import { formatDueDate } from '@homeminder/shared/due-date';
import { errorMessageOf } from '../../../lib/api-error';
import { useCorporationTimeZone } from '../../../lib/corporation-time-zone';
import { scheduleDelete, undoDelete, undoWindowMs, useIsPendingDelete } from '../../../lib/pending-deletes';
import { deleteSubscription, useClientHeaders, useInvalidateClients } from '../api';
import { QuietNote, ReminderEmailChoices } from './reminder-emails';
import { ReminderTexts } from './reminder-texts';

/** Why the reminders of a property are not sent, in the words the list shows (property-card.tsx). */
export interface NotSent {
  date: string;
  hint: string;
  summary: string;
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

/**
 * A property's reminders, soonest first, each with its next date and a way to remove it (with a
 * few seconds to undo). `notSent` says why none goes out, if none does. `withTexts`: the client's
 * texts, which are theirs for all their homes, show here (under their first property).
 */
export function PropertyReminders({
  client,
  property,
  notSent,
  withTexts = false,
}: {
  client: Pick<ClientDetail, 'firstName'>;
  property: PropertyDetail;
  notSent: NotSent | null;
  withTexts?: boolean;
}) {
  const invalidate = useInvalidateClients();
  const headers = useClientHeaders();
  const isPendingDelete = useIsPendingDelete();
  const [toRemove, setToRemove] = useState<Subscription | null>(null);
  const [now] = useState(() => Date.now());
  const visible = property.subscriptions.filter((subscription) => !isPendingDelete(subscription.id));
  const timeZone = useCorporationTimeZone();

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
    <>
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
      <QuietNote property={property} />
      {visible.length === 0 || property.status === 'pending' ? null : (
        <ReminderEmailChoices property={property} />
      )}
      {withTexts ? <ReminderTexts propertyId={property.id} /> : null}
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
    </>
  );
}
