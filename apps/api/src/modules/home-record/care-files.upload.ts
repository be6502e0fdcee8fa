/**
 * A care entry's photo or receipt as it is sent (docs/decisions/094), read and checked before the
 * route's transaction opens (lib/upload.ts): a PDF must open as one and is kept as sent; anything
 * else must be an image, which is decoded and encoded again (dropping where a phone took it).
 */
import type { FastifyRequest } from 'fastify';
import { careFileMessages, careFileUpload } from '@homeminder/shared/contracts/care-record';
import { isPdf, receiveOneFile, safeFileName, UnsupportedMediaTypeError, uploadStep } from '../../lib/upload';
import { reencodeImage } from '../images';

export interface CareFileUpload {
  data: Buffer;
  contentType: string;
  fileName: string;
}

/** JPEG, PNG and WebP open with these bytes; anything else is neither a photo nor a receipt. */
const looksLikeImage = (bytes: Buffer) =>
  bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP');

async function readCareFile(request: FastifyRequest): Promise<CareFileUpload> {
  const { bytes, fileName } = await receiveOneFile(request, {
    fieldName: careFileUpload.fieldName,
    maxBytes: careFileUpload.maxBytes,
    messages: careFileMessages,
  });
  if (isPdf(bytes))
    return {
      data: bytes,
      contentType: careFileUpload.pdfType,
      fileName: safeFileName(fileName, 'pdf', 'receipt'),
    };
  if (!looksLikeImage(bytes)) throw new UnsupportedMediaTypeError(careFileMessages.wrongType);
  const image = await reencodeImage(bytes, careFileUpload.maxDimension);
  const extension = image.type.split('/')[1]!.replace('jpeg', 'jpg');
  const stem = (fileName ?? '').replace(/\.[^.]*$/, '');
  return { data: image.data, contentType: image.type, fileName: safeFileName(stem, extension, 'photo') };
}

export const careFileUploadStep = () => uploadStep(careFileUpload.fieldName, readCareFile);
