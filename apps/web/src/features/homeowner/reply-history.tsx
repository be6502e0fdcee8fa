import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { ClientReply } from '@homeminder/shared/contracts/replies';
import type { ReplyKind } from '@homeminder/shared/reply-words';
import { attentionMessages } from '@homeminder/shared/attention-words';
import { homeownerReplyLabels as labels, type HomeownerHome } from '@homeminder/shared/contracts/homeowner';
import { formatDayInWords, formatDueDateInWords } from '@homeminder/shared/due-date';
import { LoadError } from '../../components/errors/load-error';
import { useHomeownerHistory } from './api';

const kindColours: Record<ReplyKind, string> = { done: 'teal', later: 'gray', help: 'orange' };

function HistoryItem({ item, timeZone }: { item: ClientReply; timeZone: string }) {
  const detail =
    item.kind === 'done' && item.doneOn
      ? labels.doneOnText(formatDayInWords(item.doneOn))
      : item.kind === 'later' && item.movedTo
        ? labels.movedToText(formatDueDateInWords(item.movedTo, timeZone))
        : null;
  return (
    <Paper component="li" withBorder p="sm" radius="md" style={{ listStyle: 'none' }}>
      <Stack gap={4}>
        <Group gap={8} justify="space-between" wrap="wrap">
          <Text size="sm" fw={600}>
            {item.task}
          </Text>
          <Badge color={kindColours[item.kind]} variant="light">
            {labels.historyKinds[item.kind]}
          </Badge>
        </Group>
        {detail ? <Text size="sm">{detail}</Text> : null}
        <Text size="sm" c="gray.7">
          {labels.repliedOn(formatDueDateInWords(item.createdAt, timeZone))}
        </Text>
        {item.note ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            “{item.note}”
          </Text>
        ) : null}
        {item.kind === 'help' && item.handledAt ? (
          <Text size="sm" c="teal.9" fw={500}>
            {attentionMessages.inHand(formatDueDateInWords(item.handledAt, timeZone))}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** What the homeowner did, put off and asked for at one home, newest first. */
export function ReplyHistory({ home, timeZone }: { home: HomeownerHome; timeZone: string }) {
  const history = useHomeownerHistory();
  const headingId = `history-${home.id}`;
  const heading = (
    <Group gap={6}>
      <IconHistory size={18} aria-hidden />
      <Title order={3} size="h5" c="gray.8" id={headingId}>
        {labels.history}
      </Title>
    </Group>
  );
  if (history.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-labelledby={headingId}>
        {heading}
        <Skeleton h={48} radius="md" />
      </Stack>
    );
  }
  if (history.isError) {
    return (
      <LoadError title="Your history could not be loaded" error={history.error} onRetry={history.refetch} />
    );
  }
  const items = history.data.items.filter((item) => item.propertyId === home.id);
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      {heading}
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {labels.historyEmpty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0}>
          {items.map((item) => (
            <HistoryItem key={item.id} item={item} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
