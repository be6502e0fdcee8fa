import { useId, useState } from 'react';
import { Anchor, Badge, Box, Collapse, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { AuditEntry, AuditSessionItem } from '@homeminder/shared/contracts/audit';
import { auditActionLabel, auditCountText, auditWhoText } from '@homeminder/shared/audit-labels';
import { formatCount } from '@homeminder/shared/format';
import { ChangeList } from '../../components/change-list';

/** The action in words, what it was done to, and how many records for an entry about many. */
function Headline({ entry }: { entry: Pick<AuditEntry, 'action' | 'recordName' | 'count'> }) {
  const count = auditCountText(entry.action, entry.count);
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {auditActionLabel(entry.action)}
      </Text>
      {entry.recordName ? ` · ${entry.recordName}` : null}
      {count ? ` · ${count}` : null}
    </Text>
  );
}

function SessionItem({ item, dateTime }: { item: AuditSessionItem; dateTime: (at: string) => string }) {
  return (
    <Box component="li" py={4}>
      <Text size="xs" c="gray.7">
        <time dateTime={item.at}>{dateTime(item.at)}</time>
      </Text>
      <Headline entry={item} />
      <ChangeList changes={item.changes} />
    </Box>
  );
}

/**
 * A session of acting as another user: how many requests it made and, on demand, what it did
 * (docs/decisions/081). The button says whether the list is open, for keyboard and screen readers.
 */
function SessionSummary({
  session,
  dateTime,
}: {
  session: NonNullable<AuditEntry['session']>;
  dateTime: (at: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const changed = session.items.length;
  return (
    <Stack gap={4}>
      <Text size="sm" c="gray.7">
        {formatCount(session.requests, 'request')}
        {session.endedAt ? `, ended ${dateTime(session.endedAt)}` : ', not ended yet'}
      </Text>
      {changed > 0 ? (
        <>
          {/* Link-like, so it reads as one on a striped or hovered row alike. */}
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            w="fit-content"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            {open ? 'Hide' : 'Show'} what was done ({formatCount(changed, 'entry', 'entries')})
          </Anchor>
          <Collapse expanded={open}>
            <Box
              component="ul"
              id={listId}
              m={0}
              pl="md"
              style={{ listStyle: 'none', borderLeft: '2px solid var(--mantine-color-orange-3)' }}
            >
              {session.items.map((item) => (
                <SessionItem key={item.id} item={item} dateTime={dateTime} />
              ))}
            </Box>
          </Collapse>
        </>
      ) : (
        <Text size="sm" c="gray.7">
          Nothing was changed.
        </Text>
      )}
    </Stack>
  );
}

/** What happened: the action, its record, the changes, and a session's requests. */
export function AuditWhat({ entry, dateTime }: { entry: AuditEntry; dateTime: (at: string) => string }) {
  return (
    <Stack gap={4}>
      <Headline entry={entry} />
      <ChangeList changes={entry.changes} />
      {entry.session ? <SessionSummary session={entry.session} dateTime={dateTime} /> : null}
    </Stack>
  );
}

/** Who did it: "Sam Operator as Alice Admin" when someone acted as another user. */
export function AuditWho({ entry }: { entry: AuditEntry }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm">{auditWhoText(entry)}</Text>
      {entry.realActorName ? (
        <Badge size="xs" color="orange" variant="light" autoContrast>
          Acting as another user
        </Badge>
      ) : null}
    </Stack>
  );
}

/** The phone's log: one card per entry, the same parts stacked. */
export function AuditCards({
  entries,
  dateTime,
  acrossTenants,
}: {
  entries: AuditEntry[];
  dateTime: (at: string) => string;
  acrossTenants: boolean;
}) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Audit log">
      {entries.map((entry) => (
        <Paper component="li" key={`${entry.tenantId}-${entry.id}`} withBorder p="sm" radius="md">
          <Stack gap={6}>
            <Text size="xs" c="gray.7">
              <time dateTime={entry.at}>{dateTime(entry.at)}</time>
              {acrossTenants && entry.tenantName ? ` · ${entry.tenantName}` : null}
            </Text>
            <AuditWhat entry={entry} dateTime={dateTime} />
            <Text size="sm" c="gray.8">
              By {auditWhoText(entry)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
