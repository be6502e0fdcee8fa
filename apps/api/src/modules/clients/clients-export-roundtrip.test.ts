/**
 * The clients export writes the bulk upload's columns: a file exported from one corporation and
 * uploaded into another creates the same clients, with the same properties and reminders.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { guessMapping } from '@homeminder/shared/bulk-columns';
import {
  bulkFields,
  bulkMessages,
  type BulkPage,
  type BulkProcessResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import type { CorporationDetails } from '@homeminder/shared/contracts/admin';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { queueBulkFile, queueBulkRows } from '../../test/bulk-rows';
import { setUpClient } from '../../test/clients';
import { readCsv } from '../../test/csv';
import { describeEachDriver } from '../../test/test-app';
import { tenantUserId } from '../../test/users';

interface MadeClient {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  line: string;
  city: string;
  state: string;
  zip: string;
  reminders: string[];
}

describeEachDriver('clients export round trip', (t) => {
  it('exports clients that upload again into a fresh corporation as the same clients', async () => {
    const acme = await t.login('admin@acme.test');
    const sysadmin = await t.login('sysadmin@demo.test');
    const reminders = await t.rows<{ id: string }>(
      sql`select id from reminders where active order by name limit 3`,
    );
    const realtorId = await tenantUserId(t, 'realtor@acme.test');
    const setups = [
      { email: 'trip.one@roundtrip.test', realtorID: realtorId, reminders: [0, 1], pending: false },
      { email: 'trip.two@roundtrip.test', realtorID: undefined, reminders: [2], pending: false },
      { email: 'trip.three@roundtrip.test', realtorID: undefined, reminders: [0, 2], pending: false },
    ];
    for (const [index, setup] of setups.entries()) {
      await setUpClient(t, acme, {
        realtorID: setup.realtorID,
        clientUser: {
          firstName: 'Rhoda',
          lastName: ['Tripp', 'Smith-Jones', "O'Neil"][index]!,
          email: setup.email,
          phone: index === 1 ? '' : `(555) 300-100${index}`,
        },
        // A comma and quotes, which the export must quote.
        property: { line: `${index + 1} "Round" Way, Apt 2` },
        subscriptions: setup.reminders.map((at, n) => ({
          reminderID: reminders[at]!.id,
          maintenanceFrequencyID: [1, 3, 5][n]!,
        })),
      });
    }
    const exported = await t.api({
      method: 'POST',
      path: '/clients/export',
      token: acme,
      body: { search: 'roundtrip.test', status: 'all' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const [headers, ...lines] = readCsv(exported.body.replace(/^\uFEFF/, ''));
    expect(lines).toHaveLength(3);
    const mapping = guessMapping(headers!);
    // The import recognises every client column of the export.
    for (const field of bulkFields) expect(mapping[field], field).not.toBeNull();
    const rows: BulkRowData[] = lines.map((cells) =>
      Object.fromEntries(bulkFields.map((field) => [field, cells[mapping[field]!] ?? ''])),
    );
    expect(rows.find((one) => one.email === 'trip.one@roundtrip.test')!.realtorEmail).toBe(
      'realtor@acme.test',
    );

    // A fresh corporation, licensed for them.
    const created = await t.api({
      method: 'POST',
      path: '/admin/corporation',
      token: sysadmin,
      body: {
        name: 'Roundtrip Realty',
        site: {
          siteName: 'Roundtrip Home Care',
          siteUrl: 'https://roundtrip.example',
          contactEmail: 'office@roundtrip.test',
          contactPhone: '(555) 123-4567',
          timeZone: 'America/Chicago',
        },
        address: { line: '1 Loop Road', city: 'Austin', state: 'TX', zip: '78701' },
        billing: {
          billingName: 'Rhoda Round',
          number: '4111 1111 1111 1236',
          cvv: '987',
          expiry: `12${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`,
        },
        license: { licensedProperties: 10, licenseStartsOn: '2026-01-01', licenseEndsOn: '2099-12-31' },
        administrator: {
          email: 'admin@roundtrip.test',
          firstName: 'Rhoda',
          lastName: 'Round',
          password: 'Round-Trip9!',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tenant = created.json<CorporationDetails>().id;
    const admin = await t.login('admin@roundtrip.test', 'Round-Trip9!');
    const queued = await queueBulkFile(
      t,
      admin,
      tenant,
      { fileName: 'clients.csv', uploadId: randomUUID() },
      rows,
    );
    expect(queued.statusCode, queued.body).toBe(200);
    // The realtor belongs to the first corporation: the row names them by email, and here they are unknown.
    const page = (await t.api({ path: `/bulk/${tenant}/1/100`, token: admin })).json<BulkPage>();
    expect(page.items.map((item) => [item.data.email, item.validationError])).toEqual(
      rows.map((one) => [
        one.email,
        one.realtorEmail ? `Realtor: ${bulkMessages.realtorUnknown(one.realtorEmail)}` : null,
      ]),
    );
    const result = await t.api({ method: 'POST', path: `/bulk/process/${tenant}`, token: admin });
    expect(result.json<BulkProcessResult>()).toMatchObject({ created: 2, needsLicenses: 0 });

    // The same file validated against the first corporation: its realtor is known there.
    const back = await queueBulkRows(t, acme, ACME_TENANT_ID, rows);
    expect(back.statusCode, back.body).toBe(200);
    const acmePage = (await t.api({ path: `/bulk/${ACME_TENANT_ID}/1/1000`, token: acme })).json<BulkPage>();
    expect(
      acmePage.items
        .filter((item) => item.data.email?.endsWith('@roundtrip.test'))
        .map((item) => item.validationError),
    ).toEqual(rows.map(() => bulkMessages.emailOfClient));
    await t.api({ method: 'DELETE', path: `/bulk/${ACME_TENANT_ID}/all`, token: acme });

    const made = async (tenantId: string) =>
      t.rows<MadeClient>(sql`
        select c.email, c.first_name as "firstName", c.last_name as "lastName", c.phone,
          p.address_line as "line", p.city, p.state, p.zip,
          coalesce((select array_agg(r.name || ': ' || f.name order by r.name)
             from reminder_subscriptions s join reminders r on r.id = s.reminder_id
             join maintenance_frequencies f on f.id = s.maintenance_frequency_id
            where s.tenant_id = p.tenant_id and s.property_id = p.id), '{}') as reminders
        from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
        where c.tenant_id = ${tenantId} and c.email like '%@roundtrip.test' and c.realtor_id is null
        order by c.email`);
    const source = await made(ACME_TENANT_ID);
    expect(source).toHaveLength(2);
    expect(await made(tenant)).toEqual(source);
    expect(source.map((client) => client.reminders.length)).toEqual([2, 1]);
  });
});
