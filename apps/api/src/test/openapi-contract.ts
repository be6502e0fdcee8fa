/**
 * The API's responses held to its OpenAPI document (docs/openapi.json): each response's status must be
 * one the operation documents, its content type one the documented response has, and its JSON body
 * valid against the documented schema (Ajv, with the formats of ajv-formats). The contract test
 * records what it exercised, so it can tell an operation or a status no call reached.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
interface Operation {
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  security?: unknown[];
  parameters?: Array<{ in?: string; name?: string; $ref?: string }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ResponseObject>; schemas: Record<string, object> };
}

export const openApiDocument = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url)), 'utf8'),
) as OpenApiDocument;

/** An operation as `'METHOD /path'`, the path as the document writes it, e.g. `GET /api/clients/client/{id}`. */
export type OperationKey = string;

export interface DocumentedOperation {
  key: OperationKey;
  method: string;
  path: string;
  operation: Operation;
  /** The statuses it documents one by one (a range such as 5XX is not a status a call can aim at). */
  statuses: number[];
  isPublic: boolean;
  takesBody: boolean;
}

export function documentedOperations(document: OpenApiDocument = openApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
      statuses: Object.keys(operation.responses)
        .filter((status) => /^\d{3}$/.test(status))
        .map(Number),
      isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      takesBody: Boolean(operation.requestBody),
    })),
  );
}

/** Holds responses to the document and keeps what was exercised and what did not match. */
export function contractChecker(document: OpenApiDocument = openApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<object, ValidateFunction>();
  const operations = new Map(documentedOperations(document).map((entry) => [entry.key, entry]));
  const exercised = new Map<OperationKey, Set<number>>();
  const mismatches: string[] = [];
  let responses = 0;

  const resolve = (response: ResponseObject): ResponseObject =>
    response.$ref ? document.components.responses[response.$ref.split('/').pop()!]! : response;

  /** A schema compiled with the document's components beside it, so its `$ref`s resolve. */
  const validatorOf = (schema: object): ValidateFunction => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile({ allOf: [schema], components: document.components });
      validators.set(schema, validate);
    }
    return validate;
  };

  function problemsOf(entry: DocumentedOperation, response: LightMyRequestResponse): string[] {
    const status = response.statusCode;
    const documented =
      entry.operation.responses[String(status)] ?? entry.operation.responses[`${String(status)[0]}XX`];
    if (!documented) return [`answered ${status}, which is not documented: ${response.body.slice(0, 200)}`];
    const documentedResponse = resolve(documented);
    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const problems: string[] = [];
    for (const header of Object.keys(documentedResponse.headers ?? {})) {
      if (response.headers[header.toLowerCase()] === undefined) problems.push(`${status} without ${header}`);
    }
    if (!documentedResponse.content) {
      if (response.body.length > 0) problems.push(`${status} has a body (${mediaType}), documented as none`);
      return problems;
    }
    const media = documentedResponse.content[mediaType];
    if (!media) {
      return [
        ...problems,
        `${status} answered ${mediaType || 'no content type'}, documented ${Object.keys(documentedResponse.content).join(', ')}`,
      ];
    }
    if (mediaType === 'application/json' && media.schema) {
      const validate = validatorOf(media.schema);
      if (!validate(response.json())) {
        problems.push(`${status} body fails its schema: ${ajv.errorsText(validate.errors)}`);
      }
    }
    return problems;
  }

  return {
    operations,
    /** Checks one response of the operation against the document; a mismatch is kept, not thrown. */
    check(key: OperationKey, response: LightMyRequestResponse): string[] {
      const entry = operations.get(key);
      if (!entry) throw new Error(`${key} is not an operation of the document`);
      responses += 1;
      const statuses = exercised.get(key) ?? new Set<number>();
      statuses.add(response.statusCode);
      exercised.set(key, statuses);
      const problems = problemsOf(entry, response).map((problem) => `${key}: ${problem}`);
      mismatches.push(...problems);
      return problems;
    },
    /** Documented operations no call reached, and documented statuses no call responded to. */
    unexercised(): string[] {
      return [...operations.values()].flatMap((entry) => {
        const reached = exercised.get(entry.key);
        if (!reached) return [`${entry.key}: never called`];
        return entry.statuses
          .filter((status) => !reached.has(status))
          .map((status) => `${entry.key}: ${status} never answered`);
      });
    },
    exercisedOperations: () => new Set(exercised.keys()),
    mismatches: () => [...mismatches],
    counts: () => ({ operations: operations.size, responses, mismatches: mismatches.length }),
  };
}
export type ContractChecker = ReturnType<typeof contractChecker>;
