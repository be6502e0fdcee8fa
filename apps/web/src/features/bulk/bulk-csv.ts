import Papa from 'papaparse';
import {
  bulkFieldLabels,
  bulkMessages,
  bulkFields,
  bulkTemplateRows,
  type BulkItem,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { splitFullName, type BulkColumn, type ColumnMapping } from '@homeminder/shared/bulk-columns';
import { csvText } from '@homeminder/shared/csv';
import { fiveDigitZip } from '@homeminder/shared/validation/rules';

/** A spreadsheet as read: its header row and the lines under it, each a list of cells. */
export interface ParsedSheet {
  fileName: string;
  headers: string[];
  rows: string[][];
}

/** The largest file read; bigger files are a mistake (a 10 000-row sheet is about 2 MB). */
export const maxFileBytes = 20 * 1024 * 1024;

/**
 * A cell as the server should get it: trimmed, and without the apostrophe our own exports put
 * before = + - @ (so a downloaded sheet can be uploaded again unchanged).
 */
export function cellValue(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** The rows of the sheet as client fields; blank lines are left out. */
export function rowsOf(sheet: ParsedSheet, mapping: ColumnMapping): BulkRowData[] {
  const result: BulkRowData[] = [];
  for (const cells of sheet.rows) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const data: BulkRowData = {};
    const cellOf = (column: BulkColumn) => {
      const index = mapping[column];
      return index === null ? '' : cellValue(cells[index]);
    };
    for (const field of bulkFields) {
      const value = cellOf(field);
      if (value !== '') data[field] = field === 'zip' ? fiveDigitZip(value) : value;
    }
    const fullName = cellOf('fullName');
    if (fullName !== '' && !data.firstName && !data.lastName) {
      const { firstName, lastName } = splitFullName(fullName);
      if (firstName) data.firstName = firstName;
      if (lastName) data.lastName = lastName;
    }
    result.push(data);
  }
  return result;
}

/**
 * Reads a CSV file in the browser, reporting progress (0 to 1) as it goes. The first non-empty
 * line is the header row.
 */
export function parseCsvFile(file: File, onProgress: (fraction: number) => void): Promise<ParsedSheet> {
  return new Promise((resolve, reject) => {
    const lines: string[][] = [];
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      chunkSize: 256 * 1024,
      chunk: (results) => {
        lines.push(...results.data);
        const cursor = results.meta.cursor;
        onProgress(file.size > 0 ? Math.min(1, cursor / file.size) : 1);
      },
      complete: () => {
        onProgress(1);
        const [headers = [], ...rows] = lines;
        resolve({ fileName: file.name, headers: headers.map((header) => header.trim()), rows });
      },
      error: (error) => reject(new Error(`The file could not be read: ${error.message}`)),
    });
  });
}

/** Why a sheet cannot be queued: nothing in the file at all, or a header row alone; else null. */
export function sheetProblem(sheet: ParsedSheet): string | null {
  if (sheet.headers.every((header) => header === '') && sheet.rows.length === 0)
    return bulkMessages.fileEmpty;
  if (sheet.rows.length === 0) return bulkMessages.fileWithoutRows;
  return null;
}

/** Reads CSV text (tests, pasted data) the same way as a file. */
export function parseCsvText(text: string, fileName = 'pasted.csv'): ParsedSheet {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = data;
  return { fileName, headers: headers.map((header) => header.trim()), rows };
}

/** The template: the expected columns and one example line. */
export function templateCsv(): string {
  return csvText(bulkTemplateRows);
}

/** Queue rows with their problems, for fixing in a spreadsheet; formulas are neutralised. */
export function problemRowsCsv(items: readonly BulkItem[]): string {
  return csvText([
    ['Row', ...bulkFields.map((field) => bulkFieldLabels[field]), 'Problem'],
    ...items.map((item) => [
      item.rowNumber,
      ...bulkFields.map((field) => item.data[field] ?? ''),
      item.validationError ?? '',
    ]),
  ]);
}

/** Saves text as a file on the device. */
export function saveTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}
