/**
 * Uploads are read and checked before their route's transaction opens (docs/decisions/050): a body
 * arrives at the sender's pace, and while it does it must hold no database connection, which on the
 * embedded database would stop every other request and on PostgreSQL would drain the pool.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
// The multipart plugin's additions to the request (registered in app.ts).
import type {} from '@fastify/multipart';
import { AppError, BadRequestError } from './errors';

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, [message]);
  }
}

/** A file whose content is not of a kind the route takes. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, [message]);
  }
}

/** The Content-Disposition of a download: an ASCII name for old clients, the exact one in filename*. */
export function attachmentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment') {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The words of one kind of upload's refusals (from `packages/shared`). */
export interface UploadMessages {
  notMultipart: string;
  missing: string;
  tooLarge: string;
  cutOff: string;
}

export interface ReceivedFile {
  bytes: Buffer;
  /** The name the sender gave, never trusted for anything but display. */
  fileName: string | undefined;
}

const limitCodes = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads the one file of a multipart request from the field `fieldName`, at most `maxBytes`; other
 * files are skipped. A body that ends before the multipart form does (a dropped connection, a
 * truncated request) is refused with `cutOff`.
 */
export async function receiveOneFile(
  request: FastifyRequest,
  options: { fieldName: string; maxBytes: number; messages: UploadMessages },
): Promise<ReceivedFile> {
  const { fieldName, maxBytes, messages } = options;
  if (!request.isMultipart()) throw new BadRequestError(messages.notMultipart);
  let received: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 3, fields: 5, parts: 8 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== fieldName || received) {
        part.file.resume();
        continue;
      }
      received = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(messages.tooLarge);
    if (typeof code === 'string' && limitCodes.has(code)) throw new BadRequestError(messages.notMultipart);
    // Anything else while reading is the body's own fault: it ended early or is malformed.
    throw new BadRequestError(messages.cutOff);
  }
  if (!received || received.bytes.length === 0) throw new BadRequestError(messages.missing);
  return received;
}

const readFirst = new WeakSet<FastifyRequest>();

/**
 * Whether the request carries a multipart body that no upload step has read. Such a body must not
 * reach a handler, whose transaction would be open while it is read.
 */
export function holdsUnreadUpload(request: FastifyRequest): boolean {
  return request.isMultipart() && !readFirst.has(request);
}

/**
 * An upload step for a route: `preHandler` reads and checks the upload after the route's guards and
 * before its handler, and so before its transaction; the handler takes the result with `of`.
 * `field` is the multipart field, for the route's `uploadField` (the API document shows it).
 */
export function uploadStep<T>(field: string, read: (request: FastifyRequest) => Promise<T>) {
  const uploads = new WeakMap<FastifyRequest, T>();
  const preHandler: preHandlerAsyncHookHandler = async (request) => {
    uploads.set(request, await read(request));
    readFirst.add(request);
  };
  return {
    field,
    preHandler,
    of(request: FastifyRequest): T {
      if (!uploads.has(request)) throw new Error('The upload was not read before the handler ran.');
      return uploads.get(request) as T;
    },
  };
}

/** Every PDF opens with these bytes; anything else named .pdf is not one. */
const pdfMagic = Buffer.from('%PDF-', 'latin1');

export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, pdfMagic.length).equals(pdfMagic);
}

/**
 * A name safe to store and to send back: its last path segment, without control characters,
 * quotes or characters file systems refuse, at most 90 characters before `.extension`.
 */
export function safeFileName(declared: string | undefined, extension: string, fallback: string): string {
  const lastSegment = (declared ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    // eslint-disable-next-line no-control-regex -- control characters are removed on purpose
    .replace(/[\u0000-\u001F\u007F"*:<>?|;%]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(new RegExp(`\\.${extension}$`, 'i'), '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 90)
    .trim();
  return `${cleaned || fallback}.${extension}`;
}

/**
 * Sends a kept file as itself: inline (a photo to show) or as an attachment (a document to save),
 * never sniffed, sandboxed (a PDF opened in the browser by mistake runs nothing and reaches
 * nothing), and for the home's people only: never kept by a shared cache, asked again once replaced.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { data: Buffer; contentType: string; fileName: string },
  disposition: 'attachment' | 'inline',
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName, disposition))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .send(file.data);
}
