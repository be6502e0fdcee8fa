import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bulkFields, bulkMessages, type BulkItem } from '@homeminder/shared/contracts/bulk';
import { guessMapping } from '@homeminder/shared/bulk-columns';
import {
  cellValue,
  parseCsvFile,
  parseCsvText,
  problemRowsCsv,
  rowIdColumn,
  rowsOf,
  sheetProblem,
  templateCsv,
} from './bulk-csv';

describe('guessMapping', () => {
  it('maps the template headers and common other names', () => {
    const sheet = parseCsvText(templateCsv().replace(/^\uFEFF/, ''));
    const mapping = guessMapping(sheet.headers);
    // Every template column is found where the template puts it, in the order of `bulkFields`.
    expect(mapping).toEqual({
      ...Object.fromEntries(bulkFields.map((field, index) => [field, index])),
      fullName: null,
    });
    expect(guessMapping(['Surname', 'Given name', 'E-mail Address', 'Postal code', 'Notes'])).toMatchObject({
      firstName: 1,
      lastName: 0,
      email: 2,
      zip: 3,
      city: null,
    });
  });
});

describe('rowsOf', () => {
  it('takes the mapped cells, trimmed, and skips blank lines', () => {
    const sheet = parseCsvText('Email,First name,Unused\n a@b.test ,Ann,x\n,,\n"c@d.test",Cy,y\n');
    const rows = rowsOf(sheet, { ...guessMapping(sheet.headers) });
    expect(rows).toEqual([
      { line: 2, rowId: null, data: { email: 'a@b.test', firstName: 'Ann' } },
      { line: 4, rowId: null, data: { email: 'c@d.test', firstName: 'Cy' } },
    ]);
  });

  it("numbers each row by the file's line it starts on, counting blank lines and line breaks in cells", async () => {
    const text =
      '\r\nEmail,Reminders\r\na@b.test,"Clean gutters;\r\nTest the sump pump"\r\n\r\nc@d.test,\r\n';
    const fromText = parseCsvText(text);
    expect(rowsOf(fromText, guessMapping(fromText.headers)).map((row) => [row.line, row.data.email])).toEqual(
      [
        [3, 'a@b.test'],
        [6, 'c@d.test'],
      ],
    );
    const fromFile = await parseCsvFile(new File([text], 'f.csv', { type: 'text/csv' }), () => undefined);
    expect(fromFile.lines).toEqual([3, 6]);
  });

  it("splits a full name and keeps a ZIP+4's five digits", () => {
    const sheet = parseCsvText('Name,Property Zip\nAva Brown,80202-1234\n"Lee, Mary Ann",80203\n');
    expect(rowsOf(sheet, guessMapping(sheet.headers)).map((row) => row.data)).toEqual([
      { firstName: 'Ava', lastName: 'Brown', zip: '80202' },
      { firstName: 'Mary Ann', lastName: 'Lee', zip: '80203' },
    ]);
  });

  it('undoes the apostrophe our exports put before a formula sign', () => {
    expect(cellValue("'+1 555 123 4567")).toBe('+1 555 123 4567');
    expect(cellValue("O'Brien")).toBe("O'Brien");
    expect(cellValue("'quoted")).toBe("'quoted");
  });
});

describe('sheetProblem', () => {
  it('says an empty file is empty, not that it lacks rows under a header row', async () => {
    const empty = await parseCsvFile(new File([], 'empty.csv', { type: 'text/csv' }), () => undefined);
    expect(sheetProblem(empty)).toBe(bulkMessages.fileEmpty);
    expect(sheetProblem(parseCsvText('\n \n'))).toBe(bulkMessages.fileEmpty);
  });

  it('says a header row alone has no rows under it, and accepts a sheet with rows', () => {
    expect(sheetProblem(parseCsvText('First name,Last name\n'))).toBe(bulkMessages.fileWithoutRows);
    expect(sheetProblem(parseCsvText('First name,Last name\nAnn,Lee\n'))).toBeNull();
  });
});

