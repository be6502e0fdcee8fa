import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bulkMessages,
  type BulkEmailUniqueResult,
  type BulkPage,
  type BulkPreview,
  type BulkProcessResult,
  type BulkQueueResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { clientMessages } from '@homeminder/shared/contracts/clients';
import { Privilege } from '@homeminder/shared/permissions';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { tenantMessages, type AuthContext } from '../../access/auth-context';
import { auditService } from '../audit';
import { clientsRepository, type ClientsRepository } from '../clients';
import { bulkService } from './bulk.service';
import { describeEachDriver, expectErrors, signInBeforeAll, type TestApp } from '../../test/test-app';
import { bulkRowOf, queueBulkRows } from '../../test/bulk-rows';
import { setUpClient } from '../../test/clients';

const row = bulkRowOf({
  firstName: 'Nora',
  lastName: 'Newcomer',
  phone: '(555) 123-4567',
  addressLine: '12 Harbor Road',
  city: 'Springfield',
  state: 'il',
  zip: '62704',
  reminders: 'Replace HVAC filter: Monthly; Clean gutters and downspouts',
});

const items = (rows: BulkRowData[]) => rows.map((data) => ({ itemId: randomUUID(), data }));

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [result] = await t.rows<{ n: number }>(query);
  return result!.n;
}

const clientsWithEmailLike = (t: TestApp, pattern: string) =>
  count(t, sql`select count(*)::int as n from client_users where email like ${pattern}`);

