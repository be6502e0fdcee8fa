/** Images and multipart bodies for the API tests of uploads. */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A real image of the given format, `size` pixels square, in a solid colour. */
export function testImage(format: 'png' | 'jpeg' | 'webp', size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 25, g: 113, b: 194 } } })
    .toFormat(format)
    .toBuffer();
}

/** A small PDF of one blank page, as a scanner or a maker's website gives one. */
export function testPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartFile(
  data: Buffer,
  options: { fieldName?: string; fileName?: string; contentType?: string } = {},
): { body: Buffer; headers: Record<string, string> } {
  const { fieldName = 'newImage', fileName = 'picture.png', contentType = 'image/png' } = options;
  const boundary = `----homeminder${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
