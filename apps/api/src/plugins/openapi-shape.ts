import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { audienceOf, type RouteAudience } from './auth';

/**
 * What a route's schemas cannot say about it, stated once where the route is declared and shown in
 * the OpenAPI document. The contract test (openapi-contract.test.ts) calls every operation and
 * holds each response to the document, so these stay true.
 */
export interface RouteDocs {
  /** Responds without a sign-in: the document shows no security requirement. */
  public?: boolean;
  /** The success status when no response schema states it: 204 (nothing to say), 303 (a redirect). */
  status?: number;
  /** The media types of a response that is not JSON (a file, a feed). */
  produces?: readonly string[];
  /** Refusals of this route besides those every route can give (see `refusalsOf`). */
  refusals?: readonly number[];
  /** Responds 304 to a conditional GET that names what the caller already has. */
  conditional?: boolean;
  /** A form the route reads itself, URL-encoded or multipart: its fields, each a text. */
  form?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route's multipart field: the route reads its body itself, the document shows it. */
    uploadField?: string;
    docs?: RouteDocs;
  }
}

/**
 * The refusals every route can give: 400 for a malformed address or `tenant-id`, 403 for another
 * corporation's `tenant-id` or a session of the other audience, 404 for a corporation that does
 * not exist, 429 past the per-address request limit. A route that needs a sign-in adds 401; one
 * that takes a body adds 413 (too large) and 415 (not its kind of content).
 */
export function refusalsOf(route: { public: boolean; body: boolean; own?: readonly number[] }): number[] {
  const statuses = new Set([400, 403, 404, 429, ...(route.own ?? [])]);
  if (!route.public) statuses.add(401);
  if (route.body) [413, 415].forEach((status) => statuses.add(status));
  return [...statuses].sort((a, b) => a - b);
}

/**
 * A stable operationId from the method and the path under `api/`: `GET /clients/client/:id` is
 * `getClientsClientById`. Paths are unique per method, and so are these.
 */
