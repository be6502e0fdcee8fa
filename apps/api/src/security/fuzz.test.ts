/**
 * Property-based requests to every documented route: bodies shaped by the route's own JSON schema
 * but filled with hostile values (odd Unicode, SQL and script fragments, huge and negative numbers,
 * wrong types, dates at and past the ends of JavaScript's range), and arbitrary JSON, sometimes
 * for another corporation (`tenant-id`); each upload route also gets multipart bodies with real and
 * junk files, cut off at any byte. Every answer must be below 500, and every refusal must carry
 * the `{ "Errors": [...] }` body.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMessages } from '@homeminder/shared/contracts/admin';
import { errorBodySchema } from '@homeminder/shared/contracts/errors';
import { templateMessages } from '@homeminder/shared/contracts/templates';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../db/demo-data';
import { SYSTEM_TENANT_ID } from '../db/reference-data';
import { multipartFile, testImage } from '../modules/images/test-images';
import { testDocx, testPdf } from '../modules/templates/test-files';
import { useTestApp, type ApiRequest } from '../test/test-app';

type Method = NonNullable<ApiRequest['method']>;
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
}
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

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  "' OR 1=1 --",
  "'; DROP TABLE client_users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '=HYPERLINK("http://x")',
  '\u0000',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🏠🔧',
  'a'.repeat(10_000),
  '../../etc/passwd',
  '%00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  'NaN',
  '-1',
  '1e309',
);
// Any moment JavaScript can hold, most of them far outside the years a database stores.
const anyDate = fc.date({ noInvalidDate: true });
const extremeMoments = [8.64e15, -8.64e15, 253_402_300_800_000, -62_135_596_800_001, 1e20];
const anyMoment = fc.oneof(
  anyDate.map((date) => date.toISOString()),
  anyDate.map((date) => date.getTime()),
  anyDate.map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom(
    ...extremeMoments,
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '+010000-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '2026-02-30',
  ),
);
const anyString = fc.oneof(hostileStrings, fc.string({ unit: 'grapheme', maxLength: 40 }), fc.uuid());
const anyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    0,
    -1,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    0.5,
    ...extremeMoments,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyScalar = fc.oneof(anyString, anyNumber, anyMoment, fc.boolean(), fc.constant(null));

function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyScalar;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)), anyScalar);
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], depth + 1);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), anyScalar);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, arbitraryFor(value, depth + 1)]),
      );
      // Any property may be missing; a wrong type for the whole object now and then.
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(properties, { requiredKeys: [] }) },
        { weight: 1, arbitrary: anyScalar },
      );
    }
    case 'array':
      return fc.oneof(fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 5 }), anyScalar);
    case 'string':
      if (schema.format === 'date-time' || schema.format === 'date') {
        return fc.oneof({ weight: 4, arbitrary: anyMoment }, { weight: 1, arbitrary: anyScalar });
      }
      return fc.oneof({ weight: 4, arbitrary: anyString }, { weight: 1, arbitrary: anyScalar });
    case 'number':
    case 'integer':
      return fc.oneof({ weight: 4, arbitrary: anyNumber }, { weight: 1, arbitrary: anyScalar });
    case 'boolean':
      return fc.oneof(fc.boolean(), anyScalar);
    default:
      return anyScalar;
  }
}

const pathValue = fc.oneof(fc.uuid(), hostileStrings, fc.string({ maxLength: 12 }), fc.integer().map(String));

/** The operator's own corporation, another one, one that does not exist, and malformed ones. */
const tenantHeader = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom(ACME_TENANT_ID, BIRCH_TENANT_ID, SYSTEM_TENANT_ID) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'not-a-tenant', "' OR 1=1 --", '%00', '-1')),
  },
);

/** A multipart form with one file in `field` (or another field), cut off at any byte or whole. */
function multipartBody(field: string, files: Buffer[]) {
  const content = fc.oneof(
    fc.constantFrom(...files),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  );
  return fc
    .record({
      content,
      field: fc.oneof({ weight: 4, arbitrary: fc.constant(field) }, { weight: 1, arbitrary: anyString }),
      fileName: anyString,
      // Where the body stops: a fraction of its length; above 1, it is sent whole.
      cutAt: fc.double({ min: 0, max: 1.3, noNaN: true }),
    })
    .map(({ content, field: name, fileName, cutAt }) => {
      const { body, headers } = multipartFile(content, {
        fieldName: name,
        fileName: encodeURIComponent(fileName),
      });
      return { body: cutAt >= 1 ? body : body.subarray(0, Math.floor(body.length * cutAt)), headers };
    });
}

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
    // Every upload route is found, so each gets its multipart cases.
    expect(routes.filter((route) => route.uploadField)).toHaveLength(4);

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
    const huge = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token,
      body: JSON.stringify({ search: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expectWellFormed(huge, 'oversized body');

    const text = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token,
      body: '<page>1</page>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(text.statusCode).toBe(415);
    expectWellFormed(text, 'wrong content type');

    const deep = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token,
      body: `${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}`,
      headers: { 'content-type': 'application/json' },
    });
    // Parsed or refused, but never a crash: unknown keys are dropped by the schema.
    expectWellFormed(deep, 'deep JSON');

    const longParameter = await t.api({
      method: 'POST',
      path: `/sec/permission/privileges/${'a'.repeat(10_000)}`,
      token,
    });
    expect(longParameter.statusCode).toBe(414);
    expectWellFormed(longParameter, 'an over-long path parameter');

    const broken = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token,
      body: '{"page": 1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expectWellFormed(broken, 'broken JSON');
  });
});
