/**
 * Calls of the OpenAPI contract test: each names its operation as the document does and the status
 * it must respond; every response is held to the document (../openapi-contract.ts). Beside the calls
 * each area makes, `probeRefusals` gives every operation the refusals any route can give.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { manualUpload } from '@homeminder/shared/contracts/home-system-files';
import { BIRCH_TENANT_ID } from '../../db/demo-data';
import type { ContractChecker, OperationKey } from '../openapi-contract';
import type { TestApp } from '../test-app';

export interface Call {
  /** The bearer token; none when left out. */
  as?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body with its headers (test/images.ts `multipartFile`). */
  upload?: { body: Buffer; headers: Record<string, string> };
  headers?: Record<string, string>;
}

/** `status` may list several when the call is repeated until a refusal comes. */
export type Caller = (
  op: OperationKey,
  status: number | readonly number[],
  call?: Call,
) => Promise<LightMyRequestResponse>;

/** The demo people the calls act as, signed in once. */
export interface People {
  sysadmin: string;
  acmeAdmin: string;
  manager: string;
  realtor: string;
  realtor2: string;
  birchAdmin: string;
}

/** What the areas share: the app, the caller, the people, and what one area makes for another. */
export interface ContractRun {
  t: TestApp;
  call: Caller;
  as: People;
  state: Map<string, string>;
}

/** The value an earlier call kept under `name`. */
export function kept(run: ContractRun, name: string): string {
  const value = run.state.get(name);
  if (value === undefined) throw new Error(`nothing kept as ${name}: did an earlier area fail?`);
  return value;
}

/** Each call from an address of its own, so per-address counters never meet. */
function addressOf(count: number): string {
  return `10.${(count >> 16) & 255}.${(count >> 8) & 255}.${count & 255}`;
}

/**
 * The caller of one app: fills the path's parameters, sends, holds the response to the document and
 * expects the status. The first call of each operation is kept as the template of its probes.
 */
export function callerOf(t: () => TestApp, checker: ContractChecker, templates: Map<OperationKey, Call>) {
  let count = 0;
  const send = async (op: OperationKey, call: Call, ip?: string) => {
    const [method, template] = op.split(' ') as [string, string];
    let path = template.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = call.params?.[name];
      if (value === undefined) throw new Error(`${op}: no value for {${name}}`);
      return encodeURIComponent(String(value));
    });
    if (call.query) path += `?${new URLSearchParams(call.query).toString()}`;
    count += 1;
    const response = await t().api({
      method: method as 'GET',
      path,
      ...(call.as !== undefined && { token: call.as }),
      body: call.upload?.body ?? call.body,
      headers: { ...call.upload?.headers, ...call.headers },
      ip: ip ?? addressOf(count),
    });
    checker.check(op, response);
    return response;
  };
  const call: Caller = async (op, status, options = {}) => {
    if (!templates.has(op)) templates.set(op, options);
    const response = await send(op, options);
    expect([status].flat(), `${op}: ${response.body.slice(0, 400)}`).toContain(response.statusCode);
    return response;
  };
  return { call, send, nextAddress: () => addressOf((count += 1)) };
}

/**
 * The refusals every operation can give, each from the operation's first call: 400 for a
 * malformed `tenant-id`, 403 for another corporation's, 404 for one that does not exist, 401
 * without a token where a sign-in is needed, 413 for a body too large and 415 for content of
 * another kind where a body is taken.
 */
export async function probeRefusals(
  run: ContractRun,
  send: ReturnType<typeof callerOf>['send'],
  templates: Map<OperationKey, Call>,
  checker: ContractChecker,
) {
  const expectStatus = (op: OperationKey, response: LightMyRequestResponse, status: number) =>
    expect(response.statusCode, `${op}: ${response.body.slice(0, 300)}`).toBe(status);
  for (const entry of checker.operations.values()) {
    const template = templates.get(entry.key);
    if (!template) continue; // reported as never called
    const { as: _token, headers: _headers, ...request } = template;
    const withTenant = (token: string, tenantId: string) => ({
      ...request,
      as: token,
      headers: { ...template.upload?.headers, 'tenant-id': tenantId },
    });
    expectStatus(entry.key, await send(entry.key, withTenant(run.as.acmeAdmin, 'not-a-guid')), 400);
    expectStatus(entry.key, await send(entry.key, withTenant(run.as.realtor, BIRCH_TENANT_ID)), 403);
    expectStatus(entry.key, await send(entry.key, withTenant(run.as.sysadmin, randomUUID())), 404);
    if (!entry.isPublic) expectStatus(entry.key, await send(entry.key, request), 401);
    if (!entry.takesBody) continue;
    const content = entry.operation.requestBody!.content;
    const padding = 'x'.repeat(1_100_000);
    // A form route is probed in its URL-encoded form (its template's content type); an upload
    // route with a file past its limit; every other route with JSON.
    const tooLarge = content['application/x-www-form-urlencoded']
      ? { body: `padding=${padding}` }
      : content['multipart/form-data']
        ? bigUpload(content['multipart/form-data'].schema)
        : { body: { padding } };
    expectStatus(entry.key, await send(entry.key, { ...template, ...tooLarge, body: tooLarge.body }), 413);
    const xml = {
      ...template,
      upload: undefined,
      body: '<request/>',
      headers: { 'content-type': 'application/xml' },
    };
    expectStatus(entry.key, await send(entry.key, xml), 415);
  }
}

/** A multipart body whose one file is past every upload limit (the largest is a manual's). */
function bigUpload(schema: unknown): { body: Buffer; upload: Call['upload'] } {
  const field = (schema as { required: string[] }).required[0]!;
  const boundary = `----contract${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(manualUpload.maxBytes + 1024 * 1024, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  return { body, upload };
}
