import {
  careFileMessages,
  careFileUpload,
  type CareEntry,
  type CareEntryValues,
  type CareRecord,
  type HomeReportPaper,
} from '@homeminder/shared/contracts/care-record';
import type { HomeSectionQuery } from '../home-section';

/**
 * A home's care record as its card calls it (docs/decisions/094): the homeowner's calls on My home,
 * staff's in the client's details.
 */
export interface CareRecordCalls {
  /** The record, of one system when `systemId` is chosen. */
  record: HomeSectionQuery<CareRecord>;
  /** Records work (no `id`) or changes an entry; gives the entry as kept. */
  save: (change: { id?: string; values: CareEntryValues }) => Promise<CareEntry>;
  remove: (id: string) => Promise<unknown>;
  addFile: (change: { entryId: string; file: File }) => Promise<CareEntry>;
  removeFile: (change: { entryId: string; fileId: string }) => Promise<CareEntry>;
  /** A photo as a data URL, to show. */
  readPhoto: (entryId: string, fileId: string) => Promise<string>;
  /** Saves a receipt on the device. */
  download: (entryId: string, fileId: string, name: string) => Promise<unknown>;
  /** Saves the home report, a PDF, on the device. */
  downloadReport: (paper: HomeReportPaper) => Promise<unknown>;
}

/** A photo or receipt as the multipart body its upload takes. */
export function careFileForm(file: File): FormData {
  const form = new FormData();
  form.append(careFileUpload.fieldName, file);
  return form;
}

/** The browser's first check of a file, in the server's words; the server has the last say. */
export function careFileProblem(file: File): string | null {
  const photo = (careFileUpload.imageTypes as readonly string[]).includes(file.type);
  const pdf = file.type === careFileUpload.pdfType || /\.pdf$/i.test(file.name);
  if (!photo && !pdf) return careFileMessages.wrongType;
  return file.size > careFileUpload.maxBytes ? careFileMessages.tooLarge : null;
}
