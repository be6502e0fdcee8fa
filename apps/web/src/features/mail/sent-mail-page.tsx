import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Code,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { mailStatuses, type MailStatus, type SentMailItem } from '@homeminder/shared/contracts/mail';
import { formatDateTime } from '@homeminder/shared/format';
import { errorMessageOf } from '../../lib/api-error';
import { useSession } from '../../lib/session-store';
import { sentMailDetail, sentMailPage } from './api';
import { LoadError } from '../../components/errors/load-error';
import { TableEmptyRow, TableLoadingRows } from '../../components/table-state-rows';

const pageSize = 25;

const statusColor: Record<MailStatus, string> = {
  pending: 'yellow',
  sent: 'teal',
  failed: 'red',
  kept: 'blue',
  cancelled: 'gray',
};

const statusLabel: Record<MailStatus, string> = {
  pending: 'Waiting',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
  cancelled: 'Cancelled',
};

function StatusBadge({ status }: { status: MailStatus }) {
  return (
    <Badge color={statusColor[status]} variant="light">
      {statusLabel[status]}
    </Badge>
  );
}

function MailDetail({ item, onClose }: { item: SentMailItem; onClose: () => void }) {
  const tenant = useSession((state) => state.tenantID);
  const detail = useQuery({
    queryKey: [tenant, 'sent-mail', item.tenantId, item.id],
    queryFn: ({ signal }) => sentMailDetail(item.tenantId, item.id, signal),
  });
  return (
    <Modal opened onClose={onClose} title={item.subject} size="xl">
      <Stack gap="sm">
        <Text size="sm">
          To <strong>{item.toAddress}</strong> · {formatDateTime(item.createdAt)} ·{' '}
          <StatusBadge status={item.status} />
          {item.attempts > 0 ? ` · ${item.attempts} attempt${item.attempts === 1 ? '' : 's'}` : ''}
        </Text>
        {item.lastError ? (
          <Alert color={item.status === 'failed' ? 'red' : 'yellow'} title="Last delivery error">
            {item.lastError}
          </Alert>
        ) : null}
        {detail.isError ? <Alert color="red">{errorMessageOf(detail.error)}</Alert> : null}
        {detail.isPending ? <Skeleton h={300} /> : null}
        {detail.data ? (
          <Tabs defaultValue="html">
            <Tabs.List>
              <Tabs.Tab value="html">As sent (HTML)</Tabs.Tab>
              <Tabs.Tab value="text">Text</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              {/* No scripts, no same-origin access: the email is shown, never run. */}
              <iframe
                title={`The email: ${item.subject}`}
                sandbox=""
                srcDoc={detail.data.html}
                style={{ width: '100%', height: 520, border: '1px solid #dee2e6', borderRadius: 4 }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Code block data-testid="mail-text" style={{ whiteSpace: 'pre-wrap' }}>
                {detail.data.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** Sent mail: the outbox, newest first; open a message to read it as the recipient does. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status');
  const status = mailStatuses.find((value) => value === statusParam);
  const openId = params.get('open');
  const tenant = useSession((state) => state.tenantID);
  const acrossTenants = useSession(
    (state) => state.identity?.privileges.includes('ActAcrossTenants') ?? false,
  );

  const list = useQuery({
    queryKey: [tenant, 'sent-mail', page, status],
    queryFn: ({ signal }) => sentMailPage({ page, pageSize, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) current.delete(key);
        else current.set(key, value);
      }
      return current;
    });
  const totalPages = Math.max(1, Math.ceil((list.data?.totalItemCount ?? 0) / pageSize));
  const opened = list.data?.items.find((item) => item.id === openId);
  const columns = acrossTenants ? 5 : 4;

  return (
    <Stack>
      <Text c="gray.7">
        {acrossTenants ? 'Email of every corporation' : "Your company's email"}: reminders and account
        messages, newest first. Open one to see it as its recipient does.
      </Text>
      {list.data && !list.data.delivering ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} title="Mail is kept here">
          No mail server is configured (SMTP_URL), so emails are not delivered: they are kept in the outbox
          and shown on this screen.
        </Alert>
      ) : null}
      <Select
        label="Status"
        placeholder="Any status"
        data={mailStatuses.map((value) => ({ value, label: statusLabel[value] }))}
        value={status ?? null}
        onChange={(value) => update({ status: value, page: '1' })}
        clearable
        maw={240}
      />
      {list.isError ? (
        <LoadError title="The mail could not be loaded" error={list.error} onRetry={list.refetch} />
      ) : null}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                {acrossTenants ? <Table.Th>Corporation</Table.Th> : null}
                <Table.Th>Recipient</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? <TableLoadingRows columns={columns} /> : null}
              {list.data?.items.length === 0 ? (
                <TableEmptyRow columns={columns}>No email yet.</TableEmptyRow>
              ) : null}
              {list.data?.items.map((item) => (
                <Table.Tr key={`${item.tenantId}-${item.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(item.sentAt ?? item.createdAt)}
                  </Table.Td>
                  {acrossTenants ? <Table.Td>{item.tenantName}</Table.Td> : null}
                  <Table.Td>{item.toAddress}</Table.Td>
                  <Table.Td>
                    <UnstyledButton
                      onClick={() => update({ open: item.id })}
                      c="blue.8"
                      fz="sm"
                      td="underline"
                    >
                      {item.subject}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={item.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="gray.7">
          {list.data ? `${list.data.totalItemCount} emails` : ''}
        </Text>
        <Pagination
          total={totalPages}
          value={Math.min(page, totalPages)}
          onChange={(next) => update({ page: String(next) })}
          aria-label="Pages"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
      {opened ? <MailDetail item={opened} onClose={() => update({ open: null })} /> : null}
    </Stack>
  );
}
