import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessMapping, unmappedRequired, type BulkColumn } from '@homeminder/shared/bulk-columns';
import { bulkMessages } from '@homeminder/shared/contracts/bulk';
import { parseCsvFile, rowsOf, zipRepairsOf } from './bulk-csv';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../../../fixtures/crm', name));

const read = (name: string) =>
  parseCsvFile(new File([fixture(name)], name, { type: 'text/csv' }), () => undefined);

type Expected = Partial<Record<BulkColumn, string | null>>;

/** Each CRM export's header row as its program writes it, and the column each client field takes. */
const exports: Array<[string, Expected]> = [
  [
    'boomtown.csv',
    {
      email: 'Primary Email',
      phone: 'Primary Phone',
      addressLine: 'Street Address',
      city: 'City',
      state: 'State',
      zip: 'Zip Code',
      realtorEmail: 'Assigned Agent',
    },
  ],
  [
    'lofty.csv',
    {
      email: 'Email 1',
      phone: 'Phone 1',
      addressLine: 'Mailing Address',
      city: 'Mailing City',
      state: 'Mailing State',
      zip: 'Mailing Zipcode',
      // The agent's email is preferred to their name.
      realtorEmail: 'Agent Email',
    },
  ],
  [
    'hubspot-excel-zips.csv',
    {
      email: 'Email',
      phone: 'Phone Number',
      addressLine: 'Street Address',
      city: 'City',
      state: 'State/Region',
      zip: 'Postal Code',
      realtorEmail: 'Contact owner',
    },
  ],
  [
    'salesforce-contacts.csv',
    {
      email: 'Email',
      phone: 'Phone',
      addressLine: 'Mailing Street',
      city: 'Mailing City',
      state: 'Mailing State/Province',
      zip: 'Mailing Zip/Postal Code',
      realtorEmail: 'Contact Owner',
    },
  ],
  [
    'google-contacts.csv',
    {
      email: 'E-mail 1 - Value',
      phone: 'Phone 1 - Value',
      addressLine: 'Address 1 - Street',
      city: 'Address 1 - City',
      state: 'Address 1 - Region',
      zip: 'Address 1 - Postal Code',
      // Google Contacts has no agent: the realtor for rows without one is chosen for the file.
      realtorEmail: null,
    },
  ],
  [
    'outlook.csv',
    {
      email: 'E-mail Address',
      phone: 'Mobile Phone',
      addressLine: 'Home Street',
      city: 'Home City',
      state: 'Home State',
      zip: 'Home Postal Code',
      realtorEmail: null,
    },
  ],
];

describe('the common CRM exports, read as their programs save them', () => {
  it.each(exports)('%s: every client field and the agent column are guessed', async (name, expected) => {
    const sheet = await read(name);
    const mapping = guessMapping(sheet.headers);
    const headerOf = (column: BulkColumn) => {
      const index = mapping[column];
      return index === null ? null : sheet.headers[index];
    };
    expect(unmappedRequired(mapping)).toEqual([]);
    expect({ first: headerOf('firstName'), last: headerOf('lastName'), full: headerOf('fullName') }).toEqual({
      first: 'First Name',
      last: 'Last Name',
      full: null,
    });
    for (const [column, header] of Object.entries(expected) as Array<[BulkColumn, string | null]>) {
      expect(headerOf(column), column).toBe(header);
    }
    // Every row comes out with the client's name, email and a five-digit ZIP or a 4-digit one to validate.
    const rows = rowsOf(sheet, mapping);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.data.firstName).toMatch(/^[A-Z][a-z]+$/);
      expect(row.data.email).toMatch(/@/);
      expect(row.data.zip).toMatch(/^[0-9]{4,5}$/);
    }
  });

  it('reads the byte order mark and Windows line ends of an Excel-saved file, and a cell with line breaks', async () => {
    const hubspot = fixture('hubspot-excel-zips.csv');
    expect([...hubspot.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(hubspot.toString('utf8')).toContain('\r\n');
    const sheet = await read('hubspot-excel-zips.csv');
    expect(sheet.headers[0]).toBe('Record ID');
    expect(sheet.rows.every((row) => row.length === sheet.headers.length)).toBe(true);

    // Google's notes and formatted address span lines; each row is still numbered by its first line.
    const google = await read('google-contacts.csv');
    expect(google.headers[0]).toBe('First Name');
    expect(rowsOf(google, guessMapping(google.headers)).map((row) => row.line)).toEqual([2, 6, 9]);
  });

  it('gives back the leading 0 of ZIPs in states whose ZIPs start with it, and says so per line', async () => {
    const sheet = await read('hubspot-excel-zips.csv');
    const rows = rowsOf(sheet, guessMapping(sheet.headers));
    expect(zipRepairsOf(rows)).toEqual([
      { line: 2, typed: '2134', read: '02134' },
      { line: 3, typed: '6103', read: '06103' },
      { line: 4, typed: '2903', read: '02903' },
      { line: 5, typed: '3301', read: '03301' },
      { line: 6, typed: '5401', read: '05401' },
      { line: 7, typed: '4101', read: '04101' },
      { line: 8, typed: '7030', read: '07030' },
    ]);
    // Illinois ZIPs do not start with 0: its 4-digit ZIP stays as typed, for the row's problem.
    expect(rows.find((row) => row.line === 9)?.data.zip).toBe('6270');
    expect(bulkMessages.zipReadAs('2134', '02134')).toBe('ZIP 2134 read as 02134');
  });
});
