import { sql } from 'drizzle-orm';
import type { HomeSystemKind } from '@homeminder/shared/contracts/home-systems';
import type { Database } from '../../db/client';
import { withAllTenants, withTenant } from '../../db/data-scope';
import { queueEmail, type QueuedEmail } from '../../db/email-outbox';

/** Which notice: the wear of a system, or its warranty's end told at the first or the last notice. */
export type HomeNoticeKind = 'wearOut' | 'warrantyFirst' | 'warrantyLast';

/** A notice owed to a homeowner about one of their home's systems. */
export interface DueHomeNotice {
  tenantId: string;
  systemId: string;
  kind: HomeNoticeKind;
  /** The claim's key: the kind and the date it is about ("warrantyLast:2027-01-29"). */
  notice: string;
  system: {
    kind: HomeSystemKind;
    type: string | null;
    installedYear: number | null;
    installedMonth: number | null;
    warrantyEndsOn: string | null;
  };
  clientUserId: string;
  email: string;
  firstName: string;
  timeZone: string;
  corporationName: string;
  siteName: string | null;
  brandColour: string | null;
  hasBranding: boolean;
}

export interface HomeNoticeWindows {
  /** The morning hour of the corporation's zone from which notices go. */
  hour: number;
  /** A wear is told within these days of its being known (after, Home lists it no more). */
  wearDays: number;
  /** The warranty's two notices, in days before its last day (60, then 14). */
  warrantyDays: readonly [first: number, last: number];
}

/**
 * The homeowner emails about their home's systems (docs/decisions/093): which are owed, across
 * corporations, and the claim that sends each once. A notice is owed to an enabled homeowner who
 * has not unsubscribed, of an enabled corporation whose morning has begun.
 */
export function homeNoticesRepository(db: Database) {
  return {
    async due(at: Date, windows: HomeNoticeWindows, limit = 200): Promise<DueHomeNotice[]> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const today = sql`(${now} at time zone co.time_zone)::date`;
      const [first, last] = windows.warrantyDays;
      const result = await withAllTenants(db, () =>
        db.execute(sql`
          select h.tenant_id as "tenantId", h.id as "systemId", n.kind, n.kind || ':' || n.day as notice,
                 json_build_object('kind', h.kind, 'type', h.type, 'installedYear', h.installed_year,
                   'installedMonth', h.installed_month, 'warrantyEndsOn', h.warranty_ends_on::text) as system,
                 c.id as "clientUserId", c.email, c.first_name as "firstName", co.time_zone as "timeZone",
                 co.name as "corporationName", co.site_name as "siteName", co.brand_colour as "brandColour",
                 co.branding_image is not null as "hasBranding"
            from home_systems h
            join properties p on p.tenant_id = h.tenant_id and p.id = h.property_id
            join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
            join corporations co on co.id = h.tenant_id
            cross join lateral (values
              ('wearOut', h.wears_from,
               h.wears_from is not null and greatest(h.wears_from::timestamp at time zone co.time_zone,
                 h.installed_set_at) between ${now} - ${windows.wearDays}::int * interval '1 day' and ${now}),
              ('warrantyFirst', h.warranty_ends_on,
               ${today} between h.warranty_ends_on - ${first}::int and h.warranty_ends_on - ${last + 1}::int),
              ('warrantyLast', h.warranty_ends_on,
               ${today} between h.warranty_ends_on - ${last}::int and h.warranty_ends_on)
            ) n(kind, day, owed)
           where n.owed
             and c.enabled and c.unsubscribed_at is null
             and co.enabled and not co.is_system
             and extract(hour from ${now} at time zone co.time_zone) >= ${windows.hour}::int
             and not exists (select 1 from home_system_notices s
                              where s.tenant_id = h.tenant_id and s.system_id = h.id
                                and s.notice = n.kind || ':' || n.day)
           limit ${limit}`),
      );
      return (result as { rows: DueHomeNotice[] }).rows;
    },

    /**
     * Queues the notice's email once its claim is made, in the corporation's transaction; false
     * when another server claimed it first.
     */
    claimed(notice: DueHomeNotice, at: Date, email: QueuedEmail): Promise<boolean> {
      return withTenant(db, notice.tenantId, () =>
        db.transaction(async () => {
          const claims = await db.execute(sql`
            insert into home_system_notices (tenant_id, system_id, notice, created_at)
            values (${notice.tenantId}::uuid, ${notice.systemId}::uuid, ${notice.notice}, ${at.toISOString()}::timestamptz)
            on conflict do nothing returning notice`);
          if ((claims as { rows: unknown[] }).rows.length === 0) return false;
          await queueEmail(db, notice.tenantId, email, at);
          return true;
        }),
      );
    },
  };
}
export type HomeNoticesRepository = ReturnType<typeof homeNoticesRepository>;
