import { Paper, Stack, Text } from '@mantine/core';
import { usePhone } from '../../lib/phone';
import type { AuditEntry } from '@homeminder/shared/contracts/audit';
import { useSession } from '../../lib/session-store';
import { corporationColumn, DataGrid, useGridUrlState, type GridColumn } from '../../components/data-grid';
import { useStaffTimes } from '../../lib/corporation-time-zone';
import { TimeZoneNote } from '../../components/time-zone-note';
import { useAuditLog } from './api';
import { AuditCards, AuditWhat, AuditWho } from './audit-entry';
import { auditDates, auditGridConfig, AuditFilters } from './audit-filters';

/**
 * Audit Log (docs/decisions/081): who did what, to which record, with each change before and
 * after; a session of acting as another user is one entry naming both people.
 */
export function Component() {
  const grid = useGridUrlState(auditGridConfig);
  const times = useStaffTimes();
  const { state } = grid;
  const { person, action, record } = state.filters;
  const acrossTenants = useSession(
    (session) => session.identity?.privileges.includes('ActAcrossTenants') ?? false,
  );
  const isMobile = usePhone();

  const log = useAuditLog({
    page: state.page,
    pageSize: Number(state.pageSize),
    ...(person && { personId: person }),
    ...(action && { action }),
    ...(record && { record }),
    ...auditDates(state.filters, times.timeZone),
  });

  const columns: GridColumn<AuditEntry>[] = [
    { key: 'at', header: 'When', cell: { nowrap: true }, render: (entry) => times.dateTime(entry.at) },
    ...corporationColumn<AuditEntry>(acrossTenants),
    { key: 'who', header: 'Who', cell: { maw: 220 }, render: (entry) => <AuditWho entry={entry} /> },
    {
      key: 'what',
      header: 'What',
      render: (entry) => <AuditWhat entry={entry} dateTime={times.dateTime} />,
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
        newest first. A session of acting as another user is one entry naming both people.
      </Text>
      <TimeZoneNote timeZone={times.timeZone} />
      <AuditFilters grid={grid} acrossTenants={acrossTenants} />
      <Paper withBorder p="sm">
        <DataGrid
          label="Audit log"
          noun="entries"
          errorTitle="The audit log could not be loaded"
          columns={columns}
          query={log}
          rowKey={(entry) => `${entry.tenantId}-${entry.id}`}
          grid={grid}
          minWidth={820}
          verticalSpacing="xs"
          phone={isMobile}
          cards={(entries) => (
            <AuditCards entries={entries} dateTime={times.dateTime} acrossTenants={acrossTenants} />
          )}
          empty="No entries match these filters."
        />
      </Paper>
    </Stack>
  );
}
