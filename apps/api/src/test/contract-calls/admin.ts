/** Contract calls: corporations and their settings, notifications, templates, logs, bulk upload. */
import { sql } from 'drizzle-orm';
import { bulkColumns } from '@homeminder/shared/bulk-columns';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { mailLinks } from '../../lib/mail/links';
import { serverSecret, signer } from '../../lib/signing';
import { multipartFile, testImage } from '../images';
import { bulkRows, queueBulkRows } from '../bulk-rows';
import { kept, type ContractRun } from './runner';

const dayMs = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An expiry (MMYY) a year ahead of the real clock. */
function expiryNextYear(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
}

export async function corporationCalls(run: ContractRun) {
  const { t, call, as } = run;
  const now = t.clock.nowMs();
  const license = {
    licensedProperties: 50,
    licenseStartsOn: day(now - 30 * dayMs),
    licenseEndsOn: day(now + 365 * dayMs),
  };
  const site = { siteName: 'Cedar Home Care', timeZone: 'America/Chicago' };
  const address = { line: '12 Cedar Lane', city: 'Austin', state: 'TX', zip: '78701' };
  const billing = {
    billingName: 'Carla Cedar',
    number: '4111 1111 1111 1236',
    cvv: '987',
    expiry: expiryNextYear(),
  };
  const administrator = {
    email: 'carla@cedar.test',
    firstName: 'Carla',
    lastName: 'Cedar',
    password: 'Cedar-Start9!',
  };
  const body = { name: 'Cedar Homes', site, address, billing, license, administrator };
  const created = await call('POST /api/admin/corporation', 201, { as: as.sysadmin, body });
  const cedar = created.json<{ id: string }>().id;
  await call('POST /api/admin/corporation', 409, { as: as.sysadmin, body: { ...body, name: 'Fir Homes' } });
  await call('POST /api/admin/corporation/query', 200, { as: as.sysadmin, body: { search: 'Cedar' } });
  await call('GET /api/admin/corporation/{id}', 200, { as: as.acmeAdmin, params: { id: ACME_TENANT_ID } });
  await call('POST /api/admin/corporation/disable/{id}', 200, { as: as.sysadmin, params: { id: cedar } });
  await call('POST /api/admin/corporation/enable/{id}', 200, { as: as.sysadmin, params: { id: cedar } });
  const settings = { as: as.acmeAdmin, params: { id: ACME_TENANT_ID } };
  await call('POST /api/corporation/settings/tenantSite/{id}', 200, {
    ...settings,
    body: { siteName: 'Acme Home Care', timeZone: 'America/New_York' },
  });
  await call('PUT /api/corporation/settings/billing/{id}', 200, { ...settings, body: billing });
  await call('PUT /api/corporation/settings/address/{id}', 200, {
    ...settings,
    body: { line: '100 Main Street', city: 'Springfield', state: 'IL', zip: '62701' },
  });
  const defaults = await call('GET /api/corporation/settings/defaultReminders/{id}', 200, settings);
  const items = defaults
    .json<{ items: Array<{ reminderId: string; maintenanceFrequencyId: number }> }>()
    .items.map(({ reminderId, maintenanceFrequencyId }) => ({ reminderId, maintenanceFrequencyId }));
  await call('PUT /api/corporation/settings/defaultReminders/{id}', 200, { ...settings, body: { items } });
  await call('GET /api/corporation/settings/reminderTiming/{id}', 200, settings);
  await call('PUT /api/corporation/settings/reminderTiming/{id}', 400, {
    ...settings,
    body: { leadDays: 2 },
  });
  await call('PUT /api/corporation/settings/reminderTiming/{id}', 200, {
    ...settings,
    body: { leadDays: 0 },
  });
  await call('PUT /api/corporation/settings/reminderTiming/{id}', 200, {
    ...settings,
    body: { emailCadence: 'each' },
  });
  await call('GET /api/corporation/settings/sendingDomain/{id}', 200, settings);
  await call('PUT /api/corporation/settings/sendingDomain/{id}', 400, { ...settings, body: { domain: 'x' } });
  await call('PUT /api/corporation/settings/sendingDomain/{id}', 200, {
    ...settings,
    body: { domain: 'mail.contract.test' },
  });
  await call('POST /api/corporation/settings/sendingDomain/{id}/check', 200, settings);
  await call('DELETE /api/corporation/settings/sendingDomain/{id}', 200, settings);
  await call('PUT /api/corporation/settings/{id}/branding', 200, {
    ...settings,
    upload: multipartFile(await testImage('png')),
  });
  await call('GET /api/corporation/settings/{id}/branding', 200, {
    ...settings,
    query: { responseType: 'json' },
  });
  await call('GET /api/admin/Licensing/{tenantID}', 200, {
    as: as.manager,
    params: { tenantID: ACME_TENANT_ID },
  });

  // The image of an email, by its signed link.
  const link = await mailLinks(signer(serverSecret(t.database.db)), 'http://portal.test/ui/').brandingImage(
    ACME_TENANT_ID,
  );
  const [, kind, tenantId, id] = /mail\/image\/(\w+)\/([\w-]+)\/([\w-]+)/.exec(link)!;
  await call('GET /api/mail/image/{kind}/{tenantId}/{id}', 200, {
    params: { kind: kind!, tenantId: tenantId!, id: id! },
    query: { sig: new URL(link).searchParams.get('sig')! },
  });
}

