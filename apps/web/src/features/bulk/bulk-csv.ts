import Papa from 'papaparse';
import {
  bulkFieldLabels,
  bulkMessages,
  bulkFields,
  bulkTemplateRows,
  type BulkItem,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { bulkZipRepair } from '@homeminder/shared/contracts/bulk-row-check';
import { splitFullName, type BulkColumn, type ColumnMapping } from '@homeminder/shared/bulk-columns';
import { csvText } from '@homeminder/shared/csv';
import { fiveDigitZip, isGuid } from '@homeminder/shared/validation/rules';

/** A spreadsheet as read: its header row and the rows under it, each a list of cells. */
export interface ParsedSheet {
  fileName: string;
  headers: string[];
  rows: string[][];
  /** The line of the file each row starts on (the header row is line 1 of a file that starts with it). */
  lines: number[];
}

/** A row to queue: its line in the file, its id when the file carries one, and its fields. */
export interface SheetRow {
  line: number;
  /** A queued row's own id, from the "Row ID" column of the rows-with-problems file. */
  rowId: string | null;
  data: BulkRowData;
}

/** The column of the rows-with-problems file that names each row's id in the queue. */
export const rowIdHeader = 'Row ID';

const squashed = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The index of the file's Row ID column, or null. */
export function rowIdColumn(headers: readonly string[]): number | null {
  const index = headers.findIndex((header) => squashed(header) === squashed(rowIdHeader));
  return index < 0 ? null : index;
}

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');
/**
 * The line breaks inside a record's cells. A carriage return closing the record is its own line end
 * (CRLF read where the first line ended in LF alone), not a break inside a cell.
 */
const lineBreaks = (cells: readonly string[]) =>
  cells
    .join(',')
    .replace(/\r$/, '')
    .match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Gathers parsed records with the line each starts on: a record takes one line plus the line
 * breaks inside its quoted cells. Blank lines are counted, then left out; the first record with
 * content is the header row.
 */
function sheetBuilder(fileName: string) {
  let nextLine = 1;
  let headers: string[] | null = null;
  const rows: string[][] = [];
  const lines: number[] = [];
  return {
    add(records: readonly string[][]) {
      for (const record of records) {
        const line = nextLine;
        nextLine += 1 + lineBreaks(record);
        if (isBlankRow(record)) continue;
        if (headers === null) headers = record.map((header) => header.trim());
        else {
          rows.push(record);
          lines.push(line);
        }
      }
    },
    sheet: (): ParsedSheet => ({ fileName, headers: headers ?? [], rows, lines }),
  };
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

/**
 * The rows of the sheet as client fields, each with its line and, when the file carries a Row ID
 * column, its queued row's id (a second row with the same id is a new row); blank lines are left out.
 */
export function rowsOf(sheet: ParsedSheet, mapping: ColumnMapping): SheetRow[] {
  const result: SheetRow[] = [];
  const idColumn = rowIdColumn(sheet.headers);
  const seenIds = new Set<string>();
  sheet.rows.forEach((cells, index) => {
    if (isBlankRow(cells)) return;
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
    const id = idColumn === null ? '' : cellValue(cells[idColumn]).toLowerCase();
    const rowId = isGuid(id) && !seenIds.has(id) ? id : null;
    if (rowId) seenIds.add(rowId);
    result.push({ line: sheet.lines[index] ?? index + 2, rowId, data });
  });
  return result;
}

/** A row whose ZIP is read with the leading zeros a spreadsheet program dropped. */
export interface ZipRepair {
  line: number;
  typed: string;
  read: string;
}

/** The rows whose ZIP is read with its leading zeros, as the server will read them. */
export function zipRepairsOf(rows: readonly SheetRow[]): ZipRepair[] {
  return rows.flatMap((row) => {
    const repair = bulkZipRepair(row.data);
    return repair ? [{ line: row.line, ...repair }] : [];
  });
}

/**
 * Reads a CSV file in the browser, reporting progress (0 to 1) as it goes. The first non-empty
 * line is the header row.
 */
export function parseCsvFile(file: File, onProgress: (fraction: number) => void): Promise<ParsedSheet> {
  return new Promise((resolve, reject) => {
    const builder = sheetBuilder(file.name);
    Papa.parse<string[]>(file, {
      // Blank lines are kept so that every line is counted; the builder leaves them out.
      skipEmptyLines: false,
      chunkSize: 256 * 1024,
      chunk: (results) => {
        builder.add(results.data);
        const cursor = results.meta.cursor;
        onProgress(file.size > 0 ? Math.min(1, cursor / file.size) : 1);
      },
      complete: () => {
        onProgress(1);
        resolve(builder.sheet());
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
  const builder = sheetBuilder(fileName);
  builder.add(Papa.parse<string[]>(text, { skipEmptyLines: false }).data);
  return builder.sheet();
}

/** The template: the expected columns and one example line. */
export function templateCsv(): string {
  return csvText(bulkTemplateRows);
}

/**
 * Queue rows with their problems, for fixing in a spreadsheet; formulas are neutralised. Each row
 * carries its id, so the fixed file uploaded again replaces the rows instead of adding them twice.
 */
export function problemRowsCsv(items: readonly BulkItem[]): string {
  return csvText([
    ['Line', 'File', ...bulkFields.map((field) => bulkFieldLabels[field]), 'Problem', rowIdHeader],
    ...items.map((item) => [
      item.line ?? '',
      item.fileName ?? '',
      ...bulkFields.map((field) => item.data[field] ?? ''),
      item.validationError ?? '',
      item.itemId,
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
