// Bulk upload: 10 000 spreadsheet rows queued (in the browser's 500-row chunks) and processed
// through the bulk service on PostgreSQL, each row validated by the shared rules and created with its
// audit entry, 500 rows per transaction (ADR 032). Baseline: the same clients, properties and
// subscriptions written by one set-based INSERT ... SELECT per table, with no checks, in the same
// database. Half the rows name no reminders and get the corporation's default set; the properties
// lie in three climates, so seasonal tasks are scheduled by their season (docs/decisions/058, 060).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { BulkRowData } from '@homeminder/shared/contracts/bulk';
import { Privilege } from '@homeminder/shared/permissions';
import type { Database } from '../apps/api/src/db/client';
import { withTenant } from '../apps/api/src/db/data-scope';
import { seedDefaultReminders } from '../apps/api/src/db/default-reminder-seed';
import { corporations } from '../apps/api/src/db/schema';
import { auditService } from '../apps/api/src/modules/audit/audit.service';
import { bulkBatchRows } from '../apps/api/src/modules/bulk/bulk-processing';
import { bulkService } from '../apps/api/src/modules/bulk/bulk.service';
import { clientsRepository } from '../apps/api/src/modules/clients/clients.repository';
import type { AuthContext } from '../apps/api/src/access/auth-context';
import type { Benchmark, Figure } from './harness';

const chunkRows = 500;

