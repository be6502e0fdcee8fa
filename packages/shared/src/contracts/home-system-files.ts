/**
 * A system's label photo and manual (docs/decisions/091): at most one of each, read by the home's
 * people and staff in reach. The limits and the words of every refusal are kept here, so the
 * browser's first check and the server's say the same.
 */
import { z } from '../zod';
import { imageMessages, imageUpload } from './admin-fields';
import { uploadMessages } from './upload-messages';

/** A photo of the label: any image the profile photos take, re-encoded on the server. */
export const labelPhotoUpload = {
  fieldName: 'photo',
  // A phone's camera writes 2 to 6 MB a photo; the server shrinks it to `maxDimension`.
  maxBytes: 8 * 1024 * 1024,
  types: imageUpload.types,
  /** The longer side once re-encoded, in pixels: enough to read a serial number. */
  maxDimension: 2000,
} as const;

/** The manual: a PDF, kept as it was sent. */
export const manualUpload = {
  fieldName: 'file',
  maxBytes: 10 * 1024 * 1024,
  type: 'application/pdf',
} as const;

export type HomeSystemFileKind = 'label' | 'manual';

export const labelPhotoMessages = {
  ...uploadMessages({ noun: 'photo', ...labelPhotoUpload }),
  missing: 'No photo was sent. Choose a photo of the label.',
  wrongType: imageMessages.wrongType,
  unreadable: imageMessages.unreadable,
  none: 'This system has no label photo.',
  saved: 'Label photo saved.',
  removed: 'Label photo removed.',
} as const;

export const manualMessages = {
  ...uploadMessages({ noun: 'manual', smaller: 'PDF', ...manualUpload }),
  missing: 'No manual was sent. Choose the manual as a PDF file.',
  wrongType: 'The file is not a PDF. Please choose the manual as a PDF document.',
  none: 'This system has no manual.',
  saved: 'Manual saved.',
  removed: 'Manual removed.',
} as const;

/** What the audit log and the Activity call each file and say of it, before and after a change. */
export const homeSystemFileWords = {
  label: 'Label photo',
  manual: 'Manual',
  photo: 'A photo',
  newPhoto: 'A new photo',
  /** A manual sent again under the name it had. */
  newCopy: (name: string) => `${name} (a new copy)`,
} as const;

/** What a system's view says of its files: whether each is there, and when it was sent. */
export const homeSystemFilesSchema = z.object({
  label: z.object({ uploadedAt: z.string() }).nullable(),
  manual: z.object({ name: z.string(), uploadedAt: z.string() }).nullable(),
});
export type HomeSystemFiles = z.infer<typeof homeSystemFilesSchema>;
