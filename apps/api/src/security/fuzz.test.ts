/**
 * Property-based requests to every documented route: bodies shaped by the route's own JSON schema
 * but filled with hostile values (odd Unicode, SQL and script fragments, huge and negative numbers,
 * wrong types, dates at and past the ends of JavaScript's range), and arbitrary JSON, sometimes
 * for another corporation (`tenant-id`); each upload route also gets multipart bodies with real and
 * junk files, cut off at any byte. Every response must be below 500, and every refusal must carry
 * the `{ "Errors": [...] }` body.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMessages } from '@homeminder/shared/contracts/admin';
import { errorBodySchema } from '@homeminder/shared/contracts/errors';
import { templateMessages } from '@homeminder/shared/contracts/templates';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../db/demo-data';
import { multipartFile, testImage } from '../test/images';
import { testDocx, testPdf } from '../modules/templates/test-files';
import { useTestApp, type ApiRequest } from '../test/test-app';
import { arbitraryFor, multipartBody, pathValue, tenantHeader, type JsonSchema } from './fuzz-arbitraries';

type Method = NonNullable<ApiRequest['method']>;
interface Operation {
  requestBody?: {
    content?: {
      'application/json'?: { schema?: JsonSchema };
      'multipart/form-data'?: { schema?: JsonSchema };
    };
  };
}

// `npm run test:soak` sends more.
const runsPerRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 100);
// Each run draws new cases; a failure names its seed, and `FUZZ_SEED=<seed>` draws the same again.
const runSeed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

function expectWellFormed(response: { statusCode: number; body: string }, request: string) {
  const what = request.length > 200 ? `${request.slice(0, 200)}…` : request;
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const parsed = errorBodySchema.safeParse(JSON.parse(response.body));
    expect(
      parsed.success,
      `${what} answered ${response.statusCode} without Errors: ${response.body.slice(0, 300)}`,
    ).toBe(true);
  }
}

describe('fuzzing every route [pglite]', () => {
  const t = useTestApp('pglite');
  let token: string;
  let cases = 0;
  let uploadCases = 0;
  let serverErrors = 0;
  let files: Buffer[] = [];
  // Path values that reach an upload route's reading: the operator's own records and a template.
  let ownIds: string[] = [];
  // Records every route may be sent, so that cases reach past "not found": a live notification
  // message and both demo corporations (never the operator's own account, which a case could end).
  let knownIds: string[] = [];

  beforeAll(async () => {
    token = await t.login('sysadmin@demo.test');
    const who = (await t.api({ path: '/auth/who-am-i', token })).json<{ tenantID: string; userID: string }>();
    const template = await t.api({
      method: 'POST',
      path: '/admin/template',
      token,
      body: { templateId: 'fuzz-letter', name: 'Fuzz letter' },
    });
    expect(template.statusCode, template.body).toBe(201);
    ownIds = [who.tenantID, who.userID, 'fuzz-letter'];
    const message = await t.api({
      method: 'POST',
      path: '/notification',
      token,
      body: { title: 'Fuzz', body: 'Showing now', severity: 'info', startsAt: new Date(0).toISOString() },
    });
    expect(message.statusCode, message.body).toBe(201);
    knownIds = [message.json<{ id: string }>().id, ACME_TENANT_ID, BIRCH_TENANT_ID];
    files = [await testImage('png'), await testImage('jpeg'), await testImage('webp'), testPdf(), testDocx()];
  });
  afterAll(() => {
    console.log(`fuzz: ${cases} cases (${uploadCases} of them uploads), ${serverErrors} answers of 5xx`);
  });

  it(`sends ${runsPerRoute} hostile requests to every route`, { timeout: 900_000 }, async () => {
    const document = (await t.api({ path: '/docs/json' })).json<{
      paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
    }>();
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        path,
        method: method.toUpperCase() as Method,
        schema: operation?.requestBody?.content?.['application/json']?.schema,
        uploadField: operation?.requestBody?.content?.['multipart/form-data']?.schema?.required?.[0],
      })),
    );
    expect(routes.length).toBeGreaterThan(50);
    // Every multipart route is found (four uploads, a system's label photo and manual and a care
    // entry's photo or receipt for each of the home's two audiences, and the one-click unsubscribe's
    // form), so each gets its multipart cases.
    expect(routes.filter((route) => route.uploadField)).toHaveLength(11);

    for (const [index, route] of routes.entries()) {
      // Signing out would end the session the other cases use.
      if (route.path.endsWith('/auth/logout')) continue;
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const { uploadField } = route;
      const jsonBody = fc.oneof(arbitraryFor(route.schema), fc.jsonValue()).map((body) => ({
        body: JSON.stringify(body ?? null),
        headers: { 'content-type': 'application/json' },
      }));
      const body: fc.Arbitrary<{ body: string | Buffer; headers: Record<string, string> } | undefined> =
        !hasBody
          ? fc.constant(undefined)
          : uploadField
            ? fc.oneof(
                { weight: 4, arbitrary: multipartBody(uploadField, files) },
                { weight: 1, arbitrary: jsonBody },
              )
            : jsonBody;
      // An upload route mostly gets a record of its own, so that its body is read at all.
      const known = fc.oneof(
        { weight: 4, arbitrary: pathValue },
        { weight: 1, arbitrary: fc.constantFrom(...knownIds) },
      );
      const value = uploadField ? fc.oneof(fc.constantFrom(...ownIds), known) : known;
      const property = fc.asyncProperty(
        fc.array(value, { minLength: params.length, maxLength: params.length }),
        body,
        tenantHeader,
        async (values, sent, tenantId) => {
          let path = route.path.replace(/^\/api/, '');
          params.forEach((param, index) => {
            path = path.replace(`{${param}}`, encodeURIComponent(values[index]!));
          });
          const response = await t.api({
            method: route.method,
            path,
            token,
            ...(tenantId === undefined ? {} : { tenantId }),
            ...(sent ? { body: sent.body, headers: sent.headers } : {}),
          });
          cases += 1;
          if (uploadField) uploadCases += 1;
          if (response.statusCode >= 500) serverErrors += 1;
          expectWellFormed(
            response,
            `${route.method} ${path}${tenantId === undefined ? '' : ` for ${tenantId}`}`,
          );
        },
      );
      try {
        await fc.assert(property, { numRuns: runsPerRoute, seed: (runSeed + index * 7919) | 0 });
      } catch (error) {
        throw new Error(`${route.method} ${route.path} failed; FUZZ_SEED=${runSeed} draws this run again`, {
          cause: error,
        });
      }
    }
    expect(serverErrors).toBe(0);
  });

  it("refuses an upload cut off before its end with 400 and the upload's words, on every upload route", async () => {
    const [tenantId, userId, templateId] = ownIds;
    const image = multipartFile(files[0]!);
    const pdf = multipartFile(files[3]!, { fieldName: 'file', fileName: 'letter.pdf' });
    const routes = [
      { method: 'PUT', path: '/id/profile/image', upload: image, words: imageMessages.cutOff },
      {
        method: 'PUT',
        path: `/corporation/settings/${tenantId}/branding`,
        upload: image,
        words: imageMessages.cutOff,
      },
      { method: 'PUT', path: `/admin/user/profile/${userId}`, upload: image, words: imageMessages.cutOff },
      {
        method: 'POST',
        path: `/admin/template/file/${templateId}`,
        upload: pdf,
        words: templateMessages.cutOff,
      },
    ] as const;
    for (const { method, path, upload, words } of routes) {
      // Cut inside the file, and just before the form's closing boundary.
      for (const cut of [Math.floor(upload.body.length / 2), upload.body.length - 4]) {
        const response = await t.api({
          method,
          path,
          token,
          body: upload.body.subarray(0, cut),
          headers: upload.headers,
        });
        expect(response.statusCode, `${method} ${path} cut at ${cut}: ${response.body}`).toBe(400);
        expect(errorBodySchema.parse(response.json()).Errors).toEqual([words]);
      }
      // The whole body arrives whole (the operator's own account is not changed here, which is refused).
      const whole = await t.api({ method, path, token, body: upload.body, headers: upload.headers });
      expectWellFormed(whole, `${method} ${path}`);
      expect(whole.body).not.toContain(words);
    }
  });

  it('refuses dates outside the years 1 to 9999 with 400 on the audit search and notifications', async () => {
    for (const moment of [8.64e15, -8.64e15, '+200000-01-01T00:00:00Z', '0000-01-01T00:00:00Z']) {
      const audit = await t.api({
        method: 'POST',
        path: '/admin/audit/query',
        token,
        body: { from: moment },
      });
      expect(audit.statusCode, audit.body).toBe(400);
      expect(errorBodySchema.parse(audit.json()).Errors).toEqual([messages.dateOutOfRange]);
      const notification = await t.api({
        method: 'POST',
        path: '/notification',
        token,
        body: { title: 'Far ahead', body: 'Never', severity: 'info', startsAt: moment },
      });
      expect(notification.statusCode, notification.body).toBe(400);
      expect(errorBodySchema.parse(notification.json()).Errors).toEqual([messages.dateOutOfRange]);
    }
  });

  it('refuses an oversized body, a wrong content type and deeply nested JSON with an Errors body', async () => {
    /** The client grid's search, sent as `contentType` whatever the body is. */
    const postGrid = (body: string, contentType: string) =>
      t.api({ method: 'POST', path: '/clients/grid', token, body, headers: { 'content-type': contentType } });
    const huge = await postGrid(JSON.stringify({ search: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(huge.statusCode).toBe(413);
    expectWellFormed(huge, 'oversized body');

    const text = await postGrid('<page>1</page>', 'application/xml');
    expect(text.statusCode).toBe(415);
    expectWellFormed(text, 'wrong content type');

    const deep = await postGrid(`${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}`, 'application/json');
    // Parsed or refused, but never a crash: unknown keys are dropped by the schema.
    expectWellFormed(deep, 'deep JSON');

    const longParameter = await t.api({
      method: 'POST',
      path: `/sec/permission/privileges/${'a'.repeat(10_000)}`,
      token,
    });
    expect(longParameter.statusCode).toBe(414);
    expectWellFormed(longParameter, 'an over-long path parameter');

    const broken = await postGrid('{"page": 1,', 'application/json');
    expect(broken.statusCode).toBe(400);
    expectWellFormed(broken, 'broken JSON');
  });
});
