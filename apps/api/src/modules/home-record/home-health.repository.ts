import { sql } from 'drizzle-orm';
import type { HealthInput, HealthScore } from '@homeminder/shared/health-score';
import type { Database } from '../../db/client';
import { withAllTenants, withTenant } from '../../db/data-scope';

/** What scores a home, as read in one statement: its day, overdue tasks, systems and last care. */
export interface HealthInputs extends Omit<HealthInput, 'today'> {
  propertyId: string;
  /** The corporation's local date now, 'YYYY-MM-DD'. */
  today: string;
}

/** Days after its reminder went out that a task not marked done (nor put off) counts as overdue. */
export const overdueAfterDays = 7;

/**
 * The health scores of homes (docs/decisions/095): what each is scored from, the kept scores, and
 * the homes due a new score (none yet, or scored before their corporation's today).
 */
export function homeHealthRepository(db: Database) {
  return {
    inCorporation<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
      return withTenant(db, tenantId, work);
    },

    async inputsOf(tenantId: string, propertyIds: readonly string[], at: Date): Promise<HealthInputs[]> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const ids = `{${propertyIds.map((id) => id.toLowerCase()).join(',')}}`;
      const result = await db.execute(sql`
        select p.id as "propertyId",
               ((p.created_at at time zone co.time_zone)::date)::text as since,
               ((${now} at time zone co.time_zone)::date)::text as today,
               coalesce((
                 select json_agg(json_build_object('task', r.name, 'category', r.category,
                          'dueOn', ((s.last_sent_at at time zone co.time_zone)::date)::text)
                          order by s.last_sent_at)
                   from reminder_subscriptions s
                   join reminders r on r.id = s.reminder_id
                  where s.tenant_id = p.tenant_id and s.property_id = p.id and s.paused_at is null
                    and p.enabled and not p.pending
                    and s.last_sent_at < ${now} - ${overdueAfterDays}::int * interval '1 day'
                    and not exists (select 1 from reminder_answers a
                                     where a.tenant_id = s.tenant_id and a.subscription_id = s.id
                                       and a.kind in ('done', 'later') and a.created_at >= s.last_sent_at)
               ), '[]'::json) as overdue,
               coalesce((
                 select json_agg(json_build_object('kind', h.kind, 'type', h.type,
                          'installedYear', h.installed_year, 'installedMonth', h.installed_month))
                   from home_systems h where h.tenant_id = p.tenant_id and h.property_id = p.id
               ), '[]'::json) as systems,
               (select max(e.done_on)::text from home_care_entries e
                 where e.tenant_id = p.tenant_id and e.property_id = p.id) as "lastCareOn"
          from properties p
          join corporations co on co.id = p.tenant_id
         where p.tenant_id = ${tenantId} and p.id = any(${ids}::uuid[])`);
      return (result as { rows: HealthInputs[] }).rows;
    },

    async keep(
      tenantId: string,
      scores: readonly (HealthScore & { propertyId: string; scoredOn: string })[],
    ) {
      if (scores.length === 0) return;
      const rows = scores.map((one) => ({
        propertyId: one.propertyId,
        score: one.score,
        band: one.band,
        reasons: one.reasons,
        scoredOn: one.scoredOn,
      }));
      await db.execute(sql`
        insert into home_health (tenant_id, property_id, score, band, reasons, scored_on, updated_at)
        select ${tenantId}::uuid, r."propertyId", r.score, r.band, r.reasons, r."scoredOn", now()
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r("propertyId" uuid, score smallint, band text, reasons jsonb, "scoredOn" date)
        on conflict (tenant_id, property_id) do update
          set score = excluded.score, band = excluded.band, reasons = excluded.reasons,
              scored_on = excluded.scored_on, updated_at = excluded.updated_at`);
    },

    /** Homes of enabled corporations not scored yet on their corporation's today, across corporations. */
    async due(at: Date, limit = 500): Promise<{ tenantId: string; propertyId: string }[]> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const result = await withAllTenants(db, () =>
        db.execute(sql`
          select p.tenant_id as "tenantId", p.id as "propertyId"
            from properties p
            join corporations co on co.id = p.tenant_id
            left join home_health h on h.tenant_id = p.tenant_id and h.property_id = p.id
           where co.enabled and not co.is_system
             and (h.property_id is null or h.scored_on < (${now} at time zone co.time_zone)::date)
           limit ${limit}`),
      );
      return (result as { rows: { tenantId: string; propertyId: string }[] }).rows;
    },
  };
}
export type HomeHealthRepository = ReturnType<typeof homeHealthRepository>;
