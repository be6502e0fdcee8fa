/** Contract calls: a client invited, registered and signed in, and the homeowner's own pages. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { maxPutOffs } from '@homeminder/shared/reply-words';
import { labelPhotoUpload, manualUpload } from '@homeminder/shared/contracts/home-system-files';
import { outboxFor } from '../outbox';
import { homeownerPassword } from '../homeowners';
import { multipartFile, testImage, testPdf } from '../images';
import type { AttentionClient } from '../attention';
import { careRecordCalls, homeHealthCalls, homeSaleCalls } from './care-record';
import type { ContractRun } from './runner';
import { textCalls } from './texts';

const otherPassword = 'Garden-Gate77!';

export async function homeownerCalls(run: ContractRun, client: AttentionClient) {
  const { t, call, as, state } = run;
  await call('POST /api/clients/invite/{id}', 202, { as: as.realtor, params: { id: client.id } });
  const link = /\/register\?token=([A-Za-z0-9_%-]+)/.exec(
    (await outboxFor(t, client.email)).at(-1)?.text ?? '',
  );
  const token = decodeURIComponent(link![1]!);
  const offered = await call('POST /api/auth/register/invitation', 200, { body: { token } });
  const subscriptionIds = offered
    .json<{ subscriptions: { id: string }[] }>()
    .subscriptions.map((one) => one.id);
  await call('POST /api/auth/register', 201, {
    body: { token, password: homeownerPassword, confirmPassword: homeownerPassword, subscriptionIds },
  });
  await call('POST /api/clients/invite/{id}', 409, { as: as.realtor, params: { id: client.id } });

  const homeowner = await t.login(client.email, homeownerPassword);
  state.set('homeowner', homeowner);
  const overview = await call('GET /api/homeowner/overview', 200, { as: homeowner });
  const home = overview.json<{ homes: Array<{ id: string; reminders: Array<{ id: string }> }> }>().homes[0]!;
  const reminder = { as: homeowner, params: { id: home.reminders[0]!.id } };
  await textCalls(run, { id: home.id, clientId: client.id });
  await call('PUT /api/homeowner/reminders/{id}', 200, { ...reminder, body: { on: false } });
  await call('PUT /api/homeowner/reminders/{id}', 200, { ...reminder, body: { on: true } });
  await call('POST /api/homeowner/reminders/{id}/answer', 200, { ...reminder, body: { kind: 'done' } });
  // Put off until no more is allowed (or the next date would come sooner).
  let putOff = 200;
  for (let tries = 0; putOff === 200 && tries <= maxPutOffs; tries += 1) {
    const response = await call('POST /api/homeowner/reminders/{id}/answer', [200, 409], {
      ...reminder,
      body: { kind: 'later' },
    });
    putOff = response.statusCode;
  }
  expect(putOff).toBe(409);
  await call('GET /api/homeowner/history', 200, { as: homeowner });
  const profile = { as: homeowner, params: { id: home.id } };
  await call('PUT /api/homeowner/homes/{id}/reminder-timing', 200, { ...profile, body: { leadDays: 7 } });
  await call('PUT /api/homeowner/homes/{id}/reminder-timing', 400, { ...profile, body: { leadDays: 10 } });
  await call('PUT /api/homeowner/homes/{id}/reminder-timing', 200, { ...profile, body: { leadDays: 0 } });
  await call('PUT /api/clients/properties/{id}/reminder-timing', 200, {
    as: as.realtor,
    params: { id: home.id },
    body: { leadDays: 3 },
  });
  await call('PUT /api/clients/properties/{id}/reminder-timing', 400, {
    as: as.realtor,
    params: { id: home.id },
    body: {},
  });
  const cadence = (emailCadence: string) => ({ ...profile, body: { emailCadence } });
  await call('PUT /api/homeowner/homes/{id}/email-cadence', 200, cadence('monthly'));
  await call('PUT /api/homeowner/homes/{id}/email-cadence', 400, cadence('daily'));
  await call('PUT /api/homeowner/homes/{id}/email-cadence', 200, cadence('each'));
  await call('PUT /api/clients/properties/{id}/email-cadence', 200, { ...cadence('each'), as: as.realtor });
  await call('PUT /api/clients/properties/{id}/email-cadence', 400, { ...cadence(''), as: as.realtor });
  await call('GET /api/homeowner/homes/{id}/profile', 200, profile);
  await call('PUT /api/homeowner/homes/{id}/profile', 200, {
    ...profile,
    body: { sewer: 'septic', yearBuilt: 1998 },
  });
  await call('PUT /api/homeowner/homes/{id}/profile', 400, { ...profile, body: { yearBuilt: 1500 } });
  const staffProfile = { as: as.realtor, params: { id: home.id } };
  await call('GET /api/clients/properties/{id}/profile', 200, staffProfile);
  await call('PUT /api/clients/properties/{id}/profile', 200, { ...staffProfile, body: { pool: false } });
  await call('PUT /api/clients/properties/{id}/profile', 400, { ...staffProfile, body: { pool: 'no' } });
  await call('GET /api/clients/properties/{id}/profile', 404, { as: as.realtor2, params: { id: home.id } });
  await call('GET /api/homeowner/homes/{id}/systems', 200, profile);
  const system = await call('POST /api/homeowner/homes/{id}/systems', 201, {
    ...profile,
    body: { kind: 'heating', type: 'gasFurnace', filterSize: '16x25x1' },
  });
  await call('POST /api/homeowner/homes/{id}/systems', 400, { ...profile, body: { kind: 'spaceship' } });
  const ownSystem = { as: homeowner, params: { id: home.id, systemId: system.json<{ id: string }>().id } };
  await call('PUT /api/homeowner/homes/{id}/systems/{systemId}', 200, {
    ...ownSystem,
    body: { kind: 'heating', installedYear: 2009 },
  });
  await call('PUT /api/homeowner/homes/{id}/systems/{systemId}', 400, {
    ...ownSystem,
    body: { kind: 'heating', installedMonth: 3 },
  });
  const staffSystem = { ...ownSystem, as: as.realtor };
  await call('GET /api/clients/properties/{id}/systems', 200, staffProfile);
  await call('GET /api/clients/properties/{id}/systems', 404, { as: as.realtor2, params: { id: home.id } });
  await call('PUT /api/clients/properties/{id}/systems/{systemId}', 200, {
    ...staffSystem,
    body: { kind: 'heating', type: 'heatPump' },
  });
  await call('PUT /api/clients/properties/{id}/systems/{systemId}', 400, {
    ...staffSystem,
    body: { kind: 'heating', type: 'tankless' },
  });
  const staffAdded = await call('POST /api/clients/properties/{id}/systems', 201, {
    ...staffProfile,
    body: { kind: 'roof' },
  });
  await call('POST /api/clients/properties/{id}/systems', 400, { ...staffProfile, body: {} });
  await call('DELETE /api/clients/properties/{id}/systems/{systemId}', 200, {
    ...staffSystem,
    params: { id: home.id, systemId: staffAdded.json<{ id: string }>().id },
  });
  await call('DELETE /api/clients/properties/{id}/systems/{systemId}', 404, {
    ...staffSystem,
    as: as.realtor2,
  });
  const ownPlan = await call('GET /api/homeowner/homes/{id}/plan', 200, profile);
  const planned = ownPlan.json<{ add: { reminderId: string }[] }>();
  await call('POST /api/homeowner/homes/{id}/plan', 200, {
    ...profile,
    body: { add: planned.add.map((task) => task.reminderId), stop: [] },
  });
  await call('POST /api/homeowner/homes/{id}/plan', 400, {
    ...profile,
    body: { add: ['not-an-id'], stop: [] },
  });
  // A task the plan does not propose.
  await call('POST /api/homeowner/homes/{id}/plan', 409, {
    ...profile,
    body: { add: [ownPlan.json<{ fits: { reminderId: string }[] }>().fits[0]!.reminderId], stop: [] },
  });
  await call('GET /api/clients/properties/{id}/plan', 200, staffProfile);
  await call('GET /api/clients/properties/{id}/plan', 404, { as: as.realtor2, params: { id: home.id } });
  const staffPlan = (await call('GET /api/clients/properties/{id}/plan', 200, staffProfile)).json<{
    fits: { reminderId: string }[];
  }>();
  await call('POST /api/clients/properties/{id}/plan', 409, {
    ...staffProfile,
    body: { add: [staffPlan.fits[0]!.reminderId], stop: [] },
  });
  await call('POST /api/clients/properties/{id}/plan', 200, { ...staffProfile, body: { add: [], stop: [] } });
  await call('POST /api/clients/properties/{id}/plan', 400, { ...staffProfile, body: { add: 'all' } });
  await systemFileCalls(run, ownSystem, staffSystem);
  await careRecordCalls(run, profile, staffProfile);
  await homeSaleCalls(run, profile, staffProfile);
  await homeHealthCalls(run, profile, staffProfile);
  await call('DELETE /api/homeowner/homes/{id}/systems/{systemId}', 200, ownSystem);
  await call('DELETE /api/homeowner/homes/{id}/systems/{systemId}', 404, ownSystem);
  await call('POST /api/homeowner/unsubscribe', 200, { as: homeowner });
  await call('POST /api/homeowner/unsubscribe', 409, { as: homeowner });
  await call('POST /api/homeowner/resubscribe', 200, { as: homeowner });
  await call('POST /api/homeowner/resubscribe', 409, { as: homeowner });
  // The relay reported the address as bounced: the homeowner says it is right, once.
  await t.rows(sql`insert into email_suppressions (tenant_id, address, reason, provider)
    select tenant_id, lower(email), 'bounce', 'postmark' from client_users where id = ${client.id}`);
  await call('POST /api/homeowner/email/confirm', 200, { as: homeowner });
  await call('POST /api/homeowner/email/confirm', 409, { as: homeowner });
  const feed = await call('POST /api/homeowner/calendar', 200, { as: homeowner });
  const feedToken = new URL(feed.json<{ url: string }>().url).searchParams.get('token')!;
  const calendar = await call('GET /api/calendar/feed.ics', 200, { query: { token: feedToken } });
  await call('GET /api/calendar/feed.ics', 304, {
    query: { token: feedToken },
    headers: { 'if-none-match': String(calendar.headers.etag) },
  });
  await call('GET /api/homeowner/realtor/photo', 200, { as: homeowner });
  await call('GET /api/homeowner/brand/logo', 200, { as: homeowner, query: { responseType: 'json' } });
  await call('POST /api/homeowner/password', 200, {
    as: homeowner,
    body: { currentPassword: homeownerPassword, password: otherPassword, confirmPassword: otherPassword },
  });
  // Paused now; resumed when no license is free, then when one is (corporations.ts).
  await call('PUT /api/homeowner/homes/{id}', 200, {
    as: homeowner,
    params: { id: home.id },
    body: { paused: true },
  });
  state.set('homeownerHome', home.id);
}

type SystemCall = { as: string; params: { id: string; systemId: string } };

/** A system's label photo and manual, sent, read and removed by its homeowner and by staff. */
async function systemFileCalls({ call, as }: ContractRun, own: SystemCall, staff: SystemCall) {
  const photo = multipartFile(await testImage('jpeg'), {
    fieldName: labelPhotoUpload.fieldName,
    fileName: 'label.jpg',
    contentType: 'image/jpeg',
  });
  const manual = (data: Buffer) =>
    multipartFile(data, {
      fieldName: manualUpload.fieldName,
      fileName: 'manual.pdf',
      contentType: 'application/pdf',
    });
  const notPhoto = multipartFile(Buffer.from('not a photo'), { fieldName: labelPhotoUpload.fieldName });
  const outsider = { ...staff, as: as.realtor2 };
  for (const [base, caller] of [
    ['/api/homeowner/homes/{id}/systems/{systemId}', own],
    ['/api/clients/properties/{id}/systems/{systemId}', staff],
  ] as const) {
    await call(`GET ${base}/label`, 404, caller);
    await call(`PUT ${base}/label`, 200, { ...caller, upload: photo });
    await call(`PUT ${base}/label`, 400, { ...caller, upload: notPhoto });
    await call(`GET ${base}/label`, 200, caller);
    await call(`PUT ${base}/manual`, 200, { ...caller, upload: manual(testPdf()) });
    await call(`PUT ${base}/manual`, 415, { ...caller, upload: manual(Buffer.from('<html></html>')) });
    await call(`GET ${base}/manual`, 200, caller);
    await call(`DELETE ${base}/label`, 200, caller);
    await call(`DELETE ${base}/label`, 404, caller);
    await call(`DELETE ${base}/manual`, 200, caller);
    await call(`DELETE ${base}/manual`, 404, caller);
  }
  const staffBase = '/api/clients/properties/{id}/systems/{systemId}';
  await call(`GET ${staffBase}/manual`, 404, outsider);
}
