/**
 * Profile and branding images (docs/requirements.md §11, "Uploads"): one file in the multipart field
 * `newImage`, at most 2 MB, whose CONTENT must be a PNG, JPEG or WebP image (the name and the
 * declared type are never trusted), decoded and encoded again so that only plain pixels are kept:
 * no metadata (camera, location), no trailing data, no second payload hidden in the file.
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { imageMessages, imageUpload } from '@homeminder/shared/contracts/admin';
import { BadRequestError } from '../../lib/errors';
import { receiveOneFile, uploadStep } from '../../lib/upload';

export type ImageType = (typeof imageUpload.types)[number];

export interface StoredImage {
  data: Buffer;
  type: ImageType;
}

export { imageMessages };

/** Pixels a decoder may allocate for one upload: about a 40-megapixel photo; refuses decompression bombs. */
const maxInputPixels = 40_000_000;

function isAllowedType(mime: string): mime is ImageType {
  return (imageUpload.types as readonly string[]).includes(mime);
}

/**
 * Decodes and re-encodes an image in its own format, turned upright (EXIF orientation) and shrunk
 * to fit `maxDimension` pixels; metadata is dropped.
 * @throws BadRequestError when the bytes are not a PNG, JPEG or WebP image that decodes.
 */
export async function reencodeImage(bytes: Buffer, maxDimension: number): Promise<StoredImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !isAllowedType(sniffed.mime)) throw new BadRequestError(imageMessages.wrongType);
  const type = sniffed.mime;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : type === 'image/jpeg'
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    return { data: await encoded.toBuffer(), type };
  } catch {
    throw new BadRequestError(imageMessages.unreadable);
  }
}

/** Reads the one image of a multipart request and re-encodes it (see the file comment). */
export async function readImageUpload(
  request: FastifyRequest,
  options: { maxDimension: number },
): Promise<StoredImage> {
  const { bytes } = await receiveOneFile(request, {
    fieldName: imageUpload.fieldName,
    maxBytes: imageUpload.maxBytes,
    messages: imageMessages,
  });
  return reencodeImage(bytes, options.maxDimension);
}

/** A route's image upload, read and re-encoded before its transaction opens (lib/upload.ts). */
export const imageUploadStep = (maxDimension: number) =>
  uploadStep(imageUpload.fieldName, (request) => readImageUpload(request, { maxDimension }));

/** The `{ imageType, data }` response of docs/requirements.md §5; both null when there is no image. */
export function imageResponse(data: Buffer | null | undefined, type: string | null | undefined) {
  return data && type ? { imageType: type, data: data.toString('base64') } : { imageType: null, data: null };
}

/** An image column and its type as a row holds them; either is null where none was uploaded. */
export interface ImageColumns {
  image: Buffer | null;
  type: string | null;
}

/** The response for an image read from its row: no row, like no image, gives nulls. */
export const imageColumnsResponse = (row: ImageColumns | undefined) => imageResponse(row?.image, row?.type);

export const imageSizes = {
  profile: 512,
  branding: 1200,
} as const;
