import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { sessionLifetimeMs } from '@homeminder/shared/constants';
import { DEMO_PASSWORD } from '../db/demo-data';
import { impersonationLifetimeMs } from '../modules/auth/impersonation.service';
import { setCookieLine } from '../test/cookies';
import { registeredHomeowner, homeownerPassword } from '../test/homeowners';
import { describeEachDriver, type TestApp } from '../test/test-app';
import { acting, tenantUserId } from '../test/users';
import { sessionCookieNames } from './session-cookies';

const { session: SESSION, acting: ACTING } = sessionCookieNames;

/** A Set-Cookie line as its value and its attributes, each name in lower case. */
function parsedCookie(response: LightMyRequestResponse, name: string) {
  const line = setCookieLine(response, name);
  expect(line, `no Set-Cookie for ${name}`).toBeDefined();
  const [pair, ...attributes] = line!.split(/;\s*/);
  const named = new Map(
    attributes.map((attribute) => {
      const [key, value = ''] = attribute.split('=');
      return [key!.toLowerCase(), value] as const;
    }),
  );
  return { value: pair!.slice(name.length + 1), attributes: named };
}

/** A cookie only the server reads, sent with the portal's pages, lasting `seconds`. */
function expectPortalCookie(cookie: ReturnType<typeof parsedCookie>, seconds: number, secure = false) {
  expect(cookie.attributes.has('httponly')).toBe(true);
  expect(cookie.attributes.get('samesite')).toBe('Lax');
  expect(cookie.attributes.get('path')).toBe('/ui/');
  expect(cookie.attributes.get('max-age')).toBe(String(seconds));
  expect(cookie.attributes.has('secure')).toBe(secure);
  expect(cookie.attributes.has('domain')).toBe(false);
}

const login = (t: TestApp, email: string, headers: Record<string, string> = {}, password = DEMO_PASSWORD) =>
  t.api({ method: 'POST', path: '/auth/login/', body: { username: email, password }, headers });

describeEachDriver('the session cookie', (t) => {
  it('is set by signing in: the token the response gives, HttpOnly, Lax, for the portal, as long as the session', async () => {
    const response = await login(t, 'admin@acme.test');
    expect(response.statusCode, response.body).toBe(200);
    const session = parsedCookie(response, SESSION);
    expect(session.value).toBe(response.json<{ token: string }>().token);
    expectPortalCookie(session, sessionLifetimeMs / 1000);
    // An acting token of an earlier sign-in in the same browser goes.
    const acting = parsedCookie(response, ACTING);
    expect(acting.value).toBe('');
    expect(acting.attributes.get('max-age')).toBe('0');
    expect(acting.attributes.get('path')).toBe('/ui/');
  });

  it('is not Secure over plain HTTP, even when the client claims HTTPS and no proxy is trusted', async () => {
    const response = await login(t, 'manager@acme.test', { 'x-forwarded-proto': 'https' });
    expectPortalCookie(parsedCookie(response, SESSION), sessionLifetimeMs / 1000);
  });

  it('is not set by a refused sign-in', async () => {
    const response = await login(t, 'admin@acme.test', {}, 'Not-The-Password1!');
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is set for a homeowner by registering and by signing in', async () => {
    const homeowner = await registeredHomeowner(t, 'realtor@acme.test');
    const registered = parsedCookie(homeowner.registration, SESSION);
    expect(registered.value).toBe(homeowner.registration.json<{ token: string }>().token);
    expectPortalCookie(registered, sessionLifetimeMs / 1000);

    const signedIn = await login(t, homeowner.email, {}, homeownerPassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = parsedCookie(signedIn, SESSION);
    expect(session.value).toBe(signedIn.json<{ token: string }>().token);
    expectPortalCookie(session, sessionLifetimeMs / 1000);
  });

  it('holds the acting token while acting as someone, which switching back and signing out clear', async () => {
    const token = await t.login('admin@acme.test');
    const started = await t.api({
      method: 'POST',
      path: `/auth/impersonate/${await tenantUserId(t, 'realtor@acme.test')}`,
      token,
    });
    expect(started.statusCode, started.body).toBe(200);
    const actingToken = started.json<{ token: string }>().token;
    const cookie = parsedCookie(started, ACTING);
    expect(cookie.value).toBe(actingToken);
    expectPortalCookie(cookie, impersonationLifetimeMs / 1000);
    expect(setCookieLine(started, SESSION)).toBeUndefined();

    const reverted = await t.api({
      method: 'DELETE',
      path: '/auth/impersonate',
      token,
      headers: acting(actingToken),
    });
    expect(reverted.statusCode, reverted.body).toBe(204);
    const cleared = parsedCookie(reverted, ACTING);
    expect([cleared.value, cleared.attributes.get('max-age')]).toEqual(['', '0']);
    expect(cleared.attributes.get('path')).toBe('/ui/');
    expect(setCookieLine(reverted, SESSION)).toBeUndefined();

    const out = await t.api({ method: 'POST', path: '/auth/logout', token });
    expect(out.statusCode, out.body).toBe(204);
    for (const name of [SESSION, ACTING]) {
      const gone = parsedCookie(out, name);
      expect([gone.value, gone.attributes.get('max-age'), gone.attributes.get('path')]).toEqual([
        '',
        '0',
        '/ui/',
      ]);
    }
  });
});

describeEachDriver(
  'the session cookie behind a trusted balancer',
  (t) => {
    it('is Secure when the balancer says the request came over HTTPS, and only then', async () => {
      const overHttps = await login(t, 'admin@acme.test', { 'x-forwarded-proto': 'https' });
      expectPortalCookie(parsedCookie(overHttps, SESSION), sessionLifetimeMs / 1000, true);
      expect(parsedCookie(overHttps, ACTING).attributes.has('secure')).toBe(true);

      const overHttp = await login(t, 'admin@acme.test', { 'x-forwarded-proto': 'http' });
      expectPortalCookie(parsedCookie(overHttp, SESSION), sessionLifetimeMs / 1000, false);
    });
  },
  { trustProxy: 1 },
);
