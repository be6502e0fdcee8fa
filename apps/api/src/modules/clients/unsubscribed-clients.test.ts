/**
 * A client who unsubscribed with the link of a reminder email: the grid, the counts and the
 * detail say so, and a realtor or manager who may manage the client starts the reminders again
 * (`POST clients/resubscribe/:id`) at the client's request.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientMessages,
  type ClientDetail,
  type ClientGrid,
  type PropertyCounts,
} from '@homeminder/shared/contracts/clients';
import type { LicensingSummary } from '@homeminder/shared/contracts/admin';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { mintUnsubscribeToken, serverSecret, signer } from '../../lib/signing';
import { describeEachDriver, expectErrors, signInBeforeAll, type TestApp } from '../../test/test-app';

interface Client {
  id: string;
  email: string;
  realtorEmail: string;
  /** Enabled properties that are not pending. */
  active: number;
}

/** A client of Acme's first realtor with one or more active properties and reminders. */
async function activeClient(t: TestApp, offset = 0): Promise<Client> {
  const [row] = await t.rows<Client>(
    sql`select c.id, c.email, r.email as "realtorEmail",
          (select count(*)::int from properties q
            where q.tenant_id = c.tenant_id and q.client_user_id = c.id and q.enabled and not q.pending) as active
        from client_users c join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
        where c.tenant_id = ${ACME_TENANT_ID} and r.email = 'realtor@acme.test' and c.unsubscribed_at is null
          and exists (select 1 from properties p join reminder_subscriptions s
                        on s.tenant_id = p.tenant_id and s.property_id = p.id
                      where p.tenant_id = c.tenant_id and p.client_user_id = c.id and p.enabled and not p.pending)
        order by c.email limit 1 offset ${offset}`,
  );
  return row!;
}

