import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Paper, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@homeminder/shared/contracts/audit';
import { api } from '../../lib/http';
import { useSession } from '../../lib/session-store';
import {
  corporationColumn,
  DataGrid,
  GridSearch,
  textFilter,
  useGridUrlState,
  type GridColumn,
  type GridConfig,
} from '../../components/data-grid';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { TimeZoneNote } from '../../components/time-zone-note';

/** 25 entries a page, newest first; `?page=2&action=login` in the address. */
const gridConfig: GridConfig<never, 'action'> = {
  sizes: ['25'],
  sortColumns: [],
  filters: { action: textFilter },
};

/** Audit Log: who did what, to which record, when, and who was really acting. */
export function Component() {
  const grid = useGridUrlState(gridConfig);
  const times = useStaffTimes();
  const { state } = grid;
  const action = state.filters.action ?? '';
  const page = state.page;
  const pageSize = Number(state.pageSize);
  const tenant = useSession((session) => session.tenantID);
  const acrossTenants = useSession(
    (session) => session.identity?.privileges.includes('ActAcrossTenants') ?? false,
  );

  const log = useQuery({
    queryKey: [tenant, 'audit', page, action],
    queryFn: ({ signal }) =>
      api.post('/admin/audit/query', {
        body: { page, pageSize, ...(action ? { action } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const columns: GridColumn<AuditEntry>[] = [
    { key: 'at', header: 'When', cell: { nowrap: true }, render: (entry) => times.dateTime(entry.at) },
    ...corporationColumn<AuditEntry>(acrossTenants),
    {
      key: 'who',
      header: 'Who',
      render: (entry) => (
        <>
          <Text size="sm">{entry.actorName ?? 'System'}</Text>
          {entry.realActorName ? (
            <Badge size="xs" color="orange" variant="light">
              by {entry.realActorName}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      render: (entry) => (
        <Text size="sm" ff="monospace">
          {entry.action}
        </Text>
      ),
    },
    {
      key: 'record',
      header: 'Record',
      render: (entry) => (
        <Text size="sm" c="gray.7">
          {entry.recordType ? `${entry.recordType} ${entry.recordId?.slice(0, 8) ?? ''}` : '—'}
        </Text>
      ),
    },
    {
      key: 'address',
      header: 'Address',
      render: (entry) => (
        <Text size="sm" c="gray.7">
          {entry.ipAddress ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <Stack>
      <Text c="gray.7">
        {acrossTenants ? 'Every change in every corporation' : "Every change in your company's account"},
        newest first. Entries made while someone acted as another user name both people.
      </Text>
      <TimeZoneNote timeZone={times.timeZone} />
      <GridSearch
        label="Filter by action"
        placeholder="for example: login, client, notification"
        value={action}
        onSearch={(text) => grid.update({ filters: { action: text || null } }, { replace: true })}
        maw={420}
      />
      <Paper withBorder p="sm">
        <DataGrid
          label="Audit log"
          noun="entries"
          errorTitle="The audit log could not be loaded"
          columns={columns}
          query={log}
          rowKey={(entry) => `${entry.tenantId}-${entry.id}`}
          grid={grid}
          minWidth={760}
          verticalSpacing="xs"
          empty="No entries match this filter."
        />
      </Paper>
    </Stack>
  );
}
