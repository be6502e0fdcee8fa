import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { HomeSummary } from '@homeminder/shared/contracts/identity';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll, type TestApp } from '../../test/test-app';

type ClientCounts = Pick<
  HomeSummary,
  | 'clients'
  | 'enabledProperties'
  | 'noReminderProperties'
  | 'unsubscribedProperties'
  | 'pendingProperties'
  | 'disabledProperties'
  | 'replacementSoonProperties'
  | 'dueNext30Days'
>;

/** The client counts computed straight from the tables, independently of the repository. */
async function expectedClientCounts(
  t: TestApp,
  tenantId: string,
  realtorEmail?: string,
): Promise<ClientCounts> {
  const realtorFilter = realtorEmail
    ? sql`and c.realtor_id = (select id from tenant_users where email = ${realtorEmail})`
    : sql``;
  const [clients] = await t.rows<{ n: number }>(
    sql`select count(*)::int as n from client_users c where c.tenant_id = ${tenantId} ${realtorFilter}`,
  );
  const [properties] = await t.rows<{
    enabled: number;
    noReminders: number;
    unsubscribed: number;
    pending: number;
    disabled: number;
    replacementSoon: number;
  }>(
    sql`select
          count(*) filter (where p.enabled and not p.pending and c.unsubscribed_at is null and r.has)::int as enabled,
          count(*) filter (where p.enabled and not p.pending and c.unsubscribed_at is null and not r.has)::int as "noReminders",
          count(*) filter (where p.enabled and not p.pending and c.unsubscribed_at is not null)::int as unsubscribed,
          count(*) filter (where p.enabled and p.pending)::int as pending,
          count(*) filter (where not p.enabled)::int as disabled,
          count(*) filter (where exists (select 1 from home_systems h where h.tenant_id = p.tenant_id
            and h.property_id = p.id and h.wears_from <= ${t.clock.now().toISOString().slice(0, 10)}::date))::int
            as "replacementSoon"
        from properties p
        cross join lateral (select exists (select 1 from reminder_subscriptions s
          where s.tenant_id = p.tenant_id and s.property_id = p.id) as has) r
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        where p.tenant_id = ${tenantId} ${realtorFilter}`,
  );
  const now = t.clock.now().toISOString();
  const horizon = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();
  const [due] = await t.rows<{ n: number }>(
    sql`select count(*)::int as n
        from reminder_subscriptions s
        join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
        join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        where s.tenant_id = ${tenantId} and s.next_due_at >= ${now}::timestamptz
          and s.next_due_at < ${horizon}::timestamptz
          and p.enabled and not p.pending and c.enabled and c.unsubscribed_at is null ${realtorFilter}`,
  );
  return {
    clients: clients!.n,
    enabledProperties: properties!.enabled,
    noReminderProperties: properties!.noReminders,
    unsubscribedProperties: properties!.unsubscribed,
    pendingProperties: properties!.pending,
    disabledProperties: properties!.disabled,
    replacementSoonProperties: properties!.replacementSoon,
    dueNext30Days: due!.n,
  };
}

const noStaffCounts = {
  licensedProperties: null,
  licenseEndedOn: null,
  realtors: null,
  corporateUsers: null,
};
const noOperatorCounts = { corporations: null, activeNotifications: null };

