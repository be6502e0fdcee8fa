import { clientExportColumns, clientStatusLabels } from '@homeminder/shared/contracts/clients';
import { formatDueDate } from '@homeminder/shared/due-date';
import { formatPhone } from '@homeminder/shared/format';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import type { Caller } from '../../access/auth-context';
import type { AuditService } from '../audit/audit.service';
import { scopeOf } from './caller-scope';
import type { ClientsRepository } from './clients.repository';
import { csvText } from './csv';
import type { GridFilter } from './grid-total-cache';

/** The most rows one CSV export holds; a filter narrows a bigger list. */
const exportRowLimit = 50_000;

/** The whole filtered list (up to `exportRowLimit` rows) as CSV, in the grid's order. */
export async function exportClientsCsv(
  clients: ClientsRepository,
  audit: AuditService,
  { auth, ip }: Caller,
  query: GridFilter,
): Promise<string> {
  const scope = scopeOf(auth);
  const { items } = await clients.grid(
    scope.tenantId,
    scope.realtorId,
    query,
    { limit: exportRowLimit, offset: 0 },
    false,
  );
  await audit.record({
    tenantId: scope.tenantId,
    actorUserId: auth.userId,
    action: 'clients.exported',
    details: {
      rows: items.length,
      search: query.search ?? null,
      status: query.status,
      realtorId: query.realtorId ?? null,
    },
    ipAddress: ip,
  });
  // Written as the portal shows them: dates as DDMMMYYYY in the corporation's zone, statuses
  // by name, and no next date for a property whose reminders are not sent (its status says why).
  const timeZone = scheduleTimeZone(await clients.corporationTimeZone(scope.tenantId));
  const cell = (row: (typeof items)[number], key: (typeof clientExportColumns)[number][1]) => {
    if (key === 'nextDueAt')
      return row.status === 'enabled' && row.nextDueAt ? formatDueDate(row.nextDueAt, timeZone) : '';
    if (key === 'unsubscribedAt')
      return row.unsubscribedAt ? formatDueDate(row.unsubscribedAt, timeZone) : '';
    if (key === 'status') return clientStatusLabels[row.status];
    if (key === 'phone') return formatPhone(row.phone);
    return row[key];
  };
  return csvText([
    clientExportColumns.map(([header]) => header),
    ...items.map((row) => clientExportColumns.map(([, key]) => cell(row, key))),
  ]);
}
