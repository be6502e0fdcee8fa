import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { DEMO_PASSWORD } from '../../db/demo-data';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { accountMessages, resetLinkLifetimeMs } from './account.service';

const newPassword = 'Fresh-Start7!';

async function outboxFor(t: TestApp, email: string) {
  return t.rows<{ subject: string; text: string; html: string; kind: string }>(
    sql`select subject, text, html, kind from email_outbox where to_address = ${email} order by created_at`,
  );
}

/** Asks for a reset and digs the token out of the queued email, as the recipient would. */
async function requestResetToken(t: TestApp, email: string): Promise<string> {
  const response = await t.api({ method: 'POST', path: '/auth/forgot-password', body: { email } });
  expect(response.statusCode).toBe(202);
  const mail = (await outboxFor(t, email)).at(-1);
  const token = /reset\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describeEachDriver('account routes', (t) => {
  describe('POST /auth/forgot-password', () => {
    it('gives the same answer for a known and an unknown address, and emails only the known one', async () => {
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
      const mails = await outboxFor(t, 'realtor2@acme.test');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'password-reset', subject: 'Reset your HomeMinder password' });
      expect(mails[0]!.html).toContain('/ui/reset?token=');
      expect(await outboxFor(t, 'nobody@acme.test')).toHaveLength(0);
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
    it('sets the new password once, ends every session and lifts a lock-out', async () => {
      const email = 'manager@acme.test';
      const oldToken = await t.login(email);
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
      const reset = await t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password: newPassword, confirmPassword: newPassword },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ message: accountMessages.passwordChanged });

      expect((await t.api({ path: '/id/tenant-details', token: oldToken })).statusCode).toBe(401);
      expect(
        (
          await t.api({
            method: 'POST',
            path: '/auth/login',
            body: { username: email, password: newPassword },
          })
        ).statusCode,
      ).toBe(200);

      const again = await t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password: 'Another-Pa55!', confirmPassword: 'Another-Pa55!' },
      });
      expectErrors(again, 400, accountMessages.resetLinkInvalid);
    });

    it('refuses a link older than an hour', async () => {
      const token = await requestResetToken(t, 'realtor@birch.test');
      t.clock.advance(resetLinkLifetimeMs + 1_000);
      const late = await t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password: newPassword, confirmPassword: newPassword },
      });
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
      const ok = await t.api({
        method: 'POST',
        path: '/auth/reset-password',
        body: { token, password: newPassword, confirmPassword: newPassword },
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('POST /auth/register', () => {
    const registration = (email: string, invitationCode: string) => ({
      email,
      firstName: 'Nora',
      lastName: "O'Neil",
      password: newPassword,
      confirmPassword: newPassword,
      invitationCode,
    });

    it('creates the sign-in of an invited client once, with the code from the invitation', async () => {
      const [client] = await t.rows<{ email: string }>(
        sql`select email from client_users where enabled order by email limit 1`,
      );
      const code = 'WELCOME-2026';
      const codeHash = createHash('sha256').update(code).digest('hex');
      await t.rows(sql`update client_users set invitation_code = ${codeHash} where email = ${client!.email}`);

      const wrongCode = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: registration(client!.email, 'GUESS-1234'),
      });
      expectErrors(wrongCode, 400, accountMessages.invitationInvalid);

      const response = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: registration(client!.email.toUpperCase(), code),
      });
      expect(response.statusCode, response.body).toBe(201);
      const [saved] = await t.rows<{
        first_name: string;
        has_password: boolean;
        invitation_code: string | null;
      }>(
        sql`select first_name, password_hash is not null as has_password, invitation_code from client_users where email = ${client!.email}`,
      );
      expect(saved).toEqual({ first_name: 'Nora', has_password: true, invitation_code: null });

      const twice = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: registration(client!.email, code),
      });
      expectErrors(twice, 400, accountMessages.invitationInvalid);
    });

    it('gives an unknown email the same answer as a wrong code', async () => {
      const response = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: registration('stranger@nowhere.test', 'ANY-CODE'),
      });
      expectErrors(response, 400, accountMessages.invitationInvalid);
    });

    it('refuses bad values with the shared messages', async () => {
      const response = await t.api({
        method: 'POST',
        path: '/auth/register',
        body: {
          email: 'x@y',
          firstName: '9lives',
          lastName: '',
          password: 'short',
          confirmPassword: 'other',
          invitationCode: '',
        },
      });
      const errors = expectErrors(response, 400);
      expect(errors).toEqual(
        expect.arrayContaining([
          messages.emailTooShort,
          messages.required,
          messages.passwordTooShort,
          messages.passwordMismatch,
        ]),
      );
    });
  });
});
