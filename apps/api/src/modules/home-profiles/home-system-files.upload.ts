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
import { receiveOneFile, isPdf, safeFileName, UnsupportedMediaTypeError, uploadStep } from '../../lib/upload';
import { reencodeImage } from '../images';

/** A file ready to keep: its bytes, its content type and the name it is sent back under. */
export interface SystemFile {
  kind: HomeSystemFileKind;
  data: Buffer;
  contentType: string;
  fileName: string;
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
  if (!isPdf(bytes)) throw new UnsupportedMediaTypeError(manualMessages.wrongType);
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