/**
 * The license at its edges: never below the properties in use; with no license free a property is
 * not enabled nor a paused home resumed; once the license has ended no bulk upload is processed.
 */
export async function licenseCalls(run: ContractRun) {
  const { call, as } = run;
  const summary = await call('GET /api/admin/Licensing/{tenantID}', 200, {
    as: as.acmeAdmin,
    params: { tenantID: ACME_TENANT_ID },
  });
  const { used } = summary.json<{ used: number }>();
  const corporation = await call('GET /api/admin/corporation/{id}', 200, {
    as: as.sysadmin,
    params: { id: ACME_TENANT_ID },
  });
  const details = corporation.json<{ licenseStartsOn: string | null; licenseEndsOn: string | null }>();
  const now = run.t.clock.nowMs();
  const license = {
    licensedProperties: used,
    licenseStartsOn: details.licenseStartsOn ?? day(now - 30 * dayMs),
    licenseEndsOn: details.licenseEndsOn ?? day(now + 365 * dayMs),
  };
  const setLicense = (status: number, change: Partial<typeof license>) =>
    call('POST /api/corporation/settings/tenantLicense/{id}', status, {
      as: as.sysadmin,
      params: { id: ACME_TENANT_ID },
      body: { ...license, ...change },
    });
  await setLicense(409, { licensedProperties: used - 1 });
  const toggle = { propertyId: kept(run, 'setup-one-property'), tenantId: ACME_TENANT_ID };
  await call('POST /api/clients/disable', 200, { as: as.realtor, body: toggle });
  await setLicense(200, { licensedProperties: used - 1 });
  for (const op of ['POST /api/clients/enable', 'POST /api/admin/clientUsers/enable'] as const) {
    await call(op, 409, { as: op.includes('admin') ? as.acmeAdmin : as.realtor, body: toggle });
  }
  const home = { as: kept(run, 'homeowner'), params: { id: kept(run, 'homeownerHome') } };
  await call('PUT /api/homeowner/homes/{id}', 409, { ...home, body: { paused: false } });
  await setLicense(200, { licensedProperties: used + 10 });
  await call('PUT /api/homeowner/homes/{id}', 200, { ...home, body: { paused: false } });

  // Two UTC days back: one day back is still today in a corporation west of UTC after midnight UTC.
  await setLicense(200, {
    licensedProperties: used + 10,
    licenseEndsOn: day(now - 2 * dayMs),
    licenseStartsOn: day(now - 30 * dayMs),
  });
  await call('POST /api/bulk/process/{tenant}', 409, {
    as: as.acmeAdmin,
    params: { tenant: ACME_TENANT_ID },
  });
  await setLicense(200, {});
}

