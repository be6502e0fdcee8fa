import type { ProfileImage } from '@homeminder/shared/contracts/auth';
import { MissingArgumentError } from '@homeminder/shared/validation/argument-errors';
import { messages } from '@homeminder/shared/validation/messages';
import { api } from './http';

/** An image response as a data URL for `<img src>`, or null when there is none. */
export function imageDataUrl(image: ProfileImage | undefined | null): string | null {
  return image?.data && image.imageType ? `data:${image.imageType};base64,${image.data}` : null;
}

/** A file as the multipart body the image uploads take (field newImage). */
export function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('newImage', file);
  return form;
}

/** The signed-in person's picture as a data URL, or null when they have none. */
export function profileImageDataUrl(payload: ProfileImage | null | undefined): string | null {
  if (!payload) throw new MissingArgumentError('payload', messages.payloadArgRequired);
  return imageDataUrl(payload);
}

/**
 * Loads the signed-in person's picture in their corporation: the call names the tenant, so it cannot
 * be made before the corporation is known.
 */
export async function loadProfileImage(tenantID: string | null | undefined): Promise<string | null> {
  if (!tenantID?.trim()) throw new MissingArgumentError('tenantID', messages.tenantIdArgRequired);
  const payload = await api.get('/id/profile/image', {
    query: { responseType: 'json' },
    headers: { 'tenant-id': tenantID },
  });
  return profileImageDataUrl(payload);
}
