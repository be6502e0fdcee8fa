import { Link } from 'react-router';
import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMail, IconPhone, IconSend, IconSquareCheck } from '@tabler/icons-react';
import {
  attentionReasonLabels,
  attentionReasonText,
  attentionSinceText,
  type AttentionItem,
  type AttentionReason,
} from '@homeminder/shared/contracts/attention';
import { clientPagePath } from '@homeminder/shared/routes';
import { formatPhone } from '@homeminder/shared/format';

const reasonColours: Record<AttentionReason, string> = {
  help: 'red',
  overdue: 'orange',
  failedEmail: 'grape',
  unsubscribed: 'gray',
  invitation: 'blue',
};

export interface AttentionRowActions {
  onMarkHandled: (item: AttentionItem) => void;
  onInviteAgain: (item: AttentionItem) => void;
  /** The client whose invitation is being sent, if any. */
  inviting: string | null;
}

/** One client and why they need attention, since when, how to reach them, and the next step. */
export function AttentionRow({
  item,
  timeZone,
  now,
  showRealtor,
  actions,
}: {
  item: AttentionItem;
  timeZone: string;
  now: Date;
  showRealtor: boolean;
  actions: AttentionRowActions;
}) {
  // The client's own address: it opens in a new tab, and Back comes back to Home.
  const clientPath = `/${clientPagePath(item.clientId)}`;
  const since = attentionSinceText(item.reason, item.since, now, timeZone);
  const colour = reasonColours[item.reason];
  let nextStep;
  if (item.reason === 'help' && item.answerId) {
    nextStep = (
      <Button
        size="xs"
        leftSection={<IconSquareCheck size={14} aria-hidden />}
        onClick={() => actions.onMarkHandled(item)}
      >
        Mark handled
      </Button>
    );
  } else if (item.reason === 'invitation') {
    nextStep = (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        loading={actions.inviting === item.clientId}
        onClick={() => actions.onInviteAgain(item)}
      >
        Invite again
      </Button>
    );
  }
  return (
    <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Badge color={colour} variant="light" autoContrast>
              {attentionReasonLabels[item.reason]}
            </Badge>
            <Anchor component={Link} to={clientPath} fw={600}>
              {item.clientName}
            </Anchor>
            <Text size="sm" c="gray.7" component="time" dateTime={item.since} title={since.date}>
              {since.text}
            </Text>
          </Group>
          <Text size="sm">{attentionReasonText(item)}</Text>
          {item.reason === 'help' && item.detail ? (
            <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
              “{item.detail}”
            </Text>
          ) : null}
          <Group gap="md" wrap="wrap">
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
          </Group>
        </Stack>
        <Group gap="xs">
          {nextStep}
          <Button
            component={Link}
            to={clientPath}
            size="xs"
            variant="default"
            leftSection={<IconExternalLink size={14} aria-hidden />}
            aria-label={`Open client ${item.clientName}`}
          >
            Open client
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
