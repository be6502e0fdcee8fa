/**
 * The importer's file-aware behaviour: rows keep their file's name and line, a file uploaded again
 * replaces its queued rows, rows with problems go at once, rows beyond the licenses wait (or are
 * created pending), and a corporation's column mapping is remembered for its header row.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bulkMessages,
  type BulkPage,
  type BulkProcessResult,
  type BulkQueueResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import type { SavedMapping } from '@homeminder/shared/contracts/bulk-mapping';
import { guessMapping } from '@homeminder/shared/bulk-columns';
import { tenantMessages } from '../../access/auth-context';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';
import { bulkRowOf } from '../../test/bulk-rows';

const row = bulkRowOf({
  firstName: 'Lena',
  lastName: 'Liner',
  addressLine: '4 Quarry Lane',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  reminders: 'Replace HVAC filter: Monthly',
});

interface Upload {
  fileName?: string;
  uploadId?: string;
  items: Array<{ itemId: string; line?: number; data: BulkRowData }>;
}

/** Rows of a file, each on the line given (the header is line 1). */
const fileRows = (lines: Array<[number, BulkRowData]>) =>
  lines.map(([line, data]) => ({ itemId: randomUUID(), line, data }));

describeEachDriver('bulk importer', (t) => {
  const token = signInBeforeAll(t);
  const acme = 'admin@acme.test';

  const send = (body: Upload, tenant = ACME_TENANT_ID, email = acme) =>
    t.api({ method: 'POST', path: `/bulk/${tenant}`, token: token(email), body });
  const queued = async (body: Upload) => {
    const response = await send(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkQueueResult>();
  };
  /** One upload of a whole file: its rows on the lines given. */
  const queuedFile = (fileName: string, lines: Array<[number, BulkRowData]>) =>
    queued({ fileName, uploadId: randomUUID(), items: fileRows(lines) });
  const pageOf = async (tenant = ACME_TENANT_ID, email = acme) => {
    const response = await t.api({ path: `/bulk/${tenant}/1/1000`, token: token(email) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkPage>();
  };
  const process = (body?: object, tenant = ACME_TENANT_ID, email = acme) =>
    t.api({ method: 'POST', path: `/bulk/process/${tenant}`, token: token(email), body });
  const processed = async (body?: object) => {
    const response = await process(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkProcessResult>();
  };
  const setFreeLicenses = async (tenantId: string, free: number) => {
    await t.rows(sql`update corporations set licensed_properties = ${free} + (select count(*) from properties p
      where p.tenant_id = ${tenantId} and p.enabled and not p.pending) where id = ${tenantId} returning id`);
  };

  beforeEach(async () => {
    for (const [email, tenant] of [
      [acme, ACME_TENANT_ID],
      ['admin@birch.test', BIRCH_TENANT_ID],
    ] as const) {
      const response = await t.api({ method: 'DELETE', path: `/bulk/${tenant}/all`, token: token(email) });
      expect(response.statusCode).toBe(200);
    }
    await setFreeLicenses(ACME_TENANT_ID, 1000);
  });

  describe('lines', () => {
    it("keeps each row's file and line, which a delete above does not change", async () => {
      // Line 4 is a cell with a line break: the next row starts on line 5.
      await queuedFile('march.csv', [
        [2, row('first@lines.test')],
        [3, row('second@lines.test', { zip: '1' })],
        [5, row('third@lines.test')],
      ]);
      const before = await pageOf();
      expect(before.items.map((item) => [item.fileName, item.line])).toEqual([
        ['march.csv', 2],
        ['march.csv', 3],
        ['march.csv', 5],
      ]);
      expect(before.fileNames).toEqual(['march.csv']);
      const remove = await t.api({
        method: 'DELETE',
        path: `/bulk/${ACME_TENANT_ID}/${before.items[0]!.id}`,
        token: token(acme),
      });
      expect(remove.statusCode).toBe(204);
      expect((await pageOf()).items.map((item) => item.line)).toEqual([3, 5]);

      await queuedFile('april.csv', [[2, row('fourth@lines.test')]]);
      const after = await pageOf();
      expect(after.fileNames).toEqual(['march.csv', 'april.csv']);
      expect(after.items.map((item) => `${item.fileName}:${item.line}`)).toEqual([
        'march.csv:3',
        'march.csv:5',
        'april.csv:2',
      ]);
      // Rows sent without a file have no line.
      await queued({ items: [{ itemId: randomUUID(), data: row('nofile@lines.test') }] });
      expect((await pageOf()).items.at(-1)).toMatchObject({ fileName: null, line: null });
      expectErrors(
        await send({ items: [{ itemId: randomUUID(), line: 0, data: row('zero@lines.test') }] }),
        400,
      );
    });
  });

  describe('ZIP+4', () => {
    it('keeps the five digits of a ZIP+4 and refuses other shapes', async () => {
      const email = `zip4.${randomUUID().slice(0, 8)}@lines.test`;
      await queuedFile('zip.csv', [
        [2, row(email, { zip: '62704-1234' })],
        [3, row(`bad.${email}`, { zip: '62704-12' })],
      ]);
      const page = await pageOf();
      // The queue shows the row as the file had it, with no problem; the client gets the five digits.
      expect(page.items.map((item) => [item.data.zip, Boolean(item.validationError)])).toEqual([
        ['62704-1234', false],
        ['62704-12', true],
      ]);
      const result = await processed();
      expect(result.created).toBe(1);
      const [property] = await t.rows<{ zip: string }>(
        sql`select p.zip from properties p join client_users c on c.tenant_id = p.tenant_id
              and c.id = p.client_user_id where c.email = ${email}`,
      );
      expect(property).toEqual({ zip: '62704' });
    });
  });

  describe('uploading a file again', () => {
    it("replaces that file's queued rows, never processed ones, and is safe for chunks and retries", async () => {
      await setFreeLicenses(ACME_TENANT_ID, 1);
      await queuedFile('clients.csv', [
        [2, row('done@again.test')],
        [3, row('old.a@again.test')],
        [4, row('old.b@again.test', { city: '' })],
      ]);
      await queuedFile('other.csv', [[2, row('other@again.test')]]);
      // One row is created; the rest wait for licenses and stay queued.
      expect((await processed()).created).toBe(1);

      const second = randomUUID();
      const chunkOne = fileRows([
        [2, row('done@again.test')],
        [3, row('new.a@again.test')],
      ]);
      const chunkTwo = fileRows([[4, row('new.b@again.test')]]);
      expect(await queued({ fileName: 'clients.csv', uploadId: second, items: chunkOne })).toMatchObject({
        queued: 2,
        replaced: 2,
      });
      expect(await queued({ fileName: 'clients.csv', uploadId: second, items: chunkTwo })).toMatchObject({
        queued: 1,
        replaced: 0,
      });
      // A chunk sent again keeps the rows of its own upload.
      expect(await queued({ fileName: 'clients.csv', uploadId: second, items: chunkOne })).toEqual({
        queued: 0,
        replaced: 0,
        total: 4,
      });
      const emails = (await pageOf()).items.map((item) => item.data.email);
      expect(emails).toEqual(['other@again.test', 'done@again.test', 'new.a@again.test', 'new.b@again.test']);
      // The processed row was not touched: its client stays, once, and the row sent again is a duplicate of it.
      const [done] = await t.rows<{ n: number }>(
        sql`select count(*)::int as n from bulk_items where status = 'processed' and data->>'email' = 'done@again.test'`,
      );
      expect(done!.n).toBe(1);
      expect((await pageOf()).items[1]!.validationError).toBe(bulkMessages.emailOfClient);
    });

    it('replaces rows in place by their Row ID from the rows-with-problems file', async () => {
      await queuedFile('clients.csv', [
        [2, row('fine@fix.test')],
        [3, row('broken@fix.test', { zip: '12' })],
        [4, row('fine.too@fix.test')],
      ]);
      const broken = (await pageOf()).items[1]!;
      expect(broken.validationError).not.toBeNull();
      const fixed = await queued({
        fileName: 'rows-with-problems.csv',
        uploadId: randomUUID(),
        items: [{ itemId: broken.itemId.toUpperCase(), line: 2, data: row('broken@fix.test') }],
      });
      expect(fixed).toEqual({ queued: 0, replaced: 1, total: 3 });
      const page = await pageOf();
      expect(page.items.map((item) => [item.id, item.fileName, item.line, item.validationError])).toEqual([
        [page.items[0]!.id, 'clients.csv', 2, null],
        [broken.id, 'clients.csv', 3, null],
        [page.items[2]!.id, 'clients.csv', 4, null],
      ]);
      expect(page.items[1]!.data.zip).toBe('62704');
    });
  });

  describe('deleting the rows with problems', () => {
    it('removes every row with a problem, duplicates included, for those allowed only', async () => {
      await queuedFile('mixed.csv', [
        [2, row('keep@problems.test')],
        [3, row('zip@problems.test', { zip: 'x' })],
        [4, row('keep@problems.test')],
        [5, row('keep.too@problems.test')],
        [6, row('realtor@problems.test', { realtorEmail: 'nobody@acme.test' })],
      ]);
      const birchRow = await send(
        { items: [{ itemId: randomUUID(), data: row('birch@problems.test', { city: '' }) }] },
        BIRCH_TENANT_ID,
        'admin@birch.test',
      );
      expect(birchRow.statusCode).toBe(200);
      const path = (tenant: string) => `/bulk/${tenant}/problems`;
      expectErrors(
        await t.api({ method: 'DELETE', path: path(ACME_TENANT_ID), token: token('admin@birch.test') }),
        404,
        tenantMessages.unknownTenant,
      );
      expectErrors(
        await t.api({ method: 'DELETE', path: path(ACME_TENANT_ID), token: token('realtor@acme.test') }),
        403,
      );
      expect((await pageOf()).errorCount).toBe(3);

      const response = await t.api({ method: 'DELETE', path: path(ACME_TENANT_ID), token: token(acme) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ removed: 3 });
      const page = await pageOf();
      expect(page.items.map((item) => [item.line, item.data.email])).toEqual([
        [2, 'keep@problems.test'],
        [5, 'keep.too@problems.test'],
      ]);
      expect(page.errorCount).toBe(0);
      expect((await pageOf(BIRCH_TENANT_ID, 'admin@birch.test')).errorCount).toBe(1);
    });
  });

  describe('rows waiting for a license', () => {
    it('marks the valid rows beyond the free licenses, and creates them pending when asked', async () => {
      await setFreeLicenses(ACME_TENANT_ID, 2);
      await queuedFile('wait.csv', [
        [2, row('one@wait.test')],
        [3, row('broken@wait.test', { state: 'ZZ' })],
        [4, row('two@wait.test')],
        [5, row('three@wait.test')],
        [6, row('four@wait.test')],
      ]);
      const page = await pageOf();
      expect(page.items.map((item) => [item.data.email, item.waitingForLicense])).toEqual([
        ['one@wait.test', false],
        ['broken@wait.test', false],
        ['two@wait.test', false],
        ['three@wait.test', true],
        ['four@wait.test', true],
      ]);

      expect(await processed({ waitingAsPending: true })).toMatchObject({
        created: 4,
        createdPending: 2,
        needsLicenses: 0,
      });
      const made = await t.rows<{ email: string; pending: boolean }>(sql`
        select c.email, p.pending from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
        where c.email like '%@wait.test' order by c.email`);
      expect(made).toEqual([
        { email: 'four@wait.test', pending: true },
        { email: 'one@wait.test', pending: false },
        { email: 'three@wait.test', pending: true },
        { email: 'two@wait.test', pending: false },
      ]);
      // No license beyond the two free ones was used.
      const [license] = await t.rows<{
        free: number;
      }>(sql`select c.licensed_properties - (select count(*)::int
        from properties p where p.tenant_id = c.id and p.enabled and not p.pending) as free
        from corporations c where c.id = ${ACME_TENANT_ID}`);
      expect(license!.free).toBe(0);
      expectErrors(await process({ waitingAsPending: 'yes' }), 400);
    });
  });

  describe('mapping memory', () => {
    const headers = ['Given Name', 'Surname', 'E-mail', 'Street', 'Town', 'St', 'Postal Code', 'Notes'];
    const mapping = { ...guessMapping(headers), reminders: 7 };
    const find = (body: object, tenant = ACME_TENANT_ID, email = acme) =>
      t.api({ method: 'POST', path: `/bulk/${tenant}/mapping/find`, token: token(email), body });
    const save = (body: object, tenant = ACME_TENANT_ID, email = acme) =>
      t.api({ method: 'PUT', path: `/bulk/${tenant}/mapping`, token: token(email), body });

    it("remembers a corporation's mapping for the same header row, and no other corporation gets it", async () => {
      expect((await find({ headers })).json<SavedMapping>()).toEqual({ mapping: null });
      expect((await save({ headers, mapping })).statusCode).toBe(204);
      // The same headers written differently are the same header row.
      const again = await find({ headers: headers.map((header) => header.toUpperCase().replace('-', '')) });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<SavedMapping>()).toEqual({ mapping });
      // Saved again, the newer mapping wins.
      const newer = { ...mapping, reminders: null };
      expect((await save({ headers, mapping: newer })).statusCode).toBe(204);
      expect((await find({ headers })).json<SavedMapping>()).toEqual({ mapping: newer });
      // Other headers, another corporation: nothing.
      expect((await find({ headers: [...headers, 'Extra'] })).json<SavedMapping>()).toEqual({
        mapping: null,
      });
      expect((await find({ headers }, BIRCH_TENANT_ID, 'admin@birch.test')).json<SavedMapping>()).toEqual({
        mapping: null,
      });
      expectErrors(await find({ headers }, ACME_TENANT_ID, 'admin@birch.test'), 404);
      expectErrors(await save({ headers, mapping }, ACME_TENANT_ID, 'realtor@acme.test'), 403);
      expectErrors(
        await save({ headers, mapping: { ...mapping, city: 8 } }),
        400,
        bulkMessages.mappingColumnMissing,
      );
      expectErrors(await save({ headers, mapping: { city: 1 } }), 400);
    });
  });
});
