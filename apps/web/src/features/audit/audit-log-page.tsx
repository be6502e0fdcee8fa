import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Group, Pagination, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatDateTime } from '@homeminder/shared/format';
import { api } from '../../lib/http';
import { useSession } from '../../lib/session-store';
import { LoadError } from '../../components/errors/load-error';
import { TableEmptyRow, TableLoadingRows } from '../../components/table-state-rows';

const pageSize = 25;

/** Audit Log: who did what, to which record, when, and who was really acting. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [action, setAction] = useState(params.get('action') ?? '');
  const [debouncedAction] = useDebouncedValue(action.trim(), 300);
  const tenant = useSession((state) => state.tenantID);
  const acrossTenants = useSession(
    (state) => state.identity?.privileges.includes('ActAcrossTenants') ?? false,
  );

  const columns = acrossTenants ? 6 : 5;

  const log = useQuery({
    queryKey: [tenant, 'audit', page, debouncedAction],
    queryFn: ({ signal }) =>
      api.post('/admin/audit/query', {
        body: { page, pageSize, ...(debouncedAction ? { action: debouncedAction } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const setPage = (next: number) =>
    setParams((current) => {
      current.set('page', String(next));
      return current;
    });
  const totalPages = Math.max(1, Math.ceil((log.data?.totalItemCount ?? 0) / pageSize));

  return (
    <Stack>
      <Text c="gray.7">
        {acrossTenants ? 'Every change in every corporation' : "Every change in your company's account"},
        newest first. Entries made while someone acted as another user name both people.
      </Text>
      <TextInput
        label="Filter by action"
        placeholder="for example: login, client, notification"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={action}
        onChange={(event) => {
          setAction(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {log.isError ? (
        <LoadError title="The audit log could not be loaded" error={log.error} onRetry={log.refetch} />
      ) : null}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                {acrossTenants ? <Table.Th>Corporation</Table.Th> : null}
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.isPending ? <TableLoadingRows columns={columns} /> : null}
              {log.data?.items.length === 0 ? (
                <TableEmptyRow columns={columns}>No entries match this filter.</TableEmptyRow>
              ) : null}
              {log.data?.items.map((entry) => (
                <Table.Tr key={`${entry.tenantId}-${entry.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                  {acrossTenants ? <Table.Td>{entry.tenantName}</Table.Td> : null}
                  <Table.Td>
                    <Text size="sm">{entry.actorName ?? 'System'}</Text>
                    {entry.realActorName ? (
                      <Badge size="xs" color="orange" variant="light">
                        by {entry.realActorName}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {entry.action}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="gray.7">
                      {entry.recordType ? `${entry.recordType} ${entry.recordId?.slice(0, 8) ?? ''}` : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="gray.7">
                      {entry.ipAddress ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="gray.7">
          {log.data ? `${log.data.totalItemCount} entries` : ''}
        </Text>
        <Pagination
          total={totalPages}
          value={Math.min(page, totalPages)}
          onChange={setPage}
          aria-label="Pages"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      </Group>
    </Stack>
  );
}
