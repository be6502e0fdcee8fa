import { describe, expect, it } from 'vitest';
import { bulkColumns, guessMapping, splitFullName, unmappedRequired } from './bulk-columns';
import { bulkMessages } from './contracts/bulk';
import { bulkProblemFields, checkBulkRow } from './contracts/bulk-row-check';
import { fiveDigitZip, zipWithLeadingZeros } from './validation/rules';

/** A mapping in which no column is found; a test names those it finds. */
const noColumns = Object.fromEntries(bulkColumns.map((column) => [column, null]));

describe('the importer recognises columns', () => {
  it("maps a CRM export's own names, preferring the client's email, mobile and the property's address", () => {
    const headers = [
      'Contact ID',
      'First Name',
      'Last Name',
      'Work Email',
      'Primary Email',
      'Home Phone',
      'Mobile Phone',
      'Mailing Street',
      'Property Street',
      'Property City',
      'Property State',
      'Property Zip',
      'Agent Email',
      'Tags',
    ];
    expect(guessMapping(headers)).toEqual({
      ...noColumns,
      firstName: 1,
      lastName: 2,
      fullName: null,
      email: 4,
      phone: 6,
      addressLine: 8,
      city: 9,
      state: 10,
      zip: 11,
      realtorEmail: 12,
      reminders: null,
    });
  });

  it.each([
    ['E-mail Address', 'email'],
    ['email_address', 'email'],
    ['Cell', 'phone'],
    ['Telephone', 'phone'],
    ['Street Address', 'addressLine'],
    ['Address Line 1', 'addressLine'],
    ['Postal Code', 'zip'],
    ['Zip/Postal Code', 'zip'],
    ['State/Province', 'state'],
    ['Realtor', 'realtorEmail'],
    ['Listing Agent Email', 'realtorEmail'],
    ['Assigned To', 'realtorEmail'],
    ['Agent', 'realtorEmail'],
    ['Owner', 'realtorEmail'],
    ['Agent Email', 'realtorEmail'],
    ['Listing Agent', 'realtorEmail'],
    ['Agent Name', 'realtorEmail'],
    ['Assigned Agent', 'realtorEmail'],
    ['Contact Owner', 'realtorEmail'],
    ['Given name', 'firstName'],
    ['Surname', 'lastName'],
  ] as const)('takes "%s" as %s', (header, column) => {
    expect(guessMapping(['Notes', header])[column]).toBe(1);
  });

  it('maps every client field of a Follow Up Boss export, its agent by name from "Assigned To"', () => {
    const headers = [
      'Contact ID',
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Street Address',
      'City',
      'State',
      'Postal Code',
      'Stage',
      'Lead Source',
      'Assigned To',
      'Tags',
      'Created',
      'Last Activity',
    ];
    expect(guessMapping(headers)).toEqual({
      ...noColumns,
      firstName: 1,
      lastName: 2,
      fullName: null,
      email: 3,
      phone: 4,
      addressLine: 5,
      city: 6,
      state: 7,
      zip: 8,
      realtorEmail: 11,
    });
  });

  it("prefers the agent's email to their name when a file has both", () => {
    expect(guessMapping(['Assigned To', 'Agent Email']).realtorEmail).toBe(1);
  });

  it('takes a full name only when there are no first and last name columns', () => {
    expect(guessMapping(['Name', 'Email'])).toMatchObject({ fullName: 0, firstName: null, lastName: null });
    expect(guessMapping(['Full Name', 'First', 'Last'])).toMatchObject({
      fullName: null,
      firstName: 1,
      lastName: 2,
    });
  });

  it('lists the required fields no column feeds; a full name feeds first and last', () => {
    const mapping = guessMapping(['Name', 'Email', 'City']);
    expect(unmappedRequired(mapping)).toEqual(['addressLine', 'state', 'zip']);
    expect(unmappedRequired({ ...mapping, fullName: null })).toEqual([
      'firstName',
      'lastName',
      'addressLine',
      'state',
      'zip',
    ]);
  });
});

describe('full names and ZIP codes', () => {
  it.each([
    ['Ava Brown', 'Ava', 'Brown'],
    ['  Mary  Ann Lee ', 'Mary Ann', 'Lee'],
    ['Brown, Ava', 'Ava', 'Brown'],
    ['Cher', 'Cher', ''],
  ])('splits "%s" into "%s" and "%s"', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });

  it('keeps the five-digit ZIP of a ZIP+4 and leaves anything else as typed', () => {
    expect(fiveDigitZip('80202-1234')).toBe('80202');
    expect(fiveDigitZip(' 802021234 ')).toBe('80202');
    expect(fiveDigitZip('80202')).toBe('80202');
    expect(fiveDigitZip('8020')).toBe('8020');
    expect(fiveDigitZip('80202-12')).toBe('80202-12');
  });

  it.each([
    ['2134', 'MA', '02134'],
    ['6103', 'ct', '06103'],
    ['2903', 'RI', '02903'],
    ['3301', 'NH', '03301'],
    ['5401', 'VT', '05401'],
    ['4101', 'ME', '04101'],
    ['7030', 'NJ', '07030'],
    ['21341234', 'MA', '02134'],
    ['936', 'PR', '00936'],
    ['802', 'VI', '00802'],
  ])('reads ZIP %s in %s as %s', (zip, state, read) => {
    expect(zipWithLeadingZeros(zip, state)).toBe(read);
  });

  it.each([
    ['6270', 'IL'],
    ['02134', 'MA'],
    ['213', 'MA'],
    ['0213', 'MA'],
    ['9360', 'PR'],
    ['2134', ''],
    ['21a4', 'MA'],
  ])('leaves ZIP %s in "%s" as typed', (zip, state) => {
    expect(zipWithLeadingZeros(zip, state)).toBeNull();
  });

  it('validates a row with its leading 0 given back, and a 4-digit ZIP elsewhere as a problem of the ZIP', () => {
    const row = {
      firstName: 'Gail',
      lastName: 'Grant',
      email: 'gail@example.com',
      addressLine: '25 Beacon Street',
      city: 'Boston',
      state: 'MA',
      zip: '2134',
    };
    const checked = checkBulkRow(row);
    expect(checked.ok && checked.row.zip).toBe('02134');
    const elsewhere = checkBulkRow({ ...row, state: 'IL' });
    expect(elsewhere).toMatchObject({ ok: false, field: 'zip' });
    expect(bulkProblemFields(elsewhere.ok ? null : elsewhere.error)).toEqual(['zip']);
  });
});

describe("the fields a queued row's problem is about", () => {
  it.each([
    ['ZIP: Value must be 5 digits long', ['zip']],
    ['Realtor: "Nora Nobody" is not a realtor of the company.', ['realtorEmail']],
    ['Reminders: "Paint" is not a reminder in the catalogue', ['reminders']],
    ['First name: Required', ['firstName']],
    [bulkMessages.emailOfClient, ['email']],
    [bulkMessages.duplicateInQueue, ['email']],
    [bulkMessages.processFailed, []],
  ])('"%s" is about %j', (error, fields) => {
    expect(bulkProblemFields(error)).toEqual(fields);
  });
});
