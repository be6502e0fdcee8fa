import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/demo-data';
import { cookieValue, sessionCookieHeader } from '../test/cookies';
import { useTestApp } from '../test/test-app';
import { loggedUrl, withLogHygiene } from './log-hygiene';
import { sessionCookieNames } from './session-cookies';

describe('the address a log line keeps', () => {
  // The values of secret query parameters are lost; the rest is kept.
  const logged = {
    '/ui/reset?token=abc123': '/ui/reset?token=[redacted]',
    '/ui/unsubscribe?token=a.b.c&_ti=7': '/ui/unsubscribe?token=[redacted]&_ti=7',
    '/ui/api/clients?page=2&who=kim': '/ui/api/clients?page=2&who=kim',
    '/ui/x?%74oken=abc&%zz=1': '/ui/x?%74oken=[redacted]&%zz=1',
    '/ui/login': '/ui/login',
    '/ui/api/t/Ab3dE9xQ': '/ui/api/t/[redacted]',
  };
  it.each(Object.entries(logged))('logs %s as %s', (url, line) => {
    expect(loggedUrl(url)).toBe(line);
  });
});

describe('the log', () => {
  const lines: Record<string, unknown>[] = [];
  const t = useTestApp('pglite', { onLog: (entry) => lines.push(entry) });

  it('never holds a token: not from page links, headers, nor in the access denied line', async () => {
    const secrets = ['LinkToken0123456789', 'BearerToken0123456789', 'ActingToken0123456789'];
    for (const page of ['reset', 'register', 'unsubscribe']) {
      await t.api({ path: `//ui/${page}?token=${secrets[0]}` });
    }
    const denied = await t.api({
      path: `/admin/tenantusers/query-realtors?token=${secrets[0]}`,
      headers: { authorization: `Bearer ${secrets[1]}`, impersonation: `Impersonated ${secrets[2]}` },
    });
    expect(denied.statusCode).toBe(401);

    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(text).toContain('access denied');
    expect(text).toContain('/ui/reset?token=[redacted]');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('the log of the session cookie', () => {
  const lines: Record<string, unknown>[] = [];
  const t = useTestApp('pglite', { onLog: (entry) => lines.push(entry) });

  it('never holds the token a sign-in sets as a cookie, nor one a request sends', async () => {
    const signedIn = await t.api({
      method: 'POST',
      path: '/auth/login/',
      body: { username: 'admin@acme.test', password: DEMO_PASSWORD },
    });
    const token = cookieValue(signedIn, sessionCookieNames.session)!;
    expect(token).toBe(signedIn.json<{ token: string }>().token);
    // Refused, so a line is written about the very request that carries it.
    const refused = await t.api({
      method: 'POST',
      path: '/auth/logout',
      headers: sessionCookieHeader(token),
    });
    expect(refused.statusCode).toBe(401);
    await t.api({ path: '//ui/', headers: sessionCookieHeader(token) });

    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(text).toContain('access denied');
    expect(text).not.toContain(token);
  });

  it("keeps no Cookie header, and Set-Cookie only redacted even when a logger writes the response's headers", async () => {
    const written: string[] = [];
    const app = Fastify({
      logger: withLogHygiene({
        level: 'info',
        stream: { write: (line: string) => written.push(line) },
        serializers: {
          res: (reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>) => ({
            statusCode: reply.statusCode,
            headers: reply.getHeaders?.(),
          }),
        },
      }),
    });
    app.get('/page', async (_request, reply) => {
      reply.header('set-cookie', `${sessionCookieNames.session}=AnsweredToken0123456789; HttpOnly`);
      return 'ok';
    });
    const response = await app.inject({
      url: '/page',
      headers: sessionCookieHeader('SentToken0123456789'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toContain('AnsweredToken0123456789');
    await app.close();

    const text = written.join('\n');
    // The request's line keeps no header at all; the response's keeps Set-Cookie only as redacted.
    expect(text).toContain('incoming request');
    expect(text).toContain('"set-cookie":"[Redacted]"');
    expect(text).not.toContain('AnsweredToken0123456789');
    expect(text).not.toContain('SentToken0123456789');
  });
});
