/**
 * A slow upload costs the server a socket and nothing more: its body is read before the route's
 * transaction opens, so uploads that trickle in hold no database connection while everyone else,
 * of any corporation, keeps being served; and a body or headers that never finish are cut off by
 * the request and header time-outs (docs/decisions/050).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@homeminder/shared/contracts/errors';
import { messages } from '@homeminder/shared/validation/messages';
import { multipartFile, testImage } from '../test/images';
import { testPdf } from '../modules/templates/test-files';
import { API, describeEachDriver, expectErrors, type TestApp } from '../test/test-app';

const timeouts = { requestMs: 6_000, headersMs: 1_500 };

/** A raw HTTP request whose body is sent a few bytes at a time and never finished unless asked. */
interface Trickle {
  /** Everything the server has responded with so far. */
  response(): string;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  stop(): void;
}

function trickle(port: number, head: string, body: Buffer): Trickle {
  const socket = net.connect({ host: '127.0.0.1', port });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let sent = 0;
  // The first part of the body goes at once, so the route has started reading it.
  socket.write(head);
  socket.write(body.subarray(0, 512));
  sent = 512;
  const timer = setInterval(() => {
    // Never the last bytes: the body stays unfinished.
    if (sent < body.length - 16 && !socket.destroyed) {
      socket.write(body.subarray(sent, sent + 8));
      sent += 8;
    }
  }, 100);
  void closed.then(() => clearInterval(timer));
  return {
    response: () => received,
    closed,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

function uploadHead(
  method: string,
  path: string,
  token: string,
  headers: Record<string, string>,
  length: number,
) {
  const lines = [
    `${method} ${API}${path} HTTP/1.1`,
    'host: 127.0.0.1',
    `authorization: Bearer ${token}`,
    `content-length: ${length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDriver(
  'a slow upload',
  (t: TestApp) => {
    let port = 0;
    let tokens: { realtor: string; admin: string; operator: string; birch: string };
    let ids: { acme: string; realtor: string };
    const open: Trickle[] = [];

    beforeAll(async () => {
      tokens = {
        realtor: await t.login('realtor@acme.test'),
        admin: await t.login('admin@acme.test'),
        operator: await t.login('sysadmin@demo.test'),
        birch: await t.login('admin@birch.test'),
      };
      const who = (await t.api({ path: '/auth/who-am-i', token: tokens.realtor })).json<{
        tenantID: string;
        userID: string;
      }>();
      ids = { acme: who.tenantID, realtor: who.userID };
      const created = await t.api({
        method: 'POST',
        path: '/admin/template',
        token: tokens.operator,
        body: { templateId: 'slow-letter', name: 'Slow letter' },
      });
      expect(created.statusCode, created.body).toBe(201);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    afterAll(() => {
      for (const upload of open.splice(0)) upload.stop();
    });

    /** Starts slow uploads on each of the four upload routes, more in all than the pool has connections. */
    async function startUploads(count: number): Promise<Trickle[]> {
      // Padding makes each body long enough to trickle for the whole test.
      const padding = Buffer.alloc(64 * 1024, 32);
      const image = multipartFile(Buffer.concat([await testImage('png'), padding]));
      const file = multipartFile(Buffer.concat([testPdf(), padding]), {
        fieldName: 'file',
        fileName: 'letter.pdf',
        contentType: 'application/pdf',
      });
      const routes = [
        { method: 'PUT', path: '/id/profile/image', token: tokens.realtor, upload: image },
        {
          method: 'PUT',
          path: `/corporation/settings/${ids.acme}/branding`,
          token: tokens.admin,
          upload: image,
        },
        { method: 'PUT', path: `/admin/user/profile/${ids.realtor}`, token: tokens.admin, upload: image },
        { method: 'POST', path: '/admin/template/file/slow-letter', token: tokens.operator, upload: file },
      ];
      const started = Array.from({ length: count }, (_, index) => {
        const { method, path, token, upload } = routes[index % routes.length]!;
        const head = uploadHead(method, path, token, upload.headers, upload.body.length);
        return trickle(port, head, upload.body);
      });
      open.push(...started);
      // Long enough for every route to be reading its body.
      await wait(500);
      return started;
    }

    const get = (path: string, token?: string) =>
      fetch(`http://127.0.0.1:${port}${API}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(4_000),
      });

    it('leaves another corporation, sign-in and /health responding while uploads trickle in', async () => {
      const uploads = await startUploads(12);
      const health = await get('/health');
      expect(health.status).toBe(200);
      const summary = await get('/home/summary', tokens.birch);
      expect(summary.status).toBe(200);
      const signIn = await fetch(`http://127.0.0.1:${port}${API}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'realtor@birch.test', password: 'Demo-Passw0rd!' }),
        signal: AbortSignal.timeout(4_000),
      });
      expect(signIn.status).toBe(200);
      // The uploads were still under way all along.
      expect(uploads.map((upload) => upload.response())).toEqual(uploads.map(() => ''));
      for (const upload of uploads) upload.stop();
    });

    it('refuses a file sent to a route that takes none, with 415, so no route reads a body in its transaction', async () => {
      const upload = multipartFile(await testImage('png'));
      // A route with no body of its own (one with a JSON body refuses the form as it validates).
      const response = await t.api({
        method: 'POST',
        path: '/notification/0b0b0b0b-0000-4000-8000-00000000f11e/dismiss',
        token: tokens.realtor,
        body: upload.body,
        headers: upload.headers,
      });
      expectErrors(response, 415);
      // The upload routes take it.
      const taken = await t.api({
        method: 'PUT',
        path: '/id/profile/image',
        token: tokens.realtor,
        body: upload.body,
        headers: upload.headers,
      });
      expect(taken.statusCode, taken.body).toBe(200);
    });

    it('cuts off a body that never finishes, and headers that never finish, with 408', async () => {
      const started = Date.now();
      const [upload] = await startUploads(1);
      await Promise.race([upload!.closed, wait(timeouts.requestMs * 3)]);
      const response = upload!.response();
      expect(response).toMatch(/^HTTP\/1\.1 408 /);
      expect(Date.now() - started).toBeLessThan(timeouts.requestMs * 2);
      const body = response.slice(response.indexOf('\r\n\r\n') + 4);
      expect(errorBodySchema.parse(JSON.parse(body)).Errors).toEqual([messages.requestTimeout]);

      // Headers that stop half-way are cut off sooner.
      const headers = net.connect({ host: '127.0.0.1', port });
      let received = '';
      headers.setEncoding('utf8');
      headers.on('data', (chunk: string) => (received += chunk));
      headers.on('error', () => undefined);
      const headersStarted = Date.now();
      headers.write(`GET ${API}/health HTTP/1.1\r\nhost: 127.0.0.1\r\n`);
      await Promise.race([
        new Promise((resolve) => headers.once('close', resolve)),
        wait(timeouts.requestMs * 3),
      ]);
      headers.destroy();
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(Date.now() - headersStarted).toBeLessThan(timeouts.requestMs);

      // The service is none the worse.
      expect((await get('/health')).status).toBe(200);
    });
  },
  { timeouts },
);
