import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Tabs.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Code,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { mailStatuses, type MailStatus, type SentMailItem } from '@homeminder/shared/contracts/mail';
import { useSession } from '../../lib/session-store';
import { sentMailDetail, sentMailPage } from './api';
import {
  choiceFilter,
  corporationColumn,
  DataGrid,
  useGridUrlState,
  type GridColumn,
  type GridConfig,
} from '../../components/data-grid';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { TimeZoneNote } from '../../components/time-zone-note';
import { ServerErrorAlert } from '../../components/form/server-error-alert';
import { queryKey } from '../../lib/query-keys';

/** 25 emails a page, newest first; `?page=2&status=failed&open=<id>` in the address. */
const gridConfig: GridConfig<never, 'status'> = {
  sizes: ['25'],
  sortColumns: [],
  filters: { status: choiceFilter(mailStatuses) },
};

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
  const times = useStaffTimes();
  const detail = useQuery({
    queryKey: queryKey(tenant, 'sent-mail', item.tenantId, item.id),
    queryFn: ({ signal }) => sentMailDetail(item.tenantId, item.id, signal),
  });
  return (
    <Modal opened onClose={onClose} title={item.subject} size="xl">
      <Stack gap="sm">
        <Text size="sm">
          To <strong>{item.toAddress}</strong> · {times.dateTime(item.createdAt)} ·{' '}
          <StatusBadge status={item.status} />
          {item.attempts > 0 ? ` · ${item.attempts} attempt${item.attempts === 1 ? '' : 's'}` : ''}
        </Text>
        {item.lastError ? (
          <Alert color={item.status === 'failed' ? 'red' : 'yellow'} title="Last delivery error">
            {item.lastError}
          </Alert>
        ) : null}
        <ServerErrorAlert error={detail.error} />
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
              <Code
                block
                data-testid="mail-text"
                style={{ whiteSpace: 'pre-wrap' }}
                // A long line scrolls: the keyboard reaches the box to scroll it.
                tabIndex={0}
                role="region"
                aria-label="The email as text"
              >
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
  const grid = useGridUrlState(gridConfig);
  const { state } = grid;
  const page = state.page;
  const pageSize = Number(state.pageSize);
  const status = mailStatuses.find((value) => value === state.filters.status);
  const openId = grid.param('open');
  const tenant = useSession((session) => session.tenantID);
  const acrossTenants = useSession(
    (session) => session.identity?.privileges.includes('ActAcrossTenants') ?? false,
  );

  const list = useQuery({
    queryKey: queryKey(tenant, 'sent-mail', page, status),
    queryFn: ({ signal }) => sentMailPage({ page, pageSize, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

  const opened = list.data?.items.find((item) => item.id === openId);
  const times = useStaffTimes();
  const columns: GridColumn<SentMailItem>[] = [
    {
      key: 'date',
      header: 'Date',
      cell: { nowrap: true },
      render: (item) => times.dateTime(item.sentAt ?? item.createdAt),
    },
    ...corporationColumn<SentMailItem>(acrossTenants),
    { key: 'recipient', header: 'Recipient', render: (item) => item.toAddress },
    {
      key: 'subject',
      header: 'Subject',
      render: (item) => (
        <UnstyledButton onClick={() => grid.setParam('open', item.id)} c="blue.8" fz="sm" td="underline">
          {item.subject}
        </UnstyledButton>
      ),
    },
    { key: 'status', header: 'Status', render: (item) => <StatusBadge status={item.status} /> },
  ];

  return (
    <Stack>
      <Text c="gray.7">
        {acrossTenants ? 'Email of every corporation' : "Your company's email"}: reminders and account
        messages, newest first. Open one to see it as its recipient does.
      </Text>
      <TimeZoneNote timeZone={times.timeZone} />
      {list.data?.held ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />} title="Mail delivery is held">
          The server was started with MAIL_HOLD, so no email leaves: new emails wait in the outbox, shown on
          this screen as waiting, until it starts without it.
        </Alert>
      ) : list.data && !list.data.delivering ? (
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
        onChange={(value) => grid.update({ filters: { status: value } })}
        clearable
        maw={240}
      />
      <Paper withBorder p="sm">
        <DataGrid
          label="Sent mail"
          noun="emails"
          errorTitle="The mail could not be loaded"
          columns={columns}
          query={list}
          rowKey={(item) => `${item.tenantId}-${item.id}`}
          grid={grid}
          minWidth={760}
          verticalSpacing="xs"
          empty="No email yet."
        />
      </Paper>
      {opened ? <MailDetail item={opened} onClose={() => grid.setParam('open', null)} /> : null}
    </Stack>
  );
}
