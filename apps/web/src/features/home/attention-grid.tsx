import { Link } from 'react-router';
import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMail, IconPhone, IconSend, IconSquareCheck } from '@tabler/icons-react';
import {
  attentionReasonLabels,
  attentionReasonText,
  attentionSinceText,
} from '@homeminder/shared/attention-words';
import type { AttentionItem, AttentionReason } from '@homeminder/shared/contracts/attention';
import { clientPagePath } from '@homeminder/shared/routes';
import { formatPhone } from '@homeminder/shared/format';
import type { GridColumn } from '../../components/data-grid';

const reasonColours: Record<AttentionReason, string> = {
  help: 'red',
  overdue: 'orange',
  failedEmail: 'grape',
  bounced: 'grape',
  markedSpam: 'pink',
  unsubscribed: 'gray',
  invitation: 'blue',
  replacement: 'yellow',
  warranty: 'teal',
  quiet: 'cyan',
  failedText: 'grape',
};

export interface AttentionRowActions {
  onMarkHandled: (item: AttentionItem) => void;
  onInviteAgain: (item: AttentionItem) => void;
  /** The client whose invitation is being sent, if any. */
  inviting: string | null;
}

/** What every row of the list is shown with. */
export interface AttentionView {
  timeZone: string;
  now: Date;
  showRealtor: boolean;
  actions: AttentionRowActions;
}

/** The client's own address: it opens in a new tab, and Back comes back to Home. */
const clientPathOf = (item: AttentionItem) => `/${clientPagePath(item.clientId)}`;

function ReasonBadge({ item }: { item: AttentionItem }) {
  return (
    // Its whole label, however narrow the column.
    <Badge color={reasonColours[item.reason]} variant="light" autoContrast miw="max-content">
      {attentionReasonLabels[item.reason]}
    </Badge>
  );
}

function ClientLink({ item }: { item: AttentionItem }) {
  return (
    <Anchor component={Link} to={clientPathOf(item)} fw={600}>
      {item.clientName}
    </Anchor>
  );
}

function Since({ item, timeZone, now }: { item: AttentionItem; timeZone: string; now: Date }) {
  const since = attentionSinceText(item.reason, item.since, now, timeZone);
  return (
    <Text size="sm" c="gray.7" component="time" dateTime={item.since} title={since.date}>
      {since.text}
    </Text>
  );
}

/** Why, in a sentence, and the client's own words when they asked for help. */
function Why({ item }: { item: AttentionItem }) {
  return (
    <>
      <Text size="sm">{attentionReasonText(item)}</Text>
      {item.reason === 'help' && item.detail ? (
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          “{item.detail}”
        </Text>
      ) : null}
    </>
  );
}

/** How to reach the client, and for a manager, whose client it is. */
function Contact({ item, showRealtor }: { item: AttentionItem; showRealtor: boolean }) {
  return (
    <>
      <Anchor href={`mailto:${item.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
        <IconMail size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {item.email}
      </Anchor>
      {item.phone ? (
        <Anchor href={`tel:${item.phone}`} size="sm">
          <IconPhone size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {formatPhone(item.phone)}
        </Anchor>
      ) : null}
      {showRealtor ? (
        <Text size="sm" c="gray.7">
          {item.realtorName ? `Realtor: ${item.realtorName}` : 'No realtor'}
        </Text>
      ) : null}
    </>
  );
}

/** The next step the row offers, if any, and the way to the client. */
function NextSteps({ item, actions }: { item: AttentionItem; actions: AttentionRowActions }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {item.reason === 'help' && item.answerId ? (
        <Button
          size="xs"
          leftSection={<IconSquareCheck size={14} aria-hidden />}
          onClick={() => actions.onMarkHandled(item)}
        >
          Mark handled
        </Button>
      ) : item.reason === 'invitation' ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} aria-hidden />}
          loading={actions.inviting === item.clientId}
          onClick={() => actions.onInviteAgain(item)}
        >
          Invite again
        </Button>
      ) : null}
      <Button
        component={Link}
        to={clientPathOf(item)}
        size="xs"
        variant="default"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        aria-label={`Open client ${item.clientName}`}
      >
        Open client
      </Button>
    </Group>
  );
}

/** The list on a wider screen: why, who, how to reach them, and the next step. */
export function attentionColumns({ timeZone, now, showRealtor, actions }: AttentionView) {
  const columns: GridColumn<AttentionItem>[] = [
    {
      key: 'reason',
      header: 'Reason',
      render: (item) => (
        <Stack gap={4} align="flex-start">
          <ReasonBadge item={item} />
          <Since item={item} timeZone={timeZone} now={now} />
        </Stack>
      ),
    },
    {
      key: 'client',
      header: 'Client',
      render: (item) => (
        <Stack gap={4}>
          <ClientLink item={item} />
          <Why item={item} />
        </Stack>
      ),
    },
    {
      key: 'contact',
      header: 'Contact',
      render: (item) => (
        <Stack gap={4} align="flex-start">
          <Contact item={item} showRealtor={showRealtor} />
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Next step',
      hideHeader: true,
      pinned: 'right',
      render: (item) => <NextSteps item={item} actions={actions} />,
    },
  ];
  return columns;
}

/** The list on a phone: one card a client, why, since when, how to reach them, and the next step. */
export function AttentionCards({
  items,
  timeZone,
  now,
  showRealtor,
  actions,
}: AttentionView & { items: AttentionItem[] }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Box
          key={attentionKey(item)}
          component="li"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
            <Stack gap={4} style={{ flex: '1 1 18rem', minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <ReasonBadge item={item} />
                <ClientLink item={item} />
                <Since item={item} timeZone={timeZone} now={now} />
              </Group>
              <Why item={item} />
              <Group gap="md" wrap="wrap">
                <Contact item={item} showRealtor={showRealtor} />
              </Group>
            </Stack>
            <NextSteps item={item} actions={actions} />
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

/** A client is listed once a reason, and once a help request. */
export const attentionKey = (item: AttentionItem) => `${item.reason}-${item.clientId}-${item.answerId ?? ''}`;