describeEachDriver('GET /home/summary', (t) => {
  const token = signInBeforeAll(t);
  const summary = async (email: string, tenantId?: string): Promise<HomeSummary> => {
    const response = await t.api({
      path: '/home/summary',
      token: token(email),
      ...(tenantId ? { tenantId } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeSummary>();
  };

  it("shows a realtor only the realtor's own clients", async () => {
    const realtor = await summary('realtor@acme.test');
    expect(realtor).toEqual({
      ...(await expectedClientCounts(t, ACME_TENANT_ID, 'realtor@acme.test')),
      ...noStaffCounts,
      ...noOperatorCounts,
    });
    // The demo data gives each of Acme's two realtors half of its 40 clients.
    expect(realtor.clients).toBe(20);
    expect(
      realtor.enabledProperties! +
        realtor.noReminderProperties! +
        realtor.unsubscribedProperties! +
        realtor.pendingProperties! +
        realtor.disabledProperties!,
    ).toBe(20);
    expect(realtor.dueNext30Days).toBeGreaterThan(0);
  });

  it("shows a manager all the corporation's clients and its staff", async () => {
    const manager = await summary('manager@acme.test');
    expect(manager).toEqual({
      ...(await expectedClientCounts(t, ACME_TENANT_ID)),
      licensedProperties: 100,
      licenseEndedOn: null,
      realtors: 2,
      corporateUsers: 2,
      ...noOperatorCounts,
    });
    expect(manager.clients).toBe(40);
    expect(manager.pendingProperties).toBeGreaterThan(0);
    expect(manager.disabledProperties).toBeGreaterThan(0);

    // The two realtors' shares add up to the corporation's figures, and each is smaller.
    const first = await summary('realtor@acme.test');
    const second = await summary('realtor2@acme.test');
    for (const key of [
      'clients',
      'enabledProperties',
      'unsubscribedProperties',
      'pendingProperties',
      'disabledProperties',
      'replacementSoonProperties',
      'dueNext30Days',
    ] as const) {
      expect(first[key]! + second[key]!, key).toBe(manager[key]);
    }
    expect(first.clients).toBeLessThan(manager.clients!);
    expect(await summary('admin@acme.test')).toEqual(manager);
  });

  it("keeps each corporation's figures to itself", async () => {
    const birch = await summary('realtor@birch.test');
    expect(birch).toMatchObject(await expectedClientCounts(t, BIRCH_TENANT_ID, 'realtor@birch.test'));
    expect(birch.clients).toBe(10);
  });

  it('shows the operator the service-wide counts, and a selected corporation in full', async () => {
    const [notifications] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications
          where retired_at is null and starts_at <= ${t.clock.now().toISOString()}::timestamptz
            and (ends_at is null or ends_at > ${t.clock.now().toISOString()}::timestamptz)`,
    );
    expect(notifications!.n).toBe(3);

    // The operator's own corporation holds no license and no clients: neither is counted.
    const own = await summary('sysadmin@demo.test');
    expect(own).toMatchObject({
      clients: null,
      enabledProperties: null,
      dueNext30Days: null,
      licensedProperties: null,
      licenseEndedOn: null,
      realtors: 0,
      corporateUsers: 1,
      corporations: 2,
      activeNotifications: 3,
    });

    const acme = await summary('sysadmin@demo.test', ACME_TENANT_ID);
    expect(acme).toMatchObject({
      ...(await expectedClientCounts(t, ACME_TENANT_ID)),
      licensedProperties: 100,
      realtors: 2,
      corporations: 2,
    });
  });

  it('follows the data and the clock', async () => {
    const before = await summary('realtor@acme.test');
    const [client] = await t.rows<{ id: string }>(
      sql`select c.id from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
          where c.realtor_id = (select id from tenant_users where email = 'realtor@acme.test')
            and c.enabled and p.enabled and not p.pending
          order by c.id limit 1`,
    );
    await t.rows(sql`update properties set enabled = false where client_user_id = ${client!.id}`);
    const after = await summary('realtor@acme.test');
    expect(after.enabledProperties).toBe(before.enabledProperties! - 1);
    expect(after.disabledProperties).toBe(before.disabledProperties! + 1);
    // The other realtor's figures do not move.
    expect(await summary('realtor2@acme.test')).toMatchObject({ clients: 20 });

    /** Rita's first or last client (by id) with reminders due in the next 30 days, and how many. */
    const clientWithDueReminders = async (last: boolean) => {
      const [row] = await t.rows<{ id: string; n: number }>(
        sql`select c.id, count(*)::int as n from client_users c
            join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
            join reminder_subscriptions s on s.tenant_id = p.tenant_id and s.property_id = p.id
            where c.realtor_id = (select id from tenant_users where email = 'realtor@acme.test')
              and c.enabled and p.enabled and not p.pending
              and s.next_due_at >= ${t.clock.now().toISOString()}::timestamptz
              and s.next_due_at < ${new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString()}::timestamptz
            group by c.id order by c.id ${last ? sql`desc` : sql`asc`} limit 1`,
      );
      return row;
    };

    // A client who unsubscribed gets no reminders: their enabled property is not counted as
    // getting reminders (it still uses a license), and their reminders are not due.
    const leaving = await clientWithDueReminders(true);
    expect(leaving!.n).toBeGreaterThan(0);
    await t.rows(
      sql`update client_users set unsubscribed_at = ${t.clock.now().toISOString()}::timestamptz where id = ${leaving!.id}`,
    );
    const unsubscribed = await summary('realtor@acme.test');
    expect(unsubscribed).toMatchObject({
      enabledProperties: after.enabledProperties! - 1,
      unsubscribedProperties: 1,
      dueNext30Days: after.dueNext30Days! - leaving!.n,
    });
    expect(unsubscribed).toEqual({
      ...after,
      ...(await expectedClientCounts(t, ACME_TENANT_ID, 'realtor@acme.test')),
    });
    await t.rows(sql`update client_users set unsubscribed_at = null where id = ${leaving!.id}`);
    expect(await summary('realtor@acme.test')).toEqual(after);

    // A disabled client's reminders do not count as due, even while the property is enabled.
    const dueClient = await clientWithDueReminders(false);
    expect(dueClient!.n).toBeGreaterThan(0);
    await t.rows(sql`update client_users set enabled = false where id = ${dueClient!.id}`);
    const withoutClient = await summary('realtor@acme.test');
    expect(withoutClient.dueNext30Days).toBe(after.dueNext30Days! - dueClient!.n);
    expect(withoutClient).toEqual({
      ...after,
      ...(await expectedClientCounts(t, ACME_TENANT_ID, 'realtor@acme.test')),
    });

    // Sixty days on, the window has moved: it counts the reminders then due in the next 30 days.
    const earlier = await summary('manager@acme.test');
    t.clock.advance(60 * 86_400_000);
    const later = await t.api({ path: '/home/summary', token: await t.login('manager@acme.test') });
    const expected = await expectedClientCounts(t, ACME_TENANT_ID);
    expect(later.json()).toMatchObject({ dueNext30Days: expected.dueNext30Days });
    expect(expected.dueNext30Days).toBeGreaterThan(0);
    expect(earlier.dueNext30Days).toBeGreaterThan(0);
  });

  it('needs a sign-in', async () => {
    expectErrors(await t.api({ path: '/home/summary' }), 401);
  });
});
