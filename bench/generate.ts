// Fills a database with a customer base of any size in a few set-based statements (no row-by-row
// inserts): corporations, their staff (an administrator, a manager and realtors), clients with one
// property each, and reminder subscriptions. The first corporation is the "big" one whose grid the
// benchmarks measure.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/password';

export interface WorldSize {
  corporations: number;
  /** Clients in all, the big corporation's included. */
  clients: number;
  /** Clients of the first corporation. */
  bigCorporationClients: number;
  subscriptionsPerProperty: number;
  realtorsPerCorporation: number;
}

export interface World {
  bigCorporationId: string;
  /** Sign-ins of the big corporation, all with `password`. */
  managerEmail: string;
  realtorEmail: string;
  password: string;
}

export const benchPassword = 'Bench-Passw0rd!';

/**
 * Leaves the database as a settled server would be after writing a world: statistics and a
 * visibility map for index-only scans, as autovacuum leaves them, and what was just written on
 * disk now, not in a checkpoint in the middle of a measurement. Only a superuser (or
 * pg_checkpoint) may ask for the checkpoint; others wait for theirs.
 */
export async function settle(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`).catch(() => undefined);
}

export async function generateWorld(db: Database, size: WorldSize): Promise<World> {
  const passwordHash = await hashPassword(benchPassword);
  const others = Math.max(size.corporations - 1, 1);
  const otherClients = size.clients - size.bigCorporationClients;

  await db.execute(sql`
    insert into corporations (id, name, city, state, licensed_properties, enabled)
    select ('b0000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
           'Bench Realty ' || n, 'Austin', 'TX',
           case when n = 1 then ${size.bigCorporationClients * 2}::int else ${Math.ceil((otherClients / others) * 2) + 10}::int end,
           true
    from generate_series(1, ${size.corporations}::int) as n`);

  // Staff: per corporation an administrator (k = 0), a manager (k = 1) and realtors (k >= 2).
  await db.execute(sql`
    insert into tenant_users (tenant_id, id, email, password_hash, first_name, last_name, enabled)
    select ('b0000000-0000-4000-8000-' || lpad(to_hex(c), 12, '0'))::uuid,
           ('00000000-0000-4000-9000-' || lpad(to_hex(c * 1000 + k), 12, '0'))::uuid,
           case k when 0 then 'admin' when 1 then 'manager' else 'realtor' || (k - 1) end || '@c' || c || '.bench.test',
           ${passwordHash}, 'Staff', 'Member ' || k, true
    from generate_series(1, ${size.corporations}::int) as c, generate_series(0, ${size.realtorsPerCorporation + 1}::int) as k`);
  await db.execute(sql`
    insert into user_roles (tenant_id, user_id, role_name)
    select tenant_id, id,
           case when email like 'admin@%' then 'CorporateAdmin' when email like 'manager@%' then 'Managers' else 'Realtor' end
    from tenant_users where email like '%.bench.test'`);

  // Clients: the big corporation's first, then the rest spread over the others; each has a realtor.
  await db.execute(sql`
    insert into client_users (tenant_id, id, realtor_id, first_name, last_name, email, phone, enabled)
    select tenant, ('00000000-0000-4000-a000-' || lpad(to_hex(n), 12, '0'))::uuid,
           ('00000000-0000-4000-9000-' || lpad(to_hex(corp * 1000 + 2 + (n % ${size.realtorsPerCorporation}::int)), 12, '0'))::uuid,
           (array['Ava','Liam','Mia','Noah','Emma','Lucas','Olivia','Mateo'])[1 + n % 8],
           (array['Brown','Garcia','Kim','Patel','Wilson','Lopez','Davis','Harris'])[1 + (n / 8) % 8] || ' ' || n,
           'client' || n || '@example.com', '(555) 010-' || lpad((n % 10000)::text, 4, '0'), n % 10 <> 0
    from (
      select n, corp, ('b0000000-0000-4000-8000-' || lpad(to_hex(corp), 12, '0'))::uuid as tenant
      from (
        select n, case when n <= ${size.bigCorporationClients}::int then 1
                       else 2 + (n - ${size.bigCorporationClients}::int) % ${others}::int end as corp
        from generate_series(1, ${size.clients}::int) as n
      ) spread
    ) numbered`);
  await db.execute(sql`
    insert into properties (tenant_id, id, client_user_id, address_line, city, state, zip, enabled, pending)
    select tenant_id, id, id, (100 + abs(hashtext(id::text)) % 900) || ' Maple Street', 'Austin', 'TX', '78701',
           enabled, abs(hashtext(id::text)) % 17 = 0
    from client_users where email like 'client%@example.com'`);
  await db.execute(sql`
    insert into reminder_subscriptions (tenant_id, property_id, reminder_id, maintenance_frequency_id, next_due_at, anchor_on)
    select tenant_id, property_id, reminder_id, frequency_id, due, (due at time zone 'America/New_York')::date
    from (
      select p.tenant_id, p.id as property_id, r.id as reminder_id, r.default_frequency_id as frequency_id, r.n,
             now() + ((abs(hashtext(p.id::text)) % 365 + r.n * 13) % 365) * interval '1 day' as due,
             p.client_user_id
      from properties p
      cross join lateral (
        select id, default_frequency_id, row_number() over (order by name) as n from reminders
      ) r
    ) planned
    where client_user_id::text like '00000000-0000-4000-a000-%'
      and n <= ${size.subscriptionsPerProperty}::int`);
  await settle(db);

  return {
    bigCorporationId: 'b0000000-0000-4000-8000-000000000001',
    managerEmail: 'manager@c1.bench.test',
    realtorEmail: 'realtor1@c1.bench.test',
    password: benchPassword,
  };
}
