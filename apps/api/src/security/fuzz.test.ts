/**
 * Property-based requests to every documented route: bodies shaped by the route's own JSON schema
 * but filled with hostile values (odd Unicode, SQL and script fragments, huge and negative numbers,
 * wrong types), and arbitrary JSON. Every answer must be below 500, and every refusal must carry
 * the `{ "Errors": [...] }` body of SPEC.md section 8.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@homeminder/shared/contracts/errors';
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
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
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
const anyString = fc.oneof(hostileStrings, fc.string({ unit: 'grapheme', maxLength: 40 }), fc.uuid());
const anyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyScalar = fc.oneof(anyString, anyNumber, fc.boolean(), fc.constant(null));

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
  let serverErrors = 0;

  beforeAll(async () => {
    token = await t.login('sysadmin@demo.test');
  });
  afterAll(() => {
    console.log(`fuzz: ${cases} cases, ${serverErrors} answers of 5xx`);
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
      })),
    );
    expect(routes.length).toBeGreaterThan(50);

    for (const [index, route] of routes.entries()) {
      // Signing out would end the session the other cases use.
      if (route.path.endsWith('/auth/logout')) continue;
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const property = fc.asyncProperty(
        fc.array(pathValue, { minLength: params.length, maxLength: params.length }),
        hasBody ? fc.oneof(arbitraryFor(route.schema), fc.jsonValue()) : fc.constant(undefined),
        async (values, body) => {
          let path = route.path.replace(/^\/api/, '');
          params.forEach((param, index) => {
            path = path.replace(`{${param}}`, encodeURIComponent(values[index]!));
          });
          const response = await t.api({
            method: route.method,
            path,
            token,
            ...(hasBody
              ? { body: JSON.stringify(body ?? null), headers: { 'content-type': 'application/json' } }
              : {}),
          });
          cases += 1;
          if (response.statusCode >= 500) serverErrors += 1;
          expectWellFormed(response, `${route.method} ${path}`);
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