describeEachDriver('bulk routes', (t) => {
  const token = signInBeforeAll(t);

  const as = (email: string) => ({
    queue: (rows: BulkRowData[] | Array<{ itemId: string; data: BulkRowData }>, tenant = ACME_TENANT_ID) =>
      queueBulkRows(t, token(email), tenant, rows),
    page: (page = 1, pageSize = 1000, tenant = ACME_TENANT_ID) =>
      t.api({ path: `/bulk/${tenant}/${page}/${pageSize}`, token: token(email) }),
    update: (id: number | string, data: BulkRowData, tenant = ACME_TENANT_ID) =>
      t.api({ method: 'PUT', path: `/bulk/${tenant}/${id}`, token: token(email), body: { data } }),
    remove: (id: number | string, tenant = ACME_TENANT_ID) =>
      t.api({ method: 'DELETE', path: `/bulk/${tenant}/${id}`, token: token(email) }),
    clear: (tenant = ACME_TENANT_ID) =>
      t.api({ method: 'DELETE', path: `/bulk/${tenant}/all`, token: token(email) }),
    preview: (tenant = ACME_TENANT_ID) => t.api({ path: `/bulk/${tenant}/preview`, token: token(email) }),
    process: (tenant = ACME_TENANT_ID) =>
      t.api({ method: 'POST', path: `/bulk/process/${tenant}`, token: token(email) }),
    unique: (body: object) =>
      t.api({ method: 'POST', path: '/bulk/is-email-unique', token: token(email), body }),
  });
  const admin = as('admin@acme.test');

  const pageOf = async (tenant = ACME_TENANT_ID, email = 'admin@acme.test') => {
    const response = await as(email).page(1, 1000, tenant);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkPage>();
  };
  const processed = async (tenant = ACME_TENANT_ID, email = 'admin@acme.test') => {
    const response = await as(email).process(tenant);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkProcessResult>();
  };
  /** Sets the corporation's license to what it uses plus `free`. */
  const setFreeLicenses = async (tenantId: string, free: number) => {
    await t.rows(sql`update corporations set licensed_properties = ${free} + (select count(*) from properties p
      where p.tenant_id = ${tenantId} and p.enabled and not p.pending) where id = ${tenantId} returning id`);
  };

  /**
   * Runs `work` while saving a property at '13 Fail Street' fails, as a database fault would: the
   * insert is refused after the row's client was inserted in the same transaction.
   */
  const whileSavingFails = async (work: () => Promise<void>) => {
    await t.rows(sql`create or replace function bulk_test_fail() returns trigger language plpgsql as $$
      begin
        if new.address_line = '13 Fail Street' then raise exception 'simulated failure'; end if;
        return new;
      end $$`);
    await t.rows(sql`create trigger bulk_test_fail before insert on properties
      for each row execute function bulk_test_fail()`);
    try {
      await work();
    } finally {
      await t.rows(sql`drop trigger if exists bulk_test_fail on properties`);
    }
  };

  beforeEach(async () => {
    for (const [email, tenant] of [
      ['admin@acme.test', ACME_TENANT_ID],
      ['admin@birch.test', BIRCH_TENANT_ID],
    ] as const) {
      expect((await as(email).clear(tenant)).statusCode).toBe(200);
    }
    await setFreeLicenses(ACME_TENANT_ID, 1000);
  });

  describe('the queue', () => {
    it('validates each row with the shared rules and shows its error in the page', async () => {
      const existing = (
        await t.rows<{ email: string }>(
          sql`select email from client_users where tenant_id = ${ACME_TENANT_ID} limit 1`,
        )
      )[0]!.email;
      const response = await admin.queue([
        row('good.one@validate.test'),
        row('not-an-email'),
        row('bad.zip@validate.test', { zip: '123' }),
        row('no.realtor@validate.test', { realtorEmail: 'nobody@acme.test' }),
        row('with.realtor@validate.test', { realtorEmail: 'REALTOR@acme.test' }),
        row('bad.reminder@validate.test', { reminders: 'Polish the moon' }),
        row('bad.frequency@validate.test', { reminders: 'Replace HVAC filter: Hourly' }),
        row('GOOD.ONE@validate.test'),
        row(existing.toUpperCase()),
        row('no.name@validate.test', { firstName: '' }),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<BulkQueueResult>()).toEqual({ queued: 10, replaced: 0, total: 10 });

      const page = await pageOf();
      expect(page.totalItemCount).toBe(10);
      expect(page.pageSize).toBe(1000);
      const errors = page.items.map((item) => item.validationError);
      expect(errors).toEqual([
        null,
        `Email: ${messages.emailInvalid}`,
        `ZIP: ${messages.zipLength}`,
        `Realtor: ${bulkMessages.realtorUnknown('nobody@acme.test')}`,
        null,
        `Reminders: ${bulkMessages.reminderUnknown('Polish the moon')}`,
        `Reminders: ${bulkMessages.frequencyUnknown('Hourly')}`,
        bulkMessages.duplicateInQueue,
        bulkMessages.emailOfClient,
        `First name: ${messages.required}`,
      ]);
      expect(page.errorCount).toBe(8);
      expect(page.items.map((item) => item.rowNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(
        page.items.every((item) => item.tenantID === ACME_TENANT_ID && typeof item.id === 'number'),
      ).toBe(true);
      // Kept as uploaded, so the person sees what they sent.
      expect(page.items[0]!.data.state).toBe('il');

      const preview = (await admin.preview()).json<BulkPreview>();
      expect(preview).toMatchObject({ queued: 10, valid: 2, withErrors: 8, toCreate: 2, needsLicenses: 0 });
    });

    it('refuses a state that is not a US state, so processing does not create the row', async () => {
      const response = await admin.queue([
        row('zz.state@validate.test', { state: 'ZZ' }),
        row('long.state@validate.test', { state: 'Texas' }),
        row('dc.state@validate.test', { state: 'dc' }),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect((await pageOf()).items.map((item) => item.validationError)).toEqual([
        `State: ${messages.stateUnknown}`,
        `State: ${messages.stateCodeInvalid}`,
        null,
      ]);
      expect(await processed()).toMatchObject({ created: 1 });
      expect(await clientsWithEmailLike(t, 'zz.state@%')).toBe(0);
      expect(await clientsWithEmailLike(t, 'dc.state@%')).toBe(1);
    });

    it('pages up to 1000 rows and refuses bigger pages and chunks', async () => {
      expect(
        (await admin.queue(Array.from({ length: 5 }, (_, i) => row(`paged.${i}@page.test`)))).statusCode,
      ).toBe(200);
      const second = (await admin.page(2, 2)).json<BulkPage>();
      expect(second.items.map((item) => item.data.email)).toEqual(['paged.2@page.test', 'paged.3@page.test']);
      expect(second.totalItemCount).toBe(5);
      const beyond = (await admin.page(9, 2)).json<BulkPage>();
      expect(beyond).toMatchObject({ items: [], totalItemCount: 5 });
      expectErrors(await admin.page(1, 1001), 400);
      expectErrors(await admin.page(0, 10), 400);
      expectErrors(await admin.queue(Array.from({ length: 1001 }, (_, i) => row(`big.${i}@page.test`))), 400);
    });

    it('lists only the rows with a problem across the whole queue with ?filter=problems', async () => {
      // Rows 2, 5 and 6 have a problem (6 repeats the email of 1); pages of 2 rows put them on pages 1 to 3.
      await admin.queue([
        row('fine.1@filter.test'),
        row('zip.2@filter.test', { zip: 'abc' }),
        row('fine.3@filter.test'),
        row('fine.4@filter.test'),
        row('city.5@filter.test', { city: '' }),
        row('fine.1@filter.test'),
        row('fine.7@filter.test'),
      ]);
      const problems = (page: number, pageSize: number, tenant = ACME_TENANT_ID, email = 'admin@acme.test') =>
        t.api({ path: `/bulk/${tenant}/${page}/${pageSize}?filter=problems`, token: token(email) });

      const first = (await problems(1, 2)).json<BulkPage>();
      expect(first.items.map((item) => item.rowNumber)).toEqual([2, 5]);
      expect(first).toMatchObject({ totalItemCount: 3, errorCount: 3, page: 1, pageSize: 2 });
      const second = (await problems(2, 2)).json<BulkPage>();
      expect(second.items.map((item) => [item.rowNumber, item.validationError])).toEqual([
        [6, bulkMessages.duplicateInQueue],
      ]);
      expect((await problems(5, 2)).json<BulkPage>()).toMatchObject({
        items: [],
        totalItemCount: 3,
        errorCount: 3,
      });
      // Without the filter, every row, and the counts of the whole queue (also past the end).
      expect((await admin.page(1, 1000)).json<BulkPage>()).toMatchObject({
        totalItemCount: 7,
        errorCount: 3,
      });
      expect((await admin.page(9, 2)).json<BulkPage>()).toMatchObject({ totalItemCount: 7, errorCount: 3 });
      expectErrors(
        await t.api({ path: `/bulk/${ACME_TENANT_ID}/1/2?filter=broken`, token: token('admin@acme.test') }),
        400,
      );
      // Another corporation's problems stay hidden.
      expectErrors(
        await problems(1, 2, ACME_TENANT_ID, 'admin@birch.test'),
        404,
        tenantMessages.unknownTenant,
      );
      expect((await problems(1, 2, BIRCH_TENANT_ID, 'admin@birch.test')).json<BulkPage>()).toMatchObject({
        items: [],
        totalItemCount: 0,
      });
    });

    it('queues a chunk sent twice only once', async () => {
      const chunk = items([row('twice.1@chunk.test'), row('twice.2@chunk.test')]);
      expect((await admin.queue(chunk)).json<BulkQueueResult>()).toEqual({
        queued: 2,
        replaced: 0,
        total: 2,
      });
      expect((await admin.queue(chunk)).json<BulkQueueResult>()).toEqual({
        queued: 0,
        replaced: 0,
        total: 2,
      });
      expect((await pageOf()).totalItemCount).toBe(2);
    });

    it('edits a row (validated again), deletes one by its number, and clears all', async () => {
      await admin.queue([
        row('edit.me@edit.test', { zip: 'abc' }),
        row('delete.me@edit.test'),
        row('keep@edit.test'),
      ]);
      const [broken, doomed] = (await pageOf()).items;
      expect(broken!.validationError).toBe(`ZIP: ${messages.zipLength}`);

      expect((await admin.update(broken!.id, row('edit.me@edit.test', { zip: '62704' }))).statusCode).toBe(
        204,
      );
      expect((await pageOf()).items[0]).toMatchObject({ validationError: null, data: { zip: '62704' } });
      // An edit that makes the row a duplicate of another shows it.
      await admin.update(broken!.id, row('keep@edit.test'));
      const afterDuplicate = (await pageOf()).items;
      expect(afterDuplicate.find((item) => item.id === broken!.id)?.validationError).toBeNull();
      expect(
        afterDuplicate.find((item) => item.data.email === 'keep@edit.test' && item.id !== broken!.id)
          ?.validationError,
      ).toBe(bulkMessages.duplicateInQueue);

      expectErrors(await admin.remove('abc'), 400);
      expectErrors(await admin.remove(999_999_999), 404, bulkMessages.itemNotFound);
      expect((await admin.remove(doomed!.id)).statusCode).toBe(204);
      expect((await pageOf()).totalItemCount).toBe(2);
      expectErrors(await admin.update(doomed!.id, row('x@edit.test')), 404, bulkMessages.itemNotFound);

      const cleared = await admin.clear();
      expect(cleared.json()).toEqual({ removed: 2 });
      expect((await pageOf()).totalItemCount).toBe(0);
      for (const action of ['bulk.queued', 'bulk.item.updated', 'bulk.item.deleted', 'bulk.cleared']) {
        expect(
          await count(
            t,
            sql`select count(*)::int as n from audit_log where action = ${action} and tenant_id = ${ACME_TENANT_ID}`,
          ),
          action,
        ).toBeGreaterThan(0);
      }
    });

    it('checks an email against the clients and the other queued rows', async () => {
      const existing = (
        await t.rows<{ email: string }>(
          sql`select email from client_users where tenant_id = ${ACME_TENANT_ID} limit 1`,
        )
      )[0]!.email;
      const [queued] = items([row('queued@unique.test')]);
      await admin.queue([queued!]);
      const unique = async (body: object) => {
        const response = await admin.unique(body);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<BulkEmailUniqueResult>();
      };
      expect(await unique({ email: existing.toUpperCase() })).toEqual({ unique: false, usedBy: 'client' });
      expect(await unique({ email: 'Queued@unique.test' })).toEqual({ unique: false, usedBy: 'queue' });
      expect(await unique({ email: 'queued@unique.test', exceptItemId: queued!.itemId })).toEqual({
        unique: true,
        usedBy: null,
      });
      expect(await unique({ email: 'fresh@unique.test' })).toEqual({ unique: true, usedBy: null });
      expectErrors(await admin.unique({}), 400, messages.required);
      // Birch's clients are not Acme's.
      const birchEmail = (
        await t.rows<{ email: string }>(
          sql`select email from client_users where tenant_id = ${BIRCH_TENANT_ID} limit 1`,
        )
      )[0]!.email;
      expect(await unique({ email: birchEmail })).toEqual({ unique: true, usedBy: null });
    });
  });

  describe('processing', () => {
    it('creates N of N+5 valid rows with a license of N, reports 5 missing, and a second run creates nothing', async () => {
      await setFreeLicenses(ACME_TENANT_ID, 3);
      await admin.queue([
        ...Array.from({ length: 8 }, (_, i) => row(`licensed.${i}@license.test`)),
        row('broken@license.test', { city: '' }),
      ]);
      const preview = (await admin.preview()).json<BulkPreview>();
      const acmeSet = await t.rows<{ name: string }>(sql`
        select r.name from default_reminders d join reminders r on r.id = d.reminder_id
         where d.tenant_id = ${ACME_TENANT_ID} order by d.position`);
      expect(acmeSet.length).toBeGreaterThan(0);
      expect(preview).toEqual({
        licenseEndedOn: null,
        queued: 9,
        valid: 8,
        withErrors: 1,
        licensesFree: 3,
        toCreate: 3,
        needsLicenses: 5,
        withoutReminders: 0,
        withoutRealtor: 8,
        // Acme's default set, which rows naming no reminders would get.
        defaultReminders: acmeSet.map(({ name }) => ({
          name,
          frequencyName: expect.any(String) as string,
        })),
      });

      const first = await processed();
      expect(first.created).toBe(3);
      expect(first.needsLicenses).toBe(5);
      const page = await pageOf();
      const broken = page.items.find((item) => item.data.email === 'broken@license.test')!;
      // What is left keeps its numbers: processing does not renumber the batch.
      expect(broken.rowNumber).toBe(9);
      expect(page.items.map((item) => item.rowNumber)).toEqual([4, 5, 6, 7, 8, 9]);
      expect(first.errors).toEqual({ [broken.itemId]: `City: ${messages.required}` });
      expect(await clientsWithEmailLike(t, '%@license.test')).toBe(3);
      // The rows beyond the license stay queued, with the broken one.
      expect(page.totalItemCount).toBe(6);

      const second = await processed();
      expect(second).toMatchObject({ created: 0, needsLicenses: 5 });
      expect(await clientsWithEmailLike(t, '%@license.test')).toBe(3);

      await setFreeLicenses(ACME_TENANT_ID, 10);
      const third = await processed();
      expect(third).toMatchObject({ created: 5, needsLicenses: 0 });
      expect(await clientsWithEmailLike(t, '%@license.test')).toBe(8);
      expect((await processed()).created).toBe(0);
      expect(await clientsWithEmailLike(t, '%@license.test')).toBe(8);

      // Each created client has its property and the reminders of its row, and an audit entry.
      const [made] = await t.rows<{ properties: number; subscriptions: number; frequency: number }>(sql`
        select (select count(*)::int from properties p where p.client_user_id = c.id) as properties,
          (select count(*)::int from reminder_subscriptions s join properties p on p.id = s.property_id
            where p.client_user_id = c.id) as subscriptions,
          (select s.maintenance_frequency_id from reminder_subscriptions s join properties p on p.id = s.property_id
            join reminders r on r.id = s.reminder_id where p.client_user_id = c.id and r.name = 'Replace HVAC filter') as frequency
        from client_users c where c.email = 'licensed.0@license.test'`);
      expect(made).toEqual({ properties: 1, subscriptions: 2, frequency: 1 });
      expect(
        await count(
          t,
          sql`select count(*)::int as n from audit_log where action = 'client.created'
          and details->>'source' = 'bulk-upload' and details->>'email' like '%@license.test'`,
        ),
      ).toBe(8);
      expect(
        await count(t, sql`select count(*)::int as n from audit_log where action = 'bulk.processed'`),
      ).toBeGreaterThan(0);
    });

    it('leaves no partial client and loses no row when a row fails mid-way, and creates it once later', async () => {
      // The failing row's client was already inserted in its transaction: only a rollback keeps it out.
      await whileSavingFails(async () => {
        await admin.queue([
          row('before@crash.test'),
          row('victim@crash.test', { addressLine: '13 Fail Street' }),
          row('after@crash.test'),
        ]);
        const first = await processed();
        expect(first.created).toBe(2);
        const victim = (await pageOf()).items.find((item) => item.data.email === 'victim@crash.test')!;
        expect(first.errors).toEqual({ [victim.itemId]: bulkMessages.processFailed });
        expect(victim).toMatchObject({ status: 'failed', validationError: bulkMessages.processFailed });
        expect(await clientsWithEmailLike(t, 'victim@crash.test')).toBe(0);
        expect(await clientsWithEmailLike(t, '%@crash.test')).toBe(2);
        expect((await pageOf()).totalItemCount).toBe(1);
      });
      const again = await processed();
      expect(again).toEqual({ created: 1, createdPending: 0, errors: {}, needsLicenses: 0 });
      expect(await clientsWithEmailLike(t, '%@crash.test')).toBe(3);
      expect(await processed()).toEqual({ created: 0, createdPending: 0, errors: {}, needsLicenses: 0 });
      expect(await clientsWithEmailLike(t, '%@crash.test')).toBe(3);
      const [processedRows] = await t.rows<{ n: number; linked: number }>(sql`select count(*)::int as n,
        count(created_client_user_id)::int as linked from bulk_items where status = 'processed'
        and data->>'email' like '%@crash.test'`);
      expect(processedRows).toEqual({ n: 3, linked: 3 });
    });

    it('creates each row once when two runs overlap', async () => {
      await admin.queue(Array.from({ length: 20 }, (_, i) => row(`overlap.${i}@overlap.test`)));
      const [first, second] = await Promise.all([processed(), processed()]);
      expect({ ...first.errors, ...second.errors }).toEqual({});
      expect(first.created + second.created).toBe(20);
      expect(await clientsWithEmailLike(t, '%@overlap.test')).toBe(20);
      expect((await pageOf()).totalItemCount).toBe(0);
      expect(await processed()).toEqual({ created: 0, createdPending: 0, errors: {}, needsLicenses: 0 });
    });

    it('never takes more licenses than are free when two runs overlap', async () => {
      await setFreeLicenses(ACME_TENANT_ID, 7);
      await admin.queue(Array.from({ length: 15 }, (_, i) => row(`scarce.${i}@scarce.test`)));
      const [first, second] = await Promise.all([processed(), processed()]);
      expect(first.created + second.created).toBe(7);
      expect(await clientsWithEmailLike(t, '%@scarce.test')).toBe(7);
      expect((await pageOf()).totalItemCount).toBe(8);
      expect((await admin.preview()).json<BulkPreview>()).toMatchObject({
        licensesFree: 0,
        needsLicenses: 8,
      });
    });

    it('reports a row whose email was taken meanwhile, without creating it', async () => {
      await admin.queue([row('taken@race.test')]);
      const [item] = (await pageOf()).items;
      // A client with the same email appears after the row was queued.
      await setUpClient(t, token('admin@acme.test'), { clientUser: { email: 'taken@race.test' } });
      const result = await processed();
      expect(result).toEqual({
        created: 0,
        createdPending: 0,
        errors: { [item!.itemId]: bulkMessages.emailOfClient },
        needsLicenses: 0,
      });
      expect(await clientsWithEmailLike(t, 'taken@race.test')).toBe(1);
    });
  });

  describe('processing in batches', () => {
    /**
     * The bulk service over the test database with `batchRows` rows per transaction, so a few
     * rows span several batches; `beforeBatch` runs before each batch's transaction opens.
     */
    const batched = (batchRows: number, beforeBatch?: () => Promise<void>) => {
      const db = t.database.db;
      const repository = clientsRepository(db);
      const clients: ClientsRepository = beforeBatch
        ? {
            ...repository,
            transaction: async (work) => {
              await beforeBatch();
              return repository.transaction(work);
            },
          }
        : repository;
      return bulkService({ db, clients, audit: auditService(db), batchRows, logError: () => undefined });
    };
    const caller = async () => {
      const [admin] = await t.rows<{ id: string }>(
        sql`select id from tenant_users where email = 'admin@acme.test'`,
      );
      const auth: AuthContext = {
        tokenHash: 'batch-test',
        kind: 'staff',
        userId: admin!.id,
        homeTenantId: ACME_TENANT_ID,
        tenantId: ACME_TENANT_ID,
        email: 'admin@acme.test',
        name: 'Acme Admin',
        homeTenantName: 'Acme',
        roles: ['CorporateAdmin'],
        privileges: new Set([Privilege.CanBulkUploadClients]),
        impersonator: null,
      };
      return { auth, ip: '127.0.0.1' };
    };
    /** The queue's rows in upload order: item id and email. */
    const queued = async () =>
      (await pageOf()).items.map((item) => ({ itemId: item.itemId, email: item.data.email }));
    const createdEmails = async (domain: string) =>
      (
        await t.rows<{ email: string }>(
          sql`select email from client_users where email like ${`%@${domain}`} order by email`,
        )
      ).map((made) => made.email);

    it('gives each row the outcome it gets alone, whatever the batch size', async () => {
      // Ten rows: one broken, one repeating an email above; 8 valid for 5 licenses.
      const sheet = (domain: string) => [
        row(`a1@${domain}`),
        row(`a2@${domain}`),
        row(`broken@${domain}`, { city: '' }),
        row(`a4@${domain}`),
        row(`A2@${domain}`),
        ...[6, 7, 8, 9, 10].map((n) => row(`a${n}@${domain}`)),
      ];
      for (const batchRows of [1, 3, 500]) {
        const domain = `size${batchRows}.batches.test`;
        await admin.clear();
        await setFreeLicenses(ACME_TENANT_ID, 5);
        await admin.queue(sheet(domain));
        const rows = await queued();
        const result = await batched(batchRows).process(await caller(), ACME_TENANT_ID);
        expect(result, `batches of ${batchRows}`).toEqual({
          created: 5,
          createdPending: 0,
          errors: {
            [rows[2]!.itemId]: `City: ${messages.required}`,
            [rows[4]!.itemId]: bulkMessages.duplicateInQueue,
          },
          needsLicenses: 3,
        });
        expect(await createdEmails(domain)).toEqual([1, 2, 4, 6, 7].map((n) => `a${n}@${domain}`));
        expect((await pageOf()).items.map((item) => item.rowNumber)).toEqual([3, 5, 8, 9, 10]);
      }
      // Each client's property, reminders and audit entry, as the set-up form writes them.
      const [made] = await t.rows<{ properties: number; subscriptions: number; audited: number }>(sql`
        select (select count(*)::int from properties p where p.client_user_id = c.id and p.enabled
            and not p.pending and p.state = 'IL') as properties,
          (select count(*)::int from reminder_subscriptions s join properties p on p.id = s.property_id
            where p.client_user_id = c.id and s.next_due_at > now()) as subscriptions,
          (select count(*)::int from audit_log a where a.action = 'client.created' and a.record_id = c.id::text
            and a.details->>'source' = 'bulk-upload' and a.details->>'email' = c.email) as audited
        from client_users c where c.email = 'a6@size3.batches.test'`);
      expect(made).toEqual({ properties: 1, subscriptions: 2, audited: 1 });
    });

    it("fails only the row whose save fails, and the rows after it keep the license's order", async () => {
      await whileSavingFails(async () => {
        await setFreeLicenses(ACME_TENANT_ID, 6);
        await admin.queue(
          Array.from({ length: 8 }, (_, i) =>
            row(`f${i + 1}@fail.batches.test`, i === 3 ? { addressLine: '13 Fail Street' } : {}),
          ),
        );
        const rows = await queued();
        const result = await batched(3).process(await caller(), ACME_TENANT_ID);
        // Row 4 opens the second batch; its batch-mates 5 and 6 are still created, and row 8 is
        // the first without a license.
        expect(result).toEqual({
          created: 6,
          createdPending: 0,
          errors: { [rows[3]!.itemId]: bulkMessages.processFailed },
          needsLicenses: 1,
        });
        expect(await createdEmails('fail.batches.test')).toEqual(
          [1, 2, 3, 5, 6, 7].map((n) => `f${n}@fail.batches.test`),
        );
        expect((await pageOf()).items).toMatchObject([
          { itemId: rows[3]!.itemId, status: 'failed', validationError: bulkMessages.processFailed },
          { itemId: rows[7]!.itemId, status: 'queued', validationError: null },
        ]);
      });
    });

    it('fails a row whose email was taken after the queue was validated, by a client or a batch-mate', async () => {
      await admin.queue([1, 2, 3, 4, 5].map((n) => row(`late${n}@late.batches.test`)));
      const rows = await queued();
      let first = true;
      const service = batched(3, async () => {
        if (!first) return;
        first = false;
        // Meanwhile a client takes row 2's email, and row 3 is edited to row 1's (written in the
        // batch's own data scope, as PGlite has one connection for every transaction).
        const db = t.database.db;
        await db.execute(sql`insert into client_users (tenant_id, first_name, last_name, email)
          values (${ACME_TENANT_ID}, 'Lee', 'Late', 'late2@late.batches.test')`);
        await db.execute(sql`update bulk_items set data = jsonb_set(data, '{email}', '"late1@late.batches.test"')
          where item_guid = ${rows[2]!.itemId}`);
      });
      const result = await service.process(await caller(), ACME_TENANT_ID);
      expect(result).toEqual({
        created: 3,
        createdPending: 0,
        errors: {
          [rows[1]!.itemId]: clientMessages.emailTaken,
          [rows[2]!.itemId]: clientMessages.emailTaken,
        },
        needsLicenses: 0,
      });
      expect(await createdEmails('late.batches.test')).toEqual(
        [1, 2, 4, 5].map((n) => `late${n}@late.batches.test`),
      );
      expect((await pageOf()).items.map((item) => [item.itemId, item.status])).toEqual([
        [rows[1]!.itemId, 'failed'],
        [rows[2]!.itemId, 'failed'],
      ]);
    });

    it('creates each row once and takes no more licenses than are free when two runs overlap', async () => {
      await setFreeLicenses(ACME_TENANT_ID, 13);
      await admin.queue(Array.from({ length: 20 }, (_, i) => row(`both.${i}@overlap.batches.test`)));
      const [first, second] = await Promise.all([
        batched(4).process(await caller(), ACME_TENANT_ID),
        batched(4).process(await caller(), ACME_TENANT_ID),
      ]);
      expect({ ...first.errors, ...second.errors }).toEqual({});
      expect(first.created + second.created).toBe(13);
      expect(await createdEmails('overlap.batches.test')).toHaveLength(13);
      expect((await pageOf()).totalItemCount).toBe(7);
      expect(await processed()).toEqual({ created: 0, createdPending: 0, errors: {}, needsLicenses: 7 });
    });
  });

  describe('who may', () => {
    it("refuses another corporation's users and those without the privilege", async () => {
      await admin.queue([row('private@tenancy.test')]);
      const [item] = (await pageOf()).items;
      const birch = as('admin@birch.test');
      expectErrors(await birch.page(), 404, tenantMessages.unknownTenant);
      expectErrors(await birch.queue([row('intruder@tenancy.test')]), 404);
      expectErrors(await birch.update(item!.id, row('intruder@tenancy.test')), 404);
      expectErrors(await birch.remove(item!.id), 404);
      expectErrors(await birch.clear(), 404);
      expectErrors(await birch.preview(), 404);
      expectErrors(await birch.process(), 404);
      expectErrors(await birch.unique({ email: 'private@tenancy.test', tenantId: ACME_TENANT_ID }), 404);
      // Birch's own queue does not hold Acme's row, even by its number.
      expectErrors(await birch.update(item!.id, row('intruder@tenancy.test'), BIRCH_TENANT_ID), 404);
      expectErrors(await birch.remove(item!.id, BIRCH_TENANT_ID), 404);
      expect((await pageOf(BIRCH_TENANT_ID, 'admin@birch.test')).totalItemCount).toBe(0);
      // A header selecting Acme is refused for Birch's admin.
      const header = await t.api({
        path: `/bulk/${ACME_TENANT_ID}/1/10`,
        token: token('admin@birch.test'),
        tenantId: ACME_TENANT_ID,
      });
      expectErrors(header, 403, tenantMessages.foreignTenant);

      expectErrors(await as('realtor@acme.test').page(), 403);
      expectErrors(await as('realtor@acme.test').process(), 403);
      expectErrors(await t.api({ path: `/bulk/${ACME_TENANT_ID}/1/10` }), 401);

      const after = await pageOf();
      expect(after.items.map((entry) => entry.data.email)).toEqual(['private@tenancy.test']);
      expect(await clientsWithEmailLike(t, '%@tenancy.test')).toBe(0);
    });

    it('lets a manager upload, and the system administrator choose the corporation', async () => {
      expect((await as('manager@acme.test').queue([row('by.manager@choice.test')])).statusCode).toBe(200);
      const sysadmin = as('sysadmin@demo.test');
      expect((await sysadmin.queue([row('by.operator@choice.test')], BIRCH_TENANT_ID)).statusCode).toBe(200);
      const birchPage = await pageOf(BIRCH_TENANT_ID, 'sysadmin@demo.test');
      expect(birchPage.items.map((item) => item.data.email)).toEqual(['by.operator@choice.test']);
      expect((await processed(BIRCH_TENANT_ID, 'sysadmin@demo.test')).created).toBe(1);
      const [made] = await t.rows<{ tenantId: string }>(
        sql`select tenant_id as "tenantId" from client_users where email = 'by.operator@choice.test'`,
      );
      expect(made!.tenantId).toBe(BIRCH_TENANT_ID);
      expectErrors(
        await sysadmin.page(1, 10, '5e5e5e5e-0000-4000-8000-00000000dead'),
        404,
        tenantMessages.unknownTenant,
      );
      expect((await pageOf()).items.map((item) => item.data.email)).toEqual(['by.manager@choice.test']);
    });
  });
});
