/**
 * Template files (docs/requirements.md §11, "Uploads"; docs/decisions/021): one file in the multipart field `file`, at most
 * 5 MB, whose CONTENT must be a PDF, a Word document (DOCX), HTML or plain text. The declared type
 * is ignored and the name is only kept, cleaned, for the download; a name that claims one of these
 * kinds while the content is another is refused as a disguised file.
 */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  templateMessages,
  templateUpload,
  type TemplateContentType,
} from '@homeminder/shared/contracts/templates';
import { receiveOneFile, UnsupportedMediaTypeError, uploadStep } from '../../lib/upload';

export interface TemplateFile {
  data: Buffer;
  contentType: TemplateContentType;
  fileName: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Text a person could have written: valid UTF-8 without NUL or other control characters than tab,
 * line feed, form feed and carriage return (binary data almost always has some).
 */
export function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** HTML: a text file that opens (after a BOM, blanks and comments) with a doctype or an html, head or body tag. */
export function looksLikeHtml(text: string): boolean {
  const start = text.slice(0, 4096).replace(/^\uFEFF/, '');
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(start);
}

/**
 * What the bytes are, by content alone.
 * @throws UnsupportedMediaTypeError when they are none of the accepted kinds.
 */
export async function sniffTemplateType(bytes: Buffer): Promise<TemplateContentType> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) {
    if (sniffed.mime in templateUpload.types) return sniffed.mime as TemplateContentType;
    throw new UnsupportedMediaTypeError(templateMessages.wrongType);
  }
  if (!isPlainText(bytes)) throw new UnsupportedMediaTypeError(templateMessages.wrongType);
  return looksLikeHtml(bytes.toString('utf8')) ? 'text/html' : 'text/plain';
}

/**
 * A file name safe to store and to send back: the last path segment only, without control
 * characters, quotes or characters that file systems refuse, at most 100 characters, ending in an
 * extension of the content's kind.
 * @throws UnsupportedMediaTypeError when the name claims another accepted kind than the content.
 */
export function safeTemplateFileName(declared: string | undefined, type: TemplateContentType): string {
  const { extensions, label } = templateUpload.types[type];
  const lastSegment = (declared ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    // eslint-disable-next-line no-control-regex -- control characters are removed on purpose
    .replace(/[\u0000-\u001F\u007F"*:<>?|;%]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const dotted = path.extname(cleaned).slice(1).toLowerCase();
  // Only a short run of letters and digits counts as an extension ('v1.2 final' has none).
  const extension = /^[a-z0-9]{1,8}$/.test(dotted) ? dotted : '';
  const claimsAnother = Object.entries(templateUpload.types).some(
    ([other, info]) => other !== type && (info.extensions as readonly string[]).includes(extension),
  );
  if (claimsAnother) throw new UnsupportedMediaTypeError(templateMessages.nameMismatch(label));
  const keepsExtension = (extensions as readonly string[]).includes(extension);
  const base = (extension ? cleaned.slice(0, -(extension.length + 1)) : cleaned).slice(0, 90).trim();
  return `${base || 'template'}.${keepsExtension ? extension : extensions[0]}`;
}

/** Reads the one file of a multipart request and checks it (see the file comment). */
export async function readTemplateUpload(request: FastifyRequest): Promise<TemplateFile> {
  const { bytes, fileName } = await receiveOneFile(request, {
    fieldName: templateUpload.fieldName,
    maxBytes: templateUpload.maxBytes,
    messages: templateMessages,
  });
  const contentType = await sniffTemplateType(bytes);
  return { data: bytes, contentType, fileName: safeTemplateFileName(fileName, contentType) };
}

/** The template upload, read and checked before its route's transaction opens (lib/upload.ts). */
export const templateUploadStep = () => uploadStep(templateUpload.fieldName, readTemplateUpload);
