/**
 * A system's label photo and manual as they are sent (docs/decisions/091), read and checked before
 * the route's transaction opens (lib/upload.ts). The photo is decoded and encoded again, which
 * proves it is an image and drops its metadata (a phone's photo says where it was taken); the
 * manual must open as a PDF does. The name sent is only kept, cleaned, for the download.
 */
import type { FastifyRequest } from 'fastify';
import {
  labelPhotoMessages,
  labelPhotoUpload,
  manualMessages,
  manualUpload,
  type HomeSystemFileKind,
} from '@homeminder/shared/contracts/home-system-files';
import { receiveOneFile, UnsupportedMediaTypeError, uploadStep } from '../../lib/upload';
import { reencodeImage } from '../images';

/** A file ready to keep: its bytes, its content type and the name it is sent back under. */
export interface SystemFile {
  kind: HomeSystemFileKind;
  data: Buffer;
  contentType: string;
  fileName: string;
}

/** Every PDF opens with these bytes; anything else named .pdf is not one. */
const pdfMagic = Buffer.from('%PDF-', 'latin1');

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

async function readLabelPhoto(request: FastifyRequest): Promise<SystemFile> {
  const { bytes } = await receiveOneFile(request, {
    fieldName: labelPhotoUpload.fieldName,
    maxBytes: labelPhotoUpload.maxBytes,
    messages: labelPhotoMessages,
  });
  const image = await reencodeImage(bytes, labelPhotoUpload.maxDimension);
  const extension = image.type.split('/')[1]!.replace('jpeg', 'jpg');
  return { kind: 'label', data: image.data, contentType: image.type, fileName: `label.${extension}` };
}

async function readManual(request: FastifyRequest): Promise<SystemFile> {
  const { bytes, fileName } = await receiveOneFile(request, {
    fieldName: manualUpload.fieldName,
    maxBytes: manualUpload.maxBytes,
    messages: manualMessages,
  });
  if (!bytes.subarray(0, pdfMagic.length).equals(pdfMagic))
    throw new UnsupportedMediaTypeError(manualMessages.wrongType);
  return {
    kind: 'manual',
    data: bytes,
    contentType: manualUpload.type,
    fileName: safeFileName(fileName, 'pdf', 'manual'),
  };
}

/** Each kind's upload step: its field, and the reading and checking above. */
export const systemFileUploads = () => ({
  label: uploadStep(labelPhotoUpload.fieldName, readLabelPhoto),
  manual: uploadStep(manualUpload.fieldName, readManual),
});
