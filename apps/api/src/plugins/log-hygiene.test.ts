import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { loggedUrl } from './log-hygiene';

describe('the address a log line keeps', () => {
  it('loses the values of secret query parameters and keeps the rest', () => {
    expect(loggedUrl('/ui/reset?token=abc123')).toBe('/ui/reset?token=[redacted]');
    expect(loggedUrl('/ui/unsubscribe?token=a.b.c&_ti=7')).toBe('/ui/unsubscribe?token=[redacted]&_ti=7');
    expect(loggedUrl('/ui/api/clients?page=2&who=kim')).toBe('/ui/api/clients?page=2&who=kim');
    expect(loggedUrl('/ui/x?%74oken=abc&%zz=1')).toBe('/ui/x?%74oken=[redacted]&%zz=1');
    expect(loggedUrl('/ui/login')).toBe('/ui/login');
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