describeEachDriver('unsubscribed clients', (t) => {
  const token = signInBeforeAll(t);

  /** Unsubscribes as the public page does, with a link's token. */
  async function unsubscribe(client: Client) {
    const signing = signer(serverSecret(t.database.db));
    const link = await mintUnsubscribeToken(signing, {
      tenantId: ACME_TENANT_ID,
      clientUserId: client.id,
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    });
    const response = await t.api({ method: 'POST', path: '/auth/unsubscribe', body: { token: link } });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The corporation's licensing summary, as its administrator's screen reads it. */
  const licensing = async (): Promise<LicensingSummary> => {
    const response = await t.api({
      path: `/admin/Licensing/${ACME_TENANT_ID}`,
      token: token('admin@acme.test'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LicensingSummary>();
  };

  const grid = async (email: string, body: object): Promise<ClientGrid> => {
    const response = await t.api({ method: 'POST', path: '/clients/grid', token: token(email), body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientGrid>();
  };
  const counts = async (email: string): Promise<PropertyCounts> =>
    (await t.api({ path: '/clients/properties/count', token: token(email) })).json<PropertyCounts>();
  const detail = async (email: string, id: string): Promise<ClientDetail> =>
    (await t.api({ path: `/clients/client/${id}`, token: token(email) })).json<ClientDetail>();
  const restart = (email: string, id: string, path = '/clients/resubscribe') =>
    t.api({ method: 'POST', path: `${path}/${id}`, token: token(email) });
  const auditCount = async (action: string, recordId: string) =>
    (
      await t.rows<{ n: number }>(
        sql`select count(*)::int as n from audit_log where action = ${action} and record_id = ${recordId}`,
      )
    )[0]!.n;

  describe('after the link is used', () => {
    it('shows the client as unsubscribed, and counts their properties apart from those getting reminders', async () => {
      const client = await activeClient(t);
      expect(client.active).toBeGreaterThan(0);
      // Totals counted before the change are kept per grid version (docs/decisions/036).
      const enabledBefore = await grid('manager@acme.test', { status: 'enabled', pageSize: 'all' });
      const countsBefore = await counts('manager@acme.test');
      expect(countsBefore.unsubscribed).toBe(0);
      const licensingBefore = await licensing();
      expect(licensingBefore.unsubscribed).toBe(0);
      expect((await grid('manager@acme.test', { status: 'unsubscribed' })).totalItemCount).toBe(0);

      await unsubscribe(client);

      const search = await grid('manager@acme.test', { search: client.email });
      expect(search.items.length).toBeGreaterThan(0);
      const [at] = await t.rows<{ at: string }>(
        sql`select to_char(unsubscribed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
            from client_users where id = ${client.id}`,
      );
      expect(search.items.every((row) => row.unsubscribedAt === at!.at)).toBe(true);
      expect(search.items.filter((row) => row.status === 'unsubscribed')).toHaveLength(client.active);
      expect(search.items.some((row) => row.status === 'enabled')).toBe(false);

      const enabled = await grid('manager@acme.test', { status: 'enabled', pageSize: 'all' });
      expect(enabled.totalItemCount).toBe(enabledBefore.totalItemCount - client.active);
      expect(enabled.items.some((row) => row.clientId === client.id)).toBe(false);
      const unsubscribed = await grid('manager@acme.test', { status: 'unsubscribed', pageSize: 'all' });
      expect(unsubscribed.totalItemCount).toBe(client.active);
      expect(unsubscribed.items.every((row) => row.clientId === client.id)).toBe(true);

      const after = await counts('manager@acme.test');
      expect(after).toEqual({
        ...countsBefore,
        enabled: countsBefore.enabled - client.active,
        unsubscribed: client.active,
      });
      // The tiles are the grid's filters: each count is the total the filter lists.
      expect(after.enabled).toBe(enabled.totalItemCount);
      expect(after.enabled + after.unsubscribed + after.pending + after.disabled).toBe(after.count);
      // Their properties still use their licenses, and the licensing summary counts them apart
      // as the Unsubscribed tile does (docs/decisions/082).
      expect(after.licensesUsed).toBe(countsBefore.licensesUsed);
      const licensingAfter = await licensing();
      expect(licensingAfter).toEqual({ ...licensingBefore, unsubscribed: client.active });
      expect(licensingAfter.unsubscribed).toBe(after.unsubscribed);
      expect(licensingAfter.used).toBe(after.licensesUsed);

      // Home's upcoming reminders and the grid's "enabled" agree: the client is in neither.
      const upcoming = await t.api({
        method: 'POST',
        path: '/reminder/subscriptions/200/1',
        token: token('manager@acme.test'),
        body: { daysFilter: 400 },
      });
      expect(upcoming.statusCode, upcoming.body).toBe(200);
      expect(
        upcoming
          .json<{ items: Array<{ clientUserId: string }> }>()
          .items.some((row) => row.clientUserId === client.id),
      ).toBe(false);

      const shown = await detail('realtor@acme.test', client.id);
      expect(shown.unsubscribedAt).toBe(at!.at);
    });
  });

  describe('starting reminders again', () => {
    it('clears the unsubscribe, moves missed dates on, writes an audit entry, and moves the grid', async () => {
      const client = await activeClient(t, 1);
      await unsubscribe(client);
      const enabledWhileOff = (await grid('realtor@acme.test', { status: 'enabled' })).totalItemCount;
      // A reminder whose date passed while the client was unsubscribed (the dispatcher may not have run).
      const [overdue] = await t.rows<{ id: string }>(
        sql`update reminder_subscriptions s set next_due_at = ${new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString()}::timestamptz
            where s.id = (select s2.id from reminder_subscriptions s2
                          join properties p on p.tenant_id = s2.tenant_id and p.id = s2.property_id
                          where p.client_user_id = ${client.id} order by s2.id limit 1)
            returning s.id`,
      );

      const response = await restart('realtor@acme.test', client.id);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ClientDetail>();
      expect(body.id).toBe(client.id);
      expect(body.unsubscribedAt).toBeNull();
      const subscriptions = body.properties.flatMap((property) => property.subscriptions);
      const moved = subscriptions.find((subscription) => subscription.id === overdue!.id)!;
      expect(new Date(moved.nextDueAt).getTime()).toBeGreaterThan(t.clock.now().getTime());

      expect(await auditCount('client.resubscribed', client.id)).toBe(1);
      const [entry] = await t.rows<{ actor: string; details: { unsubscribedAt: string } }>(
        sql`select (select email from tenant_users u where u.id = a.actor_user_id) as actor, a.details
            from audit_log a where a.action = 'client.resubscribed' and a.record_id = ${client.id}`,
      );
      expect(entry!.actor).toBe('realtor@acme.test');
      expect(entry!.details.unsubscribedAt).toEqual(expect.any(String));

      expect((await grid('realtor@acme.test', { status: 'enabled' })).totalItemCount).toBe(
        enabledWhileOff + client.active,
      );
      const rows = (await grid('realtor@acme.test', { search: client.email })).items;
      expect(rows.every((row) => row.unsubscribedAt === null && row.status !== 'unsubscribed')).toBe(true);

      // Once started, there is nothing to start: a second request is refused and changes nothing.
      expectErrors(await restart('realtor@acme.test', client.id), 409, clientMessages.notUnsubscribed);
      expect(await auditCount('client.resubscribed', client.id)).toBe(1);
    });

    it('is for those who may manage the client: a realtor their own, a manager the corporation', async () => {
      const client = await activeClient(t, 2);
      await unsubscribe(client);
      // Another realtor of the corporation, and another corporation's administrator: not found.
      expectErrors(await restart('realtor2@acme.test', client.id), 404, messages.unableClientUser);
      expectErrors(await restart('admin@birch.test', client.id), 404, messages.unableClientUser);
      expectErrors(
        await t.api({
          method: 'POST',
          path: `/clients/resubscribe/${client.id}`,
          token: token('admin@birch.test'),
          tenantId: ACME_TENANT_ID,
        }),
        403,
      );
      expect((await detail('manager@acme.test', client.id)).unsubscribedAt).not.toBeNull();
      // Signed out: refused.
      expectErrors(await t.api({ method: 'POST', path: `/clients/resubscribe/${client.id}` }), 401);
      expect(await auditCount('client.resubscribed', client.id)).toBe(0);

      // A manager may, through the admin variant too.
      const response = await restart('manager@acme.test', client.id, '/admin/clientUsers/resubscribe');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ClientDetail>().unsubscribedAt).toBeNull();
      expect(await auditCount('client.resubscribed', client.id)).toBe(1);
    });

    it('refuses bad input with the Errors body and changes nothing', async () => {
      const errors = expectErrors(await restart('manager@acme.test', 'not-an-id'), 400);
      expect(errors.length).toBeGreaterThan(0);
      expectErrors(
        await restart('manager@acme.test', '5e5e5e5e-0000-4000-8000-00000000dead'),
        404,
        messages.unableClientUser,
      );
      // A Birch client named by an Acme manager is not found.
      const [birch] = await t.rows<{ id: string }>(
        sql`select id from client_users where tenant_id = ${BIRCH_TENANT_ID} order by id limit 1`,
      );
      await t.rows(sql`update client_users set unsubscribed_at = now() where id = ${birch!.id}`);
      expectErrors(await restart('manager@acme.test', birch!.id), 404, messages.unableClientUser);
      const [still] = await t.rows<{ off: boolean }>(
        sql`select unsubscribed_at is not null as off from client_users where id = ${birch!.id}`,
      );
      expect(still!.off).toBe(true);
    });
  });
});
