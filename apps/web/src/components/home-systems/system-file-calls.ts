import {
  labelPhotoMessages,
  labelPhotoUpload,
  manualMessages,
  manualUpload,
  type HomeSystemFileKind,
} from '@homeminder/shared/contracts/home-system-files';
import type { HomeSystem } from '@homeminder/shared/contracts/home-systems';

/**
 * A system's label photo and manual as the systems card calls them (docs/decisions/091): the
 * homeowner's calls on My home, staff's in the client's details.
 */
export interface SystemFileCalls {
  /** The label photo as a data URL, to show. */
  readLabel: (systemId: string) => Promise<string>;
  /** Saves the manual on the device. */
  downloadManual: (systemId: string, name: string) => Promise<unknown>;
  /** Sends a file in place of the one the system had; gives the system as it is now. */
  send: (change: { systemId: string; kind: HomeSystemFileKind; file: File }) => Promise<HomeSystem>;
  remove: (change: { systemId: string; kind: HomeSystemFileKind }) => Promise<HomeSystem>;
}

/** A file as the multipart body its upload takes. */
export function systemFileForm(kind: HomeSystemFileKind, file: File): FormData {
  const form = new FormData();
  form.append(kind === 'label' ? labelPhotoUpload.fieldName : manualUpload.fieldName, file);
  return form;
}

/** The browser's first check of a file, in the server's words; the server has the last say. */
export function systemFileProblem(kind: HomeSystemFileKind, file: File): string | null {
  if (kind === 'label') {
    if (!(labelPhotoUpload.types as readonly string[]).includes(file.type))
      return labelPhotoMessages.wrongType;
    return file.size > labelPhotoUpload.maxBytes ? labelPhotoMessages.tooLarge : null;
  }
  if (file.type !== manualUpload.type && !/\.pdf$/i.test(file.name)) return manualMessages.wrongType;
  return file.size > manualUpload.maxBytes ? manualMessages.tooLarge : null;
}
