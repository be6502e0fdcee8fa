import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Gives each corporation of `tenantIds` the default set (docs/decisions/060): the shared catalogue
 * tasks that have a default position, in that order, each at its catalogue frequency. The set is
 * data in the catalogue, so a migration changes it; this reads it in one statement within the
 * caller's transaction. A retired task is skipped, and a corporation's set is kept.
 */
export async function seedDefaultReminders(tx: Pick<Database, 'execute'>, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return;
  const tenants = sql.join(
    tenantIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into default_reminders (tenant_id, reminder_id, maintenance_frequency_id, position)
    select t.id, seed.id, seed.default_frequency_id, seed.position
      from unnest(array[${tenants}]) as t(id)
     cross join (
       select r.id, r.default_frequency_id,
              (row_number() over (order by r.default_position, r.name) - 1)::smallint as position
         from reminders r
        where r.tenant_id is null and r.active and r.default_position is not null
     ) as seed
    on conflict do nothing`);
}