export function operationIdOf(method: string, url: string): string {
  const path = url.replace(/^.*?\/api\//, '');
  const words = path
    .split(/[^A-Za-z0-9:]+|(?=:)/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By${capitalise(word.slice(1))}` : capitalise(word)));
  return `${method.toLowerCase()}${words.join('')}`;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const descriptions: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  303: 'See Other',
  304: 'Not Modified',
};

/** The response of a route whose success says nothing in JSON: none, a redirect, or a file. */
function responseWithout(docs: RouteDocs, status: number): Record<string, unknown> {
  const description = descriptions[status] ?? 'Success';
  if (docs.produces) return { description, type: 'string' };
  if (status === 303) {
    return {
      description,
      type: 'null',
      headers: { location: { type: 'string', description: 'Where to go' } },
    };
  }
  return { description, type: 'null' };
}

/** Whether a route takes no body at all as well: its schema accepts one left out. */
function takesNoBody(body: unknown): boolean {
  const schema = body as z.ZodType | undefined;
  return typeof schema?.safeParse === 'function' && schema.safeParse(undefined).success;
}

type RouteTransform = typeof jsonSchemaTransform;

/**
 * The document of one route: its zod schemas as JSON Schema (fastify-type-provider-zod), an upload
 * route's multipart body, its real success status, its operationId, its security and its refusals
 * (marked here, shown by `shapeDocument`).
 */
export const describeRoute: RouteTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const { route } = input;
  const schema = { ...(output.schema as FastifySchema & Record<string, unknown>) };
  if (schema.hide) return output;
  const docs = route.config?.docs ?? {};
  const field = route.config?.uploadField;
  if (field) {
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      required: [field],
      properties: { [field]: { type: 'string', format: 'binary' } },
    };
  }
  if (docs.form) {
    schema.consumes = ['application/x-www-form-urlencoded', 'multipart/form-data'];
    schema.body = {
      type: 'object',
      required: [...docs.form],
      properties: Object.fromEntries(docs.form.map((name) => [name, { type: 'string' }])),
    };
  }
  if (!schema.response) schema.response = { [docs.status ?? 200]: responseWithout(docs, docs.status ?? 200) };
  if (docs.conditional) {
    schema.response = {
      ...(schema.response as object),
      304: { description: descriptions[304], type: 'null' },
    };
  }
  if (docs.produces) schema.produces = [...docs.produces];
  const method = [route.method].flat()[0]!;
  schema.operationId = operationIdOf(method, output.url ?? route.url);
  const open = docs.public === true;
  if (open) schema.security = [];
  schema['x-refusals'] = refusalsOf({ public: open, body: Boolean(schema.body), own: docs.refusals });
  if (schema.body && !field && takesNoBody(input.schema?.body)) schema['x-optional-body'] = true;
  schema['x-headers'] = open ? [] : headersOf(audienceOf(route.config));
  return { ...output, schema };
};

/** A staff route reads the corporation chosen and the person acted as; a homeowner's neither. */
function headersOf(audience: RouteAudience): string[] {
  return audience === 'client' ? [] : ['TenantId', 'Impersonation'];
}

interface Operation {
  parameters?: unknown[];
  requestBody?: { required?: boolean };
  responses: Record<string, unknown>;
  security?: unknown[];
  'x-refusals'?: number[];
  'x-optional-body'?: boolean;
  'x-headers'?: string[];
}

interface Document {
  components: Record<string, Record<string, unknown>>;
  paths: Record<string, Record<string, Operation>>;
}

const errorResponse = { $ref: '#/components/responses/Error' };
const parameter = (name: string) => ({ $ref: `#/components/parameters/${name}` });

/** What the document shares: the refusal, and the parameters most routes read. */
const shared = {
  schemas: {
    Errors: {
      type: 'object',
      required: ['Errors'],
      properties: { Errors: { type: 'array', minItems: 1, items: { type: 'string' } } },
      additionalProperties: false,
    },
  },
  responses: {
    Error: {
      description: 'Refused or failed: `Errors` says why, the first message being the one to show',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } },
    },
  },
  parameters: {
    BrowserSession: {
      name: '_ti',
      in: 'query',
      required: false,
      description: "The browser session's identifier, which the web app adds to every request",
      schema: { type: 'string' },
    },
    TenantId: {
      name: 'tenant-id',
      in: 'header',
      required: false,
      description:
        "The corporation to act on: the signed-in user's own when left out; another only with ActAcrossTenants",
      schema: { type: 'string', format: 'uuid' },
    },
    Impersonation: {
      name: 'Impersonation',
      in: 'header',
      required: false,
      description:
        'Act as another user: `Impersonated <token>`, the token of `POST auth/impersonate/{userId}`',
      schema: { type: 'string', pattern: '^Impersonated \\S+$' },
    },
  },
};

/**
 * The whole document: the routes' marks become the shared refusal (each status a route can give,
 * and 5XX), shared parameters, and optional bodies; a nullable list of values allows null.
 */
export const shapeDocument: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as unknown as Document;
  for (const [kind, entries] of Object.entries(shared)) {
    document.components[kind] = { ...document.components[kind], ...entries };
  }
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      for (const status of operation['x-refusals'] ?? []) operation.responses[status] = errorResponse;
      operation.responses['5XX'] = errorResponse;
      if (operation['x-optional-body'] && operation.requestBody) operation.requestBody.required = false;
      const headers = (operation['x-headers'] ?? []).map(parameter);
      operation.parameters = [...(operation.parameters ?? []), parameter('BrowserSession'), ...headers];
      delete operation['x-refusals'];
      delete operation['x-optional-body'];
      delete operation['x-headers'];
    }
  }
  allowNullInNullableEnums(document);
  return document;
};

const nullOnly = { type: 'string', nullable: true, enum: [null] };

/**
 * In OpenAPI 3.0 `nullable: true` widens only a `type` beside it: a nullable list of allowed
 * values must name null itself, and a nullable choice of schemas (`anyOf`) takes null as one more
 * choice. Otherwise a null response fails the schema it is documented with.
 */
export function allowNullInNullableEnums(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(allowNullInNullableEnums);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const schema = value as { nullable?: unknown; type?: unknown; enum?: unknown[]; anyOf?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum.push(null);
  }
  if (schema.nullable === true && schema.type === undefined) {
    delete schema.nullable;
    if (Array.isArray(schema.anyOf)) schema.anyOf.push(nullOnly);
  }
  Object.values(value).forEach(allowNullInNullableEnums);
}