/** Three climates, so seasonal tasks fall in different months. */
const places = [
  { city: 'Springfield', state: 'IL', zip: '62704' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Miami', state: 'FL', zip: '33101' },
];
const namedReminders = ['Replace HVAC filter', 'Clean gutters and downspouts'];

/** Odd rows name no reminders, as a CRM's file does, and get the default set. */
function rowsFor(count: number, domain: string): BulkRowData[] {
  return Array.from({ length: count }, (_, index) => ({
    firstName: 'Bench',
    lastName: `Client${index}`,
    email: `client.${index}@${domain}`,
    phone: `(555) ${String(200 + (index % 700)).padStart(3, '0')}-${String(1000 + (index % 9000))}`,
    addressLine: `${index + 1} Harbor Road`,
    ...places[index % places.length]!,
    reminders: index % 2 === 0 ? `${namedReminders[0]}: Monthly; ${namedReminders[1]}` : '',
  }));
}

/** A corporation with the default reminder set every new one gets. */
async function newCorporation(db: Database, name: string, licensed: number): Promise<string> {
  const [row] = await db
    .insert(corporations)
    .values({ name, licensedProperties: licensed })
    .returning({ id: corporations.id });
  await seedDefaultReminders(db, [row!.id]);
  return row!.id;
}

function uploader(tenantId: string): AuthContext {
  return {
    tokenHash: 'bench',
    kind: 'staff',
    userId: randomUUID(),
    homeTenantId: tenantId,
    tenantId,
    email: 'bench@bulk.test',
    name: 'Bench Uploader',
    homeTenantName: 'Bench',
    roles: ['CorporateAdmin'],
    privileges: new Set([Privilege.CanBulkUploadClients, Privilege.CanManageClients]),
    impersonator: null,
  };
}

const benchmark: Benchmark = {
  name: 'bulk',
  async run(context) {
    const { quick } = context;
    const record = (figure: Figure) => context.record(figure);
    const count = quick ? 1_000 : 10_000;
    const { handle } = await context.createDatabase('bulk');
    // Setting up and the baseline work as the tables' owner; the product as the server does, in
    // the corporation's data scope.
    const db = handle.ownerDb;
    const scoped = handle.db;
    const service = bulkService({
      db: scoped,
      clients: clientsRepository(scoped),
      audit: auditService(scoped),
    });

    // ── the baseline first, on the fresh database: one INSERT ... SELECT per table ──
    const baselineTenant = await newCorporation(db, 'Bulk Baseline', count);
    // Ids made here, as a loader would, so the three inserts need no join between them.
    const baselineRows = rowsFor(count, 'baseline.bench').map((row) => ({
      client_id: randomUUID(),
      property_id: randomUUID(),
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      phone: (row.phone ?? '').replace(/\D/g, ''),
      address_line: row.addressLine,
      city: row.city,
      state: row.state,
      zip: row.zip,
      named: row.reminders !== '',
    }));
    const baselineStart = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with src as (
          select * from jsonb_to_recordset(${JSON.stringify(baselineRows)}::jsonb) as r(
            client_id uuid, property_id uuid, first_name text, last_name text, email text, phone text,
            address_line text, city text, state text, zip text, named boolean)
        ), c as (
          insert into client_users (tenant_id, id, first_name, last_name, email, phone)
          select ${baselineTenant}, client_id, first_name, last_name, email, phone from src
        ), p as (
          insert into properties (tenant_id, id, client_user_id, address_line, city, state, zip)
          select ${baselineTenant}, property_id, client_id, address_line, city, state, zip from src
        )
        insert into reminder_subscriptions (tenant_id, property_id, reminder_id, maintenance_frequency_id, next_due_at, anchor_on)
        select ${baselineTenant}, s.property_id, r.id,
          case when s.named and r.name = ${namedReminders[0]} then 1 else r.default_frequency_id end,
          now() + interval '1 month', current_date
        from src s join reminders r on r.tenant_id is null and case
          when s.named then r.name = any(string_to_array(${namedReminders.join('|')}, '|'))
          else r.active and r.default_position is not null end`);
    });
    const baselineSeconds = (performance.now() - baselineStart) / 1000;

    // ── the product: queue in chunks, then process ──
    const tenantId = await newCorporation(db, 'Bulk Bench', count);
    const caller = { auth: uploader(tenantId), ip: '127.0.0.1' };
    const rows = rowsFor(count, 'bulk.bench');
    const queueStart = performance.now();
    // As the browser sends a file: its name, one upload id, and each row's line under the header.
    const upload = { fileName: 'bench.csv', uploadId: randomUUID() };
    for (let start = 0; start < rows.length; start += chunkRows) {
      const items = rows
        .slice(start, start + chunkRows)
        .map((data, index) => ({ itemId: randomUUID(), line: start + index + 2, data }));
      await withTenant(scoped, tenantId, () => service.queue(caller, tenantId, { ...upload, items }));
    }
    const queueSeconds = (performance.now() - queueStart) / 1000;
    const processStart = performance.now();
    const result = await service.process(caller, tenantId);
    const processSeconds = (performance.now() - processStart) / 1000;
    if (result.created !== count) throw new Error(`processing created ${result.created} of ${count} rows`);
    context.log(
      `${count} rows: queued in ${queueSeconds.toFixed(1)} s, processed in ${processSeconds.toFixed(1)} s ` +
        `(${Object.keys(result.errors).length} errors, ${result.needsLicenses} over the license)`,
    );

    const counted = await db.execute(sql`select
        (select count(*)::int from client_users where tenant_id = ${tenantId}) as product,
        (select count(*)::int from reminder_subscriptions where tenant_id = ${tenantId}) as "productSubscriptions",
        (select count(*)::int from client_users where tenant_id = ${baselineTenant}) as baseline,
        (select count(*)::int from reminder_subscriptions where tenant_id = ${baselineTenant}) as "baselineSubscriptions"`);
    // Both drivers respond with an object with `rows`.
    const [made] = (counted as { rows: Array<Record<string, number>> }).rows;
    if (
      made?.product !== count ||
      made.baseline !== count ||
      made.productSubscriptions !== made.baselineSubscriptions
    )
      throw new Error(`the two paths wrote different data: ${JSON.stringify(made)}`);

    const baselineRate = count / baselineSeconds;
    const baseline = {
      name: `one INSERT ... SELECT per table, ${count} rows, no checks`,
      value: baselineRate,
    };
    record({
      metric: `bulk upload of ${count} rows, queue + process: rows per second`,
      unit: 'rows/s',
      value: count / (queueSeconds + processSeconds),
      baseline,
      higherIsBetter: true,
    });
    record({
      metric: `bulk queue (validated, ${chunkRows}-row chunks): rows per second`,
      unit: 'rows/s',
      value: count / queueSeconds,
      baseline,
      higherIsBetter: true,
    });
    record({
      metric: `bulk process (${bulkBatchRows}-row transactions, audited): rows per second`,
      unit: 'rows/s',
      value: count / processSeconds,
      baseline,
      higherIsBetter: true,
    });
  },
};
export default benchmark;
