import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The reminders every new corporation's default set starts with (docs/decisions/060), by their
 * catalogue names, each at its catalogue frequency: what a home-maintenance service sends first.
 * Migration 0014 gave the corporations of its day the same list (a test keeps the two alike).
 */
export const defaultReminderSeed = [
  'Replace HVAC filter',
  'Test smoke and CO detectors',
  'Clean gutters and downspouts',
  'Flush the water heater',
  'Clean the dryer vent',
  'Service heating system',
  'Service air conditioner',
] as const;

/**
 * Gives each corporation of `tenantIds` the seed set, in one statement within the caller's
 * transaction; reminders missing from the catalogue are skipped, a corporation's set kept.
 */
export async function seedDefaultReminders(tx: Pick<Database, 'execute'>, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return;
  const tenants = sql.join(
    tenantIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const names = sql.join(
    defaultReminderSeed.map((name) => sql`${name}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into default_reminders (tenant_id, reminder_id, maintenance_frequency_id, position)
    select t.id, r.id, r.default_frequency_id, (seed.position - 1)::smallint
      from unnest(array[${tenants}]) as t(id)
     cross join unnest(array[${names}]::text[]) with ordinality as seed(name, position)
      join reminders r on r.name = seed.name and r.tenant_id is null and r.active
    on conflict do nothing`);
}
