import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@homeminder/shared/validation/messages';
import { AppError } from '../lib/errors';

/** Plain words for the framework's own refusals, which otherwise speak of internals. */
export const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of content is not accepted here. Send JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON body.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its content.',
  FST_ERR_BAD_URL: 'The address of the request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address of the request is too long.',
};

/** How long a client is asked to wait (Retry-After) when the database is away for a moment. */
export const unavailableRetryAfterSeconds = 5;

/** Codes of a database that cannot be reached or is restarting (driver and PostgreSQL codes). */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const unavailableText =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether an error, or one it was caused by, says the database is out of reach for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableText.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * The router's refusals (a malformed address, a parameter over the length limit), which happen
 * before any route and so never reach the error handler; they respond with an `Errors` body too.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const plain = reply as FastifyReply;
  void plain.status(status).send({ Errors: [frameworkMessages[error.code] ?? messages.required] });
};

/**
 * Refusals of the HTTP server itself, before a request reaches the app: one that took too long to
 * arrive (408), headers too large (431), or broken HTTP (400). They respond with an `Errors` body too,
 * then the connection is closed.
 */
export function respondToClientError(error: { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text]: [number, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, messages.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is not valid HTTP.'];
  // A route may have responded already (a refusal before reading the body): nothing more is written.
  const responding = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !responding) {
    const body = JSON.stringify({ Errors: [text] });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * One error handler for the whole API: every refusal responds with `{ "Errors": [...] }` with a 4xx
 * status; a 5xx responds with the default text of docs/requirements.md §9 and keeps the details in the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ Errors: [...error.messages] });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const texts = [...new Set(error.validation.map((issue) => issue.message))];
      return reply.status(400).send({ Errors: texts.length ? texts : [messages.required] });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ Errors: [messages.serverError] });
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing is wrong with the request: the database is away for a moment; the client may retry.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(unavailableRetryAfterSeconds))
        .send({ Errors: [messages.serviceUnavailable] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const text = (error.code && frameworkMessages[error.code]) || error.message || messages.serverError;
      return reply.status(status).send({ Errors: [text] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status >= 500 ? status : 500).send({ Errors: [messages.serverError] });
  });
}