describe('problemRowsCsv', () => {
  /** A queued row of clients.csv with a problem; the test gives its id, place, fields and problem. */
  const queuedRow = (
    row: Pick<BulkItem, 'itemId' | 'rowNumber' | 'line' | 'data' | 'validationError'>,
  ): BulkItem => ({
    id: 1,
    tenantID: '0a0a0a0a-0000-4000-8000-000000000ac3',
    fileName: 'clients.csv',
    waitingForLicense: false,
    status: 'queued',
    ...row,
  });

  it('neutralises cells that a spreadsheet would run as formulas', () => {
    const item = queuedRow({
      itemId: '0a0a0a0a-0000-4000-8000-000000000001',
      rowNumber: 7,
      line: 8,
      data: { firstName: '=HYPERLINK("http://evil")', lastName: '@SUM(A1)', email: '-x', phone: '+1' },
      validationError: 'First name: bad',
    });
    const text = problemRowsCsv([item]);
    const line = text.split('\r\n')[1]!;
    expect(line.startsWith('8,clients.csv,"\'=HYPERLINK(""http://evil"")",\'@SUM(A1),\'-x,\'+1,')).toBe(true);
    expect(line.endsWith('First name: bad,0a0a0a0a-0000-4000-8000-000000000001')).toBe(true);
  });

  it('reads back with each row carrying its Row ID and the fields mapped as before', () => {
    const item = queuedRow({
      itemId: '0A0A0A0A-0000-4000-8000-000000000002',
      rowNumber: 1,
      line: 2,
      data: { firstName: 'Ann', lastName: 'Lee', email: 'ann@lee.test', addressLine: '1 Main St', zip: '1' },
      validationError: 'ZIP: bad',
    });
    const sheet = parseCsvText(problemRowsCsv([item, { ...item, id: 2 }]).replace(/^\uFEFF/, ''));
    const mapping = guessMapping(sheet.headers);
    expect(rowIdColumn(sheet.headers)).toBe(sheet.headers.length - 1);
    const rows = rowsOf(sheet, mapping);
    // A second row with the same id is a new row.
    expect(rows.map((row) => row.rowId)).toEqual(['0a0a0a0a-0000-4000-8000-000000000002', null]);
    expect(rows[0]!.data).toEqual(item.data);
  });
});

describe('CRM exports as their programs save them', () => {
  const fixture = (name: string) =>
    readFileSync(path.resolve(import.meta.dirname, '../../../../../fixtures/crm', name));

  it('reads a kvCORE-like export saved with a byte order mark and semicolons, from a file and as text', async () => {
    const bytes = fixture('kvcore-semicolons.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const fromFile = await parseCsvFile(
      new File([bytes], 'kvcore.csv', { type: 'text/csv' }),
      () => undefined,
    );
    const fromText = parseCsvText(bytes.toString('utf8'), 'kvcore.csv');
    for (const sheet of [fromFile, fromText]) {
      expect(sheet.headers.slice(0, 2)).toEqual(['First Name', 'Last Name']);
      const mapping = guessMapping(sheet.headers);
      // The agent's email is preferred to their name when a file has both.
      expect(mapping).toMatchObject({ firstName: 0, email: 2, zip: 7, realtorEmail: 11 });
      expect(rowsOf(sheet, mapping).map((row) => [row.data.firstName, row.data.realtorEmail])).toEqual([
        ['Lena', 'realtor@acme.test'],
        ['Milo', undefined],
        ['Nina', undefined],
      ]);
      // A semicolon inside a quoted cell stays in it.
      expect(sheet.rows[0]![12]).toBe('buyer; past client');
    }
  });

  it('maps a Follow Up Boss export, its agent by name from "Assigned To"', async () => {
    const bytes = fixture('follow-up-boss.csv');
    const sheet = await parseCsvFile(new File([bytes], 'fub.csv', { type: 'text/csv' }), () => undefined);
    const mapping = guessMapping(sheet.headers);
    expect(sheet.headers[mapping.realtorEmail!]).toBe('Assigned To');
    expect(rowsOf(sheet, mapping).map((row) => row.data.realtorEmail)).toEqual([
      'Rita Realtor',
      'ray   REYES',
      'Nora Nobody',
      undefined,
      'Ray Reyes',
      undefined,
    ]);
  });
});
