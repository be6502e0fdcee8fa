import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { BulkProcessResult } from '@homeminder/shared/contracts/bulk';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { bulkRowOf, queueBulkRows } from '../../test/bulk-rows';
import { outboxFor } from '../../test/outbox';
import { testRedisReachable, testRedisUrl } from '../../test/reachable';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { accountMessages, accountThrottle } from './account.service';

/** Enabled clients without a sign-in, looked after by the realtor with that email, by email. */
async function clientsOf(t: TestApp, realtorEmail: string): Promise<Array<{ id: string; email: string }>> {
  return t.rows<{ id: string; email: string }>(sql`
    select c.id, c.email from client_users c
    join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
    where r.email = ${realtorEmail} and c.enabled and c.password_hash is null
    order by c.email`);
}

const invitationsTo = async (t: TestApp, email: string) =>
  (await outboxFor(t, email)).filter((message) => message.kind === 'client-invitation').length;

const newClient = bulkRowOf({
  firstName: 'Ivy',
  lastName: 'Invitee',
  addressLine: '3 Harbor Road',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  realtorEmail: 'realtor@acme.test',
});

// The throttles count in memory in one process, and in Redis (REDIS_URL) across several.
const counterStores = (['memory', 'redis'] as const).filter((store) => {
  if (store === 'memory' || testRedisReachable || process.env.CI) return true;
  console.warn(
    `\n!!! Redis is not reachable at ${new URL(testRedisUrl).host}: the invitation limits are tested in memory only.\n`,
  );
  return false;
});

for (const counters of counterStores) {
  describeEachDriver(
    `invitations, counted in ${counters}`,
    (t) => {
      const invite = (id: string, token: string) =>
        t.api({ method: 'POST', path: `/clients/invite/${id}`, token });

      it(`one person sends at most ${accountThrottle.invitationsPerSender} an hour; what was refused or not sent does not count`, async () => {
        // As many clients of the realtor as one person may invite in an hour, and one more.
        const admin = await t.login('admin@acme.test');
        await t.rows(sql`update corporations set licensed_properties = 100000 where id = ${ACME_TENANT_ID}`);
        const rows = Array.from({ length: accountThrottle.invitationsPerSender + 1 }, (_, index) =>
          newClient(`ivy.${index + 1}@sender-limit.test`),
        );
        expect((await queueBulkRows(t, admin, ACME_TENANT_ID, rows)).statusCode).toBe(200);
        const processed = await t.api({
          method: 'POST',
          path: `/bulk/process/${ACME_TENANT_ID}`,
          token: admin,
        });
        expect(processed.json<BulkProcessResult>().created).toBe(rows.length);
        const invitees = (await clientsOf(t, 'realtor@acme.test')).filter((client) =>
          client.email.endsWith('@sender-limit.test'),
        );

        const manager = await t.login('manager@acme.test');
        // An invitation that was not sent (no such client) is not counted.
        expect((await invite('00000000-0000-4000-8000-000000000000', manager)).statusCode).toBe(404);
        for (const client of invitees.slice(0, accountThrottle.invitationsPerSender)) {
          const response = await invite(client.id, manager);
          expect(response.statusCode, response.body).toBe(202);
        }
        expectErrors(await invite(invitees.at(-1)!.id, manager), 429, accountMessages.tooManyInvitations(60));
        const [queued] = await t.rows<{ count: number }>(
          sql`select count(*)::int as count from email_outbox where kind = 'client-invitation' and to_address like '%@sender-limit.test'`,
        );
        expect(queued!.count).toBe(accountThrottle.invitationsPerSender);

        // Another person sends their own.
        const other = await t.login('realtor@acme.test');
        const response = await invite(invitees.at(-1)!.id, other);
        expect(response.statusCode, response.body).toBe(202);
      });

      it(`one client's address gets at most ${accountThrottle.invitationsPerRecipient} an hour, whoever sends them`, async () => {
        const realtor = await t.login('realtor@acme.test');
        const realtor2 = await t.login('realtor2@acme.test');
        const admin = await t.login('admin@acme.test');
        const [client, otherClient] = (await clientsOf(t, 'realtor2@acme.test')).slice(-2);
        const before = await invitationsTo(t, client!.email);
        const refused = accountMessages.tooManyInvitationsToClient(client!.email, 60);

        // One realtor, then the administrator, use the address's invitations of the hour.
        expect((await invite(client!.id, realtor2)).statusCode).toBe(202);
        expect((await invite(client!.id, admin)).statusCode).toBe(202);
        expect((await invite(client!.id, realtor2)).statusCode).toBe(202);
        expectErrors(await invite(client!.id, admin), 429, refused);

        // The client moves to another realtor, who is refused too.
        await t.rows(sql`update client_users set realtor_id =
          (select id from tenant_users where email = 'realtor@acme.test') where id = ${client!.id}`);
        expectErrors(await invite(client!.id, realtor), 429, refused);
        expect(await invitationsTo(t, client!.email)).toBe(before + accountThrottle.invitationsPerRecipient);

        // Another client is not affected, and the refusals did not count against their senders.
        expect((await invite(otherClient!.id, realtor2)).statusCode).toBe(202);
        expect((await invite(otherClient!.id, admin)).statusCode).toBe(202);
      });

      it('refuses invitations to one address sent all at once beyond the limit', async () => {
        const admin = await t.login('admin@acme.test');
        const client = (await clientsOf(t, 'realtor2@acme.test'))[0]!;
        const before = await invitationsTo(t, client.email);
        const responses = await Promise.all(Array.from({ length: 8 }, () => invite(client.id, admin)));
        const statuses = responses.map((response) => response.statusCode).sort();
        expect(statuses).toEqual([
          ...Array<number>(accountThrottle.invitationsPerRecipient).fill(202),
          ...Array<number>(8 - accountThrottle.invitationsPerRecipient).fill(429),
        ]);
        expect(await invitationsTo(t, client.email)).toBe(before + accountThrottle.invitationsPerRecipient);
      });
    },
    { counters },
  );
}
