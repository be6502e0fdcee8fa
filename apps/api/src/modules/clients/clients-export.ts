import { attentionReasonLabels } from '@homeminder/shared/contracts/attention';
import { bulkReminderSeparator } from '@homeminder/shared/contracts/bulk';
import { formatClientField, isClientFieldName } from '@homeminder/shared/contracts/client-fields';
import { clientExportColumns, type ClientExportRow } from '@homeminder/shared/contracts/client-export';
import { clientStatusLabels, type ClientGridRow } from '@homeminder/shared/contracts/clients';
import {
  homeColumnNames,
  homeColumnText,
  type HomeColumnName,
  type HomeForColumns,
} from '@homeminder/shared/contracts/home-columns';
import { formatDueDate } from '@homeminder/shared/due-date';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import type { Caller } from '../../access/auth-context';
import type { AuditService } from '../audit';
import { scopeOf } from './caller-scope';
import type { ClientsRepository } from './clients.repository';
import { csvText } from './csv';
import type { GridFilter } from './grid-total-cache';

/** The most rows one CSV export holds; a filter narrows a bigger list. */
const exportRowLimit = 50_000;

/** Properties whose reminders are read in one statement. */
const subscriptionChunk = 5_000;

/** What the export's CSV reads of the clients' data besides the rows. */
export type CsvReads = Pick<
  ClientsRepository,
  | 'replyCounts'
  | 'attentionReasons'
  | 'corporationTimeZone'
  | 'realtors'
  | 'subscriptionsOf'
  | 'homesForColumns'
>;

/** A home's columns as the bulk upload reads them back (docs/decisions/092). */
const homeCells = (home: HomeForColumns | undefined) =>
  Object.fromEntries(homeColumnNames.map((name) => [name, homeColumnText(name, home)])) as Record<
    HomeColumnName,
    string
  >;

/**
 * Each property's reminders as the bulk upload reads them: "name: frequency", separated by "; ".
 */
async function remindersText(
  clients: Pick<ClientsRepository, 'subscriptionsOf'>,
  tenantId: string,
  propertyIds: string[],
): Promise<Map<string, string>> {
  const text = new Map<string, string>();
  for (let start = 0; start < propertyIds.length; start += subscriptionChunk) {
    const byProperty = await clients.subscriptionsOf(
      tenantId,
      propertyIds.slice(start, start + subscriptionChunk),
    );
    for (const [propertyId, subscriptions] of byProperty) {
      const names = subscriptions.map((one) => `${one.reminderName}: ${one.frequencyName}`);
      text.set(propertyId, names.join(`${bulkReminderSeparator} `));
    }
  }
  return text;
}

/** Each client's replies by kind (docs/decisions/061), read in chunks like the reminders. */
async function replyCountsOf(
  clients: Pick<ClientsRepository, 'replyCounts'>,
  tenantId: string,
  clientIds: string[],
) {
  const counts = new Map<string, Record<'done' | 'later' | 'help', number>>();
  for (let start = 0; start < clientIds.length; start += subscriptionChunk) {
    const chunk = await clients.replyCounts(tenantId, clientIds.slice(start, start + subscriptionChunk));
    for (const [id, one] of chunk) counts.set(id, one);
  }
  return counts;
}

/** The whole filtered list (up to `exportRowLimit` rows) as CSV, in the grid's order. */
export async function exportClientsCsv(
  clients: CsvReads & Pick<ClientsRepository, 'grid'>,
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
      activity: query.activity ?? 'all',
      attention: query.attention ?? 'all',
      systems: query.systems ?? 'all',
      health: query.health ?? 'all',
      realtorId: query.realtorId ?? null,
    },
    ipAddress: ip,
  });
  return clientsCsv(clients, scope, items, query.asOf ?? new Date());
}

/**
 * Grid rows as the export's CSV: the realtor by email, the reminders, the replies and the
 * attention reasons of each, read for all the rows at once.
 */
export async function clientsCsv(
  clients: CsvReads,
  scope: { tenantId: string; realtorId: string | null },
  items: ClientGridRow[],
  asOf: Date,
): Promise<string> {
  // Written as the portal shows them: dates as DDMMMYYYY in the corporation's zone, statuses
  // by name, and no next date for a property whose reminders are not sent (its status says why).
  const timeZone = scheduleTimeZone(await clients.corporationTimeZone(scope.tenantId));
  // The realtor by email and the reminders by name, as the bulk upload takes them back.
  const realtorEmail = new Map(
    (await clients.realtors(scope.tenantId)).map((realtor) => [realtor.id, realtor.email]),
  );
  const reminders = await remindersText(
    clients,
    scope.tenantId,
    items.flatMap((row) => (row.propertyId ? [row.propertyId] : [])),
  );
  const replies = await replyCountsOf(clients, scope.tenantId, [
    ...new Set(items.map((row) => row.clientId)),
  ]);
  const homes = await clients.homesForColumns(
    scope.tenantId,
    items.flatMap((row) => (row.propertyId ? [row.propertyId] : [])),
  );
  const attention = await clients.attentionReasons(scope.tenantId, asOf);
  const rows: ClientExportRow[] = items.map((row) => {
    const counts = replies.get(row.clientId);
    const reasons = attention.get(row.clientId) ?? [];
    return {
      ...row,
      ...homeCells(row.propertyId ? homes.get(row.propertyId) : undefined),
      realtorEmail: row.realtorId ? (realtorEmail.get(row.realtorId) ?? null) : null,
      reminders: row.propertyId ? (reminders.get(row.propertyId) ?? '') : '',
      repliesDone: counts?.done ?? 0,
      repliesLater: counts?.later ?? 0,
      repliesHelp: counts?.help ?? 0,
      attention: reasons.map((reason) => attentionReasonLabels[reason]).join('; '),
    };
  });
  const cell = (row: ClientExportRow, key: (typeof clientExportColumns)[number][1]) => {
    if (key === 'nextDueAt')
      return row.status === 'enabled' && row.nextDueAt ? formatDueDate(row.nextDueAt, timeZone) : '';
    if (key === 'unsubscribedAt' || key === 'lastActivityAt') {
      const at = row[key];
      return at ? formatDueDate(at, timeZone) : '';
    }
    if (key === 'status') return clientStatusLabels[row.status];
    if (isClientFieldName(key)) return formatClientField(key, row[key]);
    if (key === 'repliesDone' || key === 'repliesLater' || key === 'repliesHelp') return String(row[key]);
    return row[key];
  };
  return csvText([
    clientExportColumns.map(([header]) => header),
    ...rows.map((row) => clientExportColumns.map(([, key]) => cell(row, key))),
  ]);
}
