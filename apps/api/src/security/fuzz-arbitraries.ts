/**
 * What the fuzz suite draws (security/fuzz.test.ts): hostile strings, numbers and moments, values
 * shaped by a route's JSON schema, path values, `tenant-id` headers and multipart uploads.
 */
import fc from 'fast-check';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../db/demo-data';
import { SYSTEM_TENANT_ID } from '../db/reference-data';
import { multipartFile } from '../test/images';

export interface JsonSchema {
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

export const hostileStrings = fc.constantFrom(
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
export const anyMoment = fc.oneof(
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

export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
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

export const pathValue = fc.oneof(
  fc.uuid(),
  hostileStrings,
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
);

/** The operator's own corporation, another one, one that does not exist, and malformed ones. */
export const tenantHeader = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom(ACME_TENANT_ID, BIRCH_TENANT_ID, SYSTEM_TENANT_ID) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'not-a-tenant', "' OR 1=1 --", '%00', '-1')),
  },
);

/** A multipart form with one file in `field` (or another field), cut off at any byte or whole. */
export function multipartBody(field: string, files: Buffer[]) {
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
