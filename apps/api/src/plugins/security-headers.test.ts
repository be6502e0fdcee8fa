import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { strictTransportSecurity, strictTransportSecurityOverHttps } from './security-headers';

describe('security headers', () => {
  const t = useTestApp('pglite');

  it('forbid framing in both headers alike, and send no HSTS over plain HTTP', async () => {
    for (const path of ['/auth/who-am-i', '//ui/login', '/docs']) {
      const response = await t.api({ path });
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      expect(response.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(response.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('send HSTS over HTTPS, as a trusted proxy reports it', async () => {
    const app = Fastify({ trustProxy: true });
    strictTransportSecurityOverHttps(app);
    app.get('/', async () => ({ ok: true }));
    const overHttps = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe(strictTransportSecurity);
    const overHttp = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});
