import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-data';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { tenantUserMessages } from '../tenant-users';
import { authMessages } from '../../access/auth-context';
import { loginThrottle } from './auth.service';

// Guesses sent all at once must be counted before any password is checked, so none of them can
// slip in between another's check and its count.

function loginRequest(t: TestApp, username: string, password: string, ip: string) {
  return t.api({ method: 'POST', path: '/auth/login', body: { username, password }, ip });
}

const statusesOf = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);

describeEachDriver('sign-in guesses sent at once', (t) => {
  describe('POST /auth/login', () => {
    it(`checks at most ${loginThrottle.perAccount} of 150 guesses for one account, and the right one after them is refused`, async () => {
      const email = 'realtor2@acme.test';
      const ip = '10.0.7.1';
      const guesses = Array.from({ length: 150 }, (_, index) =>
        loginRequest(t, email, `Wrong-Guess-${index}a!`, ip),
      );
      const right = loginRequest(t, email, DEMO_PASSWORD, ip);
      const [responses, rightResponse] = await Promise.all([Promise.all(guesses), right]);

      const statuses = statusesOf(responses);
      expect(statuses.filter((status) => status === 401)).toHaveLength(loginThrottle.perAccount);
      expect(statuses.filter((status) => status === 429)).toHaveLength(150 - loginThrottle.perAccount);
      expectErrors(rightResponse, 429, authMessages.tooManyAttempts(15));
    });

    it(`checks at most ${loginThrottle.perAddress} of 150 guesses sent at once from one address`, async () => {
      const ip = '10.0.7.2';
      const responses = await Promise.all(
        Array.from({ length: 150 }, (_, index) =>
          loginRequest(t, `nobody-${index}@nowhere.test`, 'Wrong-Guess-1a!', ip),
        ),
      );
      const statuses = statusesOf(responses);
      expect(statuses.filter((status) => status === 401)).toHaveLength(loginThrottle.perAddress);
      expect(statuses.filter((status) => status === 429)).toHaveLength(150 - loginThrottle.perAddress);
      expectErrors(await loginRequest(t, 'admin@acme.test', DEMO_PASSWORD, ip), 429);
    });

    it('does not count a successful sign-in against its address', async () => {
      const ip = '10.0.7.3';
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await loginRequest(t, 'manager@acme.test', DEMO_PASSWORD, ip)).statusCode).toBe(200);
      }
      const responses = await Promise.all(
        Array.from({ length: loginThrottle.perAddress }, (_, index) =>
          loginRequest(t, `nobody-${index}@nowhere.test`, 'Wrong-Guess-1a!', ip),
        ),
      );
      expect(statusesOf(responses).filter((status) => status === 401)).toHaveLength(loginThrottle.perAddress);
    });
  });

  describe('POST /id/password', () => {
    it('checks at most 5 current-password guesses sent at once', async () => {
      const token = await t.login('admin@acme.test');
      const next = 'Brand-New-Pa55!';
      const guess = (currentPassword: string) =>
        t.api({
          method: 'POST',
          path: '/id/password',
          body: { currentPassword, password: next, confirmPassword: next },
          token,
        });
      const [responses, rightResponse] = await Promise.all([
        Promise.all(Array.from({ length: 40 }, (_, index) => guess(`Wrong-Guess-${index}a!`))),
        guess(DEMO_PASSWORD),
      ]);
      const statuses = statusesOf(responses);
      expect(statuses.filter((status) => status === 400)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      expectErrors(rightResponse, 429, tenantUserMessages.tooManyPasswordAttempts);
    });
  });
});