export async function notificationAndTemplateCalls(run: ContractRun) {
  const { call, as } = run;
  const message = {
    title: 'Maintenance',
    body: 'Tonight',
    severity: 'info',
    startsAt: new Date(run.t.clock.nowMs() - 60_000).toISOString(),
  };
  const created = await call('POST /api/notification', 201, { as: as.sysadmin, body: message });
  const messageId = created.json<{ id: string }>().id;
  await call('GET /api/notification/{pageSize}/{page}/all', 200, {
    as: as.sysadmin,
    params: { pageSize: 10, page: 1 },
  });
  await call('GET /api/notification/{messageId}', 200, { as: as.sysadmin, params: { messageId } });
  await call('PUT /api/notification/{messageId}', 200, {
    as: as.sysadmin,
    params: { messageId },
    body: { ...message, endsAt: null },
  });
  await call('GET /api/notification/active', 200, { as: as.realtor });
  await call('POST /api/notification/{messageId}/dismiss', 204, { as: as.realtor, params: { messageId } });
  await call('POST /api/notification/{messageId}/retire', 200, { as: as.sysadmin, params: { messageId } });

  const template = { templateId: 'welcome-letter', name: 'Welcome letter' };
  await call('GET /api/admin/template', 200, { as: as.sysadmin });
  await call('POST /api/admin/template', 201, { as: as.sysadmin, body: template });
  await call('POST /api/admin/template', 409, { as: as.sysadmin, body: template });
  await call('POST /api/admin/template/exists', 200, { as: as.sysadmin, body: { name: 'Welcome letter' } });
  await call('POST /api/admin/template/exists_{id}', 200, {
    as: as.sysadmin,
    params: { id: 'welcome-letter' },
  });
  const file = multipartFile(Buffer.from('Dear homeowner,\nwelcome.\n'), {
    fieldName: 'file',
    fileName: 'welcome.txt',
    contentType: 'text/plain',
  });
  const templateFile = { as: as.sysadmin, params: { templateId: 'welcome-letter' } };
  await call('POST /api/admin/template/file/{templateId}', 200, { ...templateFile, upload: file });
  await call('GET /api/admin/template/file/{templateId}', 200, templateFile);

  await call('POST /api/admin/audit/query', 200, { as: as.acmeAdmin, body: { pageSize: 'all' } });
  await call('GET /api/admin/audit/people', 200, { as: as.acmeAdmin });
  const mail = await call('POST /api/admin/mail/query', 200, { as: as.acmeAdmin, body: { page: 1 } });
  const email = mail.json<{ items: Array<{ id: string; tenantId: string }> }>().items[0]!;
  await call('GET /api/admin/mail/{tenantId}/{id}', 200, { as: as.acmeAdmin, params: email });

  const task = {
    name: 'Check the sump pump',
    description: 'Pour water in',
    category: 'Plumbing',
    season: null,
  };
  const frequency = { defaultFrequencyId: Number(kept(run, 'frequencyId')) };
  await call('GET /api/corporation/reminder-tasks', 200, { as: as.acmeAdmin });
  const made = await call('POST /api/corporation/reminder-tasks', 201, {
    as: as.acmeAdmin,
    body: { ...task, ...frequency },
  });
  await call('POST /api/corporation/reminder-tasks', 409, {
    as: as.acmeAdmin,
    body: { ...task, ...frequency },
  });
  const other = { ...task, ...frequency, name: 'Oil the garage door' };
  const second = await call('POST /api/corporation/reminder-tasks', 201, { as: as.acmeAdmin, body: other });
  const id = made.json<{ id: string }>().id;
  await call('PUT /api/corporation/reminder-tasks/{id}', 200, {
    as: as.acmeAdmin,
    params: { id },
    body: { ...task, ...frequency, description: 'Pour a bucket in' },
  });
  await call('PUT /api/corporation/reminder-tasks/{id}', 409, {
    as: as.acmeAdmin,
    params: { id },
    body: other,
  });
  await call('DELETE /api/corporation/reminder-tasks/{id}', 200, {
    as: as.acmeAdmin,
    params: { id: second.json<{ id: string }>().id },
  });
}

export async function bulkCalls(run: ContractRun) {
  const { t, call, as } = run;
  const tenant = { as: as.acmeAdmin, params: { tenant: ACME_TENANT_ID } };
  await call('POST /api/bulk/is-email-unique', 200, { as: as.acmeAdmin, body: { email: 'new@bulk.test' } });
  const rows = bulkRows('bulk.test', 3);
  rows[2]!.data.email = 'not an email';
  await call('POST /api/bulk/{tenant}', 200, { ...tenant, body: { items: rows } });
  const page = await call('GET /api/bulk/{tenantID}/{page}/{pageSize}', 200, {
    as: as.acmeAdmin,
    params: { tenantID: ACME_TENANT_ID, page: 1, pageSize: 10 },
    query: { filter: 'all' },
  });
  const [first, second] = page.json<{ items: Array<{ id: number; data: object }> }>().items;
  await call('GET /api/bulk/{tenant}/preview', 200, tenant);
  await call('GET /api/bulk/{tenant}/realtors', 200, tenant);
  const headers = ['First', 'Last', 'Email'];
  await call('POST /api/bulk/{tenant}/mapping/find', 200, { ...tenant, body: { headers } });
  // Every column named, as the mapping form sends it: the three of the headers, the rest unmapped.
  const mapping = {
    ...Object.fromEntries(bulkColumns.map((column) => [column, null])),
    firstName: 0,
    lastName: 1,
    email: 2,
  };
  await call('PUT /api/bulk/{tenant}/mapping', 204, { ...tenant, body: { headers, mapping } });
  const row = { ...tenant, params: { tenant: ACME_TENANT_ID, id: first!.id } };
  await call('PUT /api/bulk/{tenant}/{id}', 204, { ...row, body: { data: first!.data } });
  await call('DELETE /api/bulk/{tenant}/{id}', 204, {
    ...tenant,
    params: { tenant: ACME_TENANT_ID, id: second!.id },
  });
  await call('DELETE /api/bulk/{tenant}/problems', 200, tenant);
  await call('POST /api/bulk/process/{tenant}', 200, tenant);
  // A full queue refuses more rows.
  await queueBulkRows(t, as.acmeAdmin, ACME_TENANT_ID, bulkRows('full.test', 1));
  await t.rows(sql`insert into bulk_items (tenant_id, item_guid, data)
    select ${ACME_TENANT_ID}, gen_random_uuid(), '{}'::jsonb from generate_series(1, 20000)`);
  await call('POST /api/bulk/{tenant}', 409, { ...tenant, body: { items: bulkRows('over.test', 1) } });
  await call('DELETE /api/bulk/{tenant}/all', 200, tenant);
}
