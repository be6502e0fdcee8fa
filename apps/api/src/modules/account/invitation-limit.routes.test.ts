import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { accountMessages, accountThrottle } from './account.service';

/** An enabled client without a sign-in, looked after by the realtor with that email. */
async function clientOf(t: TestApp, realtorEmail: string): Promise<string> {
  const [client] = await t.rows<{ id: string }>(sql`
    select c.id from client_users c
    join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
    where r.email = ${realtorEmail} and c.enabled and c.password_hash is null
    order by c.email limit 1`);
  return client!.id;
}

describeEachDriver('invitations a person may send', (t) => {
  it(`are at most ${accountThrottle.invitationsPerSender} an hour; what was refused or not sent does not count`, async () => {
    const realtor = await t.login('realtor@acme.test');
    const client = await clientOf(t, 'realtor@acme.test');
    const invite = (id: string) => t.api({ method: 'POST', path: `/clients/invite/${id}`, token: realtor });

    // An invitation that was not sent (no such client) is not counted.
    expect((await invite('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (let sent = 0; sent < accountThrottle.invitationsPerSender; sent += 1) {
      const response = await invite(client);
      expect(response.statusCode, response.body).toBe(202);
    }
    expectErrors(await invite(client), 429, accountMessages.tooManyInvitations(60));
    const [queued] = await t.rows<{ count: number }>(
      sql`select count(*)::int as count from email_outbox where kind = 'client-invitation'`,
    );
    expect(queued!.count).toBe(accountThrottle.invitationsPerSender);

    // Another person sends their own.
    const other = await t.login('realtor2@acme.test');
    const response = await t.api({
      method: 'POST',
      path: `/clients/invite/${await clientOf(t, 'realtor2@acme.test')}`,
      token: other,
    });
    expect(response.statusCode, response.body).toBe(202);
  });
});
