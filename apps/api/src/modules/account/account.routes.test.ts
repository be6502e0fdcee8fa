import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { DEMO_PASSWORD } from '../../db/demo-data';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import {
  accountMessages,
  accountThrottle,
  invitationLifetimeMs,
  resetLinkLifetimeMs,
} from './account.service';
import { askForReset, outboxFor } from '../../test/outbox';

const newPassword = 'Fresh-Start7!';

const tokenIn = (text: string | undefined, page: 'reset' | 'register') =>
  new RegExp(`/ui/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text ?? '')?.[1];

/** Asks for a reset and digs the token out of the queued email, as the recipient would. */
async function requestResetToken(t: TestApp, email: string, ip?: string): Promise<string> {
  await askForReset(t, email, ip);
  const token = tokenIn((await outboxFor(t, email)).at(-1)?.text, 'reset');
  expect(token).toBeTruthy();
  return decodeURIComponent(token!);
}

interface ClientRow {
  id: string;
  tenant_id: string;
  email: string;
  first_name: string;
}

/** An enabled client without a sign-in, looked after by the realtor with that email. */
async function clientOf(t: TestApp, realtorEmail: string, skip = 0): Promise<ClientRow> {
  const [client] = await t.rows<ClientRow>(sql`
    select c.id, c.tenant_id, c.email, c.first_name from client_users c
    join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
    where r.email = ${realtorEmail} and c.enabled and c.password_hash is null
    order by c.email offset ${skip} limit 1`);
  expect(client).toBeTruthy();
  return client!;
}

async function subscriptionsOf(t: TestApp, clientId: string) {
  return t.rows<{ id: string; name: string }>(sql`
    select s.id, r.name from reminder_subscriptions s
    join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
    join reminders r on r.id = s.reminder_id
    where p.client_user_id = ${clientId} order by r.name`);
}

describeEachDriver('account routes', (t) => {
  describe('POST /auth/forgot-password', () => {
    it('gives the same response for a known and an unknown address, and emails only the known one', async () => {
      const known = await t.api({
        method: 'POST',
        path: '/auth/forgot-password',
        body: { email: 'realtor2@acme.test' },
      });
      const unknown = await t.api({
        method: 'POST',
        path: '/auth/forgot-password',
        body: { email: 'nobody@acme.test' },
      });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual({ message: accountMessages.resetRequested });
      expect(unknown.json()).toEqual(known.json());
      expect(unknown.headers['content-type']).toEqual(known.headers['content-type']);
      const mails = await outboxFor(t, 'realtor2@acme.test');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'password-reset', subject: 'Reset your HomeMinder password' });
      expect(mails[0]!.html).toContain('/ui/reset?token=');
      expect(mails[0]!.html).toContain('<!doctype html>');
      // Branded with the corporation's name, in both parts.
      expect(mails[0]!.text).toContain('Acme Realty');
      expect(mails[0]!.html).toContain('Acme Realty');
      expect(await outboxFor(t, 'nobody@acme.test')).toHaveLength(0);
    });

    it('sends at most five emails an hour to one address, with the same response every time', async () => {
      const email = 'admin@acme.test';
      const ip = '10.9.0.1';
      for (let attempt = 0; attempt < accountThrottle.resetEmailsPerAddress + 2; attempt += 1) {
        const response = await t.api({ method: 'POST', path: '/auth/forgot-password', body: { email }, ip });
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ message: accountMessages.resetRequested });
      }
      expect(await outboxFor(t, email)).toHaveLength(accountThrottle.resetEmailsPerAddress);
    });

    it('refuses a network address that asks too often, for any email', async () => {
      const ip = '10.9.0.2';
      for (let attempt = 0; attempt < accountThrottle.requestsPerNetworkAddress; attempt += 1) {
        await t.api({
          method: 'POST',
          path: '/auth/forgot-password',
          body: { email: `someone${attempt}@nowhere.test` },
          ip,
        });
      }
      const refused = await t.api({
        method: 'POST',
        path: '/auth/forgot-password',
        body: { email: 'realtor@acme.test' },
        ip,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ Errors: [accountMessages.tooManyRequests(60)] });
      // Another network address is not affected.
      const other = await t.api({
        method: 'POST',
        path: '/auth/forgot-password',
        body: { email: 'someone@nowhere.test' },
        ip: '10.9.0.3',
      });
      expect(other.statusCode).toBe(202);
    });

    it('refuses a bad address with the shared messages', async () => {
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/forgot-password', body: { email: 'a@b' } }),
        400,
        messages.emailTooShort,
      );
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/forgot-password', body: { email: 'not-an-address' } }),
        400,
        messages.emailInvalid,
      );
      expectErrors(await t.api({ method: 'POST', path: '/auth/forgot-password', body: {} }), 400);
    });
  });

  describe('POST /auth/reset-password', () => {
    /** Sets the password with a reset link's token, typed twice the same. */
    const resetPassword = (token: string | undefined, password: string) =>
      t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password, confirmPassword: password },
      });
    /** Whether the server still takes a reset link's token. */
    const checkLink = async (token: string | undefined) =>
      (await t.api({ method: 'POST', path: '/auth/reset-password/check', body: { token } })).json<{
        valid: boolean;
      }>();

    it('sets the new password once, ends every session and lifts a lock-out', async () => {
      const email = 'manager@acme.test';
      const oldToken = await t.login(email);
      const otherToken = await t.login(email);
      // Lock the account out with failed sign-ins.
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await t.api({
          method: 'POST',
          path: '/auth/login',
          body: { username: email, password: 'Wrong-Passw0rd!' },
        });
      }
      const locked = await t.api({
        method: 'POST',
        path: '/auth/login',
        body: { username: email, password: DEMO_PASSWORD },
      });
      expect(locked.statusCode).toBe(429);

      const token = await requestResetToken(t, email);
      const check = await t.api({ method: 'POST', path: '/auth/reset-password/check', body: { token } });
      expect(check.json()).toEqual({ valid: true });
      const reset = await resetPassword(token, newPassword);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: accountMessages.passwordChanged });

      for (const ended of [oldToken, otherToken]) {
        expect((await t.api({ path: '/id/tenant-details', token: ended })).statusCode).toBe(401);
      }
      const oldPassword = await t.api({
        method: 'POST',
        path: '/auth/login',
        body: { username: email, password: DEMO_PASSWORD },
      });
      expect(oldPassword.statusCode).toBe(401);
      const fresh = await t.login(email, newPassword);
      expect((await t.api({ path: '/id/tenant-details', token: fresh })).statusCode).toBe(200);

      // Single use.
      expect(await checkLink(token)).toEqual({ valid: false });
      const again = await resetPassword(token, 'Another-Pa55!');
      expectErrors(again, 400, accountMessages.resetLinkInvalid);
    });

    it('ends the other reset links of the user with the change', async () => {
      const email = 'realtor2@acme.test';
      const first = await requestResetToken(t, email, '10.9.1.1');
      const second = await requestResetToken(t, email, '10.9.1.1');
      const used = await resetPassword(second, newPassword);
      expect(used.statusCode).toBe(200);
      const stale = await resetPassword(first, 'Another-Pa55!');
      expectErrors(stale, 400, accountMessages.resetLinkInvalid);
    });

    it('takes a link until the hour is over, and refuses it after', async () => {
      const token = await requestResetToken(t, 'realtor@birch.test');
      t.clock.advance(resetLinkLifetimeMs - 60_000);
      expect(await checkLink(token)).toEqual({ valid: true });
      t.clock.advance(61_000);
      expect(await checkLink(token)).toEqual({ valid: false });
      const late = await resetPassword(token, newPassword);
      expectErrors(late, 400, accountMessages.resetLinkInvalid);
      expect(
        (
          await t.api({
            method: 'POST',
            path: '/auth/login',
            body: { username: 'realtor@birch.test', password: DEMO_PASSWORD },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('refuses an unknown token', async () => {
      expectErrors(await resetPassword('made-up', newPassword), 400, accountMessages.resetLinkInvalid);
    });

    it('refuses a weak or mismatched password with the shared messages and changes nothing', async () => {
      const token = await requestResetToken(t, 'admin@birch.test');
      const weak = await t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password: 'aaab1!Xy', confirmPassword: 'different' },
      });
      const errors = expectErrors(weak, 400);
      expect(errors).toContain(messages.repeatingCharacters);
      expect(errors).toContain(messages.passwordMismatch);
      // The link still works afterwards.
      const ok = await resetPassword(token, newPassword);
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('POST /clients/invite/:id', () => {
    it('lets a realtor invite their own client: one email with a 7-day link, branded', async () => {
      const client = await clientOf(t, 'realtor@acme.test');
      const token = await t.login('realtor@acme.test');
      const response = await t.api({ method: 'POST', path: `/clients/invite/${client.id}`, token });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({
        message: accountMessages.invitationSent(client.email),
        email: client.email,
        expiresAt: new Date(t.clock.nowMs() + invitationLifetimeMs).toISOString(),
      });
      const mails = await outboxFor(t, client.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.kind).toBe('client-invitation');
      expect(mails[0]!.subject).toMatch(
        / of Acme Realty Home Care set up home maintenance reminders for you$/,
      );
      expect(mails[0]!.text).toContain(`Hello ${client.first_name},`);
      expect(mails[0]!.text).toContain('Acme Realty');
      expect(mails[0]!.html).toContain('/ui/register?token=');
      const [audit] = await t.rows<{ action: string }>(
        sql`select action from audit_log where record_id = ${client.id} and action = 'client.invited'`,
      );
      expect(audit).toBeTruthy();
    });

    it("refuses a realtor another realtor's client, another corporation's client, and no privilege", async () => {
      const token = await t.login('realtor@acme.test');
      const colleagues = await clientOf(t, 'realtor2@acme.test');
      expectErrors(
        await t.api({ method: 'POST', path: `/clients/invite/${colleagues.id}`, token }),
        404,
        messages.unableClientUser,
      );
      const birch = await clientOf(t, 'realtor@birch.test');
      const adminToken = await t.login('admin@acme.test');
      expectErrors(
        await t.api({ method: 'POST', path: `/clients/invite/${birch.id}`, token: adminToken }),
        404,
        messages.unableClientUser,
      );
      expectErrors(
        await t.api({
          method: 'POST',
          path: `/clients/invite/${birch.id}`,
          token: adminToken,
          tenantId: birch.tenant_id,
        }),
        403,
      );
      expect(await outboxFor(t, colleagues.email)).toHaveLength(0);
      expect(await outboxFor(t, birch.email)).toHaveLength(0);
      // Not signed in: 401 before the id is even looked at.
      expectErrors(await t.api({ method: 'POST', path: '/clients/invite/not-an-id' }), 401);
      // A bad id is a 400 for a signed-in user.
      expectErrors(
        await t.api({ method: 'POST', path: '/clients/invite/not-an-id', token }),
        400,
        messages.guidInvalid,
      );
    });

    it("lets an administrator invite any client of the corporation, and the operator another's", async () => {
      const client = await clientOf(t, 'realtor2@acme.test', 1);
      const admin = await t.login('admin@acme.test');
      expect(
        (await t.api({ method: 'POST', path: `/clients/invite/${client.id}`, token: admin })).statusCode,
      ).toBe(202);
      const birch = await clientOf(t, 'realtor@birch.test', 1);
      const operator = await t.login('sysadmin@demo.test');
      const acrossTenants = await t.api({
        method: 'POST',
        path: `/clients/invite/${birch.id}`,
        token: operator,
        tenantId: birch.tenant_id,
      });
      expect(acrossTenants.statusCode, acrossTenants.body).toBe(202);
      // Sent in the name of the client's realtor.
      expect((await outboxFor(t, birch.email))[0]!.subject).toBe(
        'Ben Brooks of Birch Homes set up home maintenance reminders for you',
      );
    });

    it('refuses a disabled client and a client who already has a sign-in', async () => {
      const admin = await t.login('admin@acme.test');
      const [disabled] = await t.rows<{ id: string }>(
        sql`select c.id from client_users c join corporations k on k.id = c.tenant_id
            where k.name = 'Acme Realty' and not c.enabled limit 1`,
      );
      expectErrors(
        await t.api({ method: 'POST', path: `/clients/invite/${disabled!.id}`, token: admin }),
        400,
        accountMessages.clientDisabled,
      );
      const client = await clientOf(t, 'realtor2@acme.test', 2);
      await t.rows(sql`update client_users set password_hash = 'x' where id = ${client.id}`);
      expectErrors(
        await t.api({ method: 'POST', path: `/clients/invite/${client.id}`, token: admin }),
        409,
        accountMessages.alreadyRegistered,
      );
      expect(await outboxFor(t, client.email)).toHaveLength(0);
    });
  });

  describe('/auth/register', () => {
    /** Invites the client as their realtor and returns the token from the email. */
    async function invite(client: ClientRow, realtorEmail: string): Promise<string> {
      const token = await t.login(realtorEmail);
      const response = await t.api({ method: 'POST', path: `/clients/invite/${client.id}`, token });
      expect(response.statusCode, response.body).toBe(202);
      const link = tokenIn((await outboxFor(t, client.email)).at(-1)?.text, 'register');
      expect(link).toBeTruthy();
      return decodeURIComponent(link!);
    }

    const registration = (token: string, subscriptionIds: string[]) => ({
      token,
      password: newPassword,
      confirmPassword: newPassword,
      subscriptionIds,
    });

    it('shows the invitation, creates the sign-in once and keeps only the chosen reminders', async () => {
      const client = await clientOf(t, 'realtor@acme.test', 3);
      const token = await invite(client, 'realtor@acme.test');
      const offered = await subscriptionsOf(t, client.id);
      expect(offered).toHaveLength(3);

      const shown = await t.api({ method: 'POST', path: '/auth/register/invitation', body: { token } });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({
        email: client.email,
        firstName: client.first_name,
        corporationName: 'Acme Realty',
        realtorName: 'Rita Realtor',
      });
      expect(
        shown
          .json<{ subscriptions: { id: string }[] }>()
          .subscriptions.map((subscription) => subscription.id)
          .sort(),
      ).toEqual(offered.map((subscription) => subscription.id).sort());

      const keep = offered.slice(0, 2);
      const response = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: registration(
          token,
          keep.map((subscription) => subscription.id.toUpperCase()),
        ),
      });
      expect(response.statusCode, response.body).toBe(201);
      const registered = response.json<{ token: string }>();
      expect(registered).toEqual({
        message: accountMessages.registered,
        reminders: keep.map((subscription) => subscription.name),
        token: expect.any(String) as string,
        expiresAt: expect.any(String) as string,
      });
      // The response signs the homeowner in: the token opens their own page at once.
      const own = await t.api({ path: '/homeowner/overview', token: registered.token });
      expect(own.statusCode, own.body).toBe(200);
      const [saved] = await t.rows<{ has_password: boolean; invitation_code: string | null }>(
        sql`select password_hash is not null as has_password, invitation_code from client_users where id = ${client.id}`,
      );
      expect(saved).toEqual({ has_password: true, invitation_code: null });
      expect(await subscriptionsOf(t, client.id)).toEqual(keep);
      const [audit] = await t.rows<{ details: { kept: string[]; declined: string[] } }>(
        sql`select details from audit_log where record_id = ${client.id} and action = 'client.registered'`,
      );
      expect(audit!.details).toEqual({
        kept: keep.map((subscription) => subscription.name),
        declined: [offered[2]!.name],
      });

      // The link works once; the client shows as having a sign-in and cannot be invited again.
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register', body: registration(token, []) }),
        400,
        accountMessages.invitationInvalid,
      );
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register/invitation', body: { token } }),
        404,
        accountMessages.invitationInvalid,
      );
      const realtor = await t.login('realtor@acme.test');
      const detail = await t.api({ path: `/clients/client/${client.id}`, token: realtor });
      expect(detail.json()).toMatchObject({ registered: true });
    });

    it('keeps every reminder when all are chosen, and none when none are', async () => {
      const all = await clientOf(t, 'realtor@acme.test', 4);
      const allToken = await invite(all, 'realtor@acme.test');
      const offered = await subscriptionsOf(t, all.id);
      const kept = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: registration(
          allToken,
          offered.map((subscription) => subscription.id),
        ),
      });
      expect(kept.statusCode).toBe(201);
      expect(await subscriptionsOf(t, all.id)).toEqual(offered);

      const none = await clientOf(t, 'realtor@acme.test', 4);
      const noneToken = await invite(none, 'realtor@acme.test');
      const declined = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: registration(noneToken, []),
      });
      expect(declined.statusCode).toBe(201);
      expect(declined.json()).toMatchObject({ message: accountMessages.registered, reminders: [] });
      expect(await subscriptionsOf(t, none.id)).toEqual([]);
    });

    it("refuses another client's reminder and changes nothing", async () => {
      const client = await clientOf(t, 'realtor@acme.test', 5);
      const other = await clientOf(t, 'realtor@acme.test', 6);
      const token = await invite(client, 'realtor@acme.test');
      const foreign = (await subscriptionsOf(t, other.id))[0]!.id;
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register', body: registration(token, [foreign]) }),
        400,
        accountMessages.invitationUnknownSubscription,
      );
      expect(await subscriptionsOf(t, client.id)).toHaveLength(3);
      expect(await subscriptionsOf(t, other.id)).toHaveLength(3);
      // The link still works.
      expect(
        (await t.api({ method: 'POST', path: '/auth/register', body: registration(token, []) })).statusCode,
      ).toBe(201);
    });

    it('refuses a link replaced by a newer invitation, and one over 7 days old', async () => {
      const client = await clientOf(t, 'realtor@birch.test', 2);
      const first = await invite(client, 'realtor@birch.test');
      const second = await invite(client, 'realtor@birch.test');
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register', body: registration(first, []) }),
        400,
        accountMessages.invitationInvalid,
      );
      t.clock.advance(invitationLifetimeMs - 60_000);
      expect(
        (await t.api({ method: 'POST', path: '/auth/register/invitation', body: { token: second } }))
          .statusCode,
      ).toBe(200);
      t.clock.advance(61_000);
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register/invitation', body: { token: second } }),
        404,
        accountMessages.invitationInvalid,
      );
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register', body: registration(second, []) }),
        400,
        accountMessages.invitationInvalid,
      );
      const [saved] = await t.rows<{ has_password: boolean }>(
        sql`select password_hash is not null as has_password from client_users where id = ${client.id}`,
      );
      expect(saved).toEqual({ has_password: false });
    });

    it('refuses the link of a client disabled after the invitation', async () => {
      const client = await clientOf(t, 'realtor@birch.test', 3);
      const token = await invite(client, 'realtor@birch.test');
      await t.rows(sql`update client_users set enabled = false where id = ${client.id}`);
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register', body: registration(token, []) }),
        400,
        accountMessages.invitationInvalid,
      );
    });

    it('refuses bad values with the shared messages, and an unknown token', async () => {
      const response = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: { token: '', password: 'short', confirmPassword: 'other', subscriptionIds: ['nope'] },
      });
      expect(expectErrors(response, 400)).toEqual(
        expect.arrayContaining([
          messages.required,
          messages.passwordTooShort,
          messages.passwordMismatch,
          messages.guidInvalid,
        ]),
      );
      const weak = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: { token: 'x', password: 'aaab1!Xy', confirmPassword: 'aaab1!Xy', subscriptionIds: [] },
      });
      expectErrors(weak, 400, messages.repeatingCharacters);
      expectErrors(
        await t.api({ method: 'POST', path: '/auth/register', body: registration('made-up', []) }),
        400,
        accountMessages.invitationInvalid,
      );
    });
  });
});
