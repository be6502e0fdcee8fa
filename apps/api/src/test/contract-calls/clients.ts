/** Contract calls: clients and their admin variants, Home, reminders and the replies to emails. */
import { sql } from 'drizzle-orm';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { mintReplyToken } from '../../lib/reply-token';
import { mintUnsubscribeToken, serverSecret, signer } from '../../lib/signing';
import { askedHelp, attentionClientsOf, type AttentionClient } from '../attention';
import { kept, type ContractRun } from './runner';

const dayMs = 86_400_000;

/** The realtor's clients with a subscription each, by email; the calls take different ones. */
export async function fixtureClients(run: ContractRun): Promise<AttentionClient[]> {
  const clients = await attentionClientsOf(run.t, ACME_TENANT_ID, 'realtor@acme.test');
  if (clients.length < 6) throw new Error('the demo data has too few clients for the contract calls');
  return clients;
}

/** The client area's reads and writes, under /clients and /admin/clientUsers. */
export async function clientCalls(run: ContractRun, clients: AttentionClient[]) {
  const { call, as, state } = run;
  const [first] = clients as [AttentionClient];
  for (const [prefix, token] of [
    ['/api/clients', as.realtor],
    ['/api/admin/clientUsers', as.acmeAdmin],
  ] as const) {
    await call(`POST ${prefix}`, 200, { as: token });
    await call(`POST ${prefix}/grid`, 200, { as: token, body: { pageSize: 'all', status: 'all' } });
    await call(`POST ${prefix}/nextTenant`, 200, { as: token, body: { currentId: first.id } });
    await call(`POST ${prefix}/reminders`, 200, { as: token, body: { search: 'filter' } });
  }
  await call('GET /api/clients/client/{id}', 200, { as: as.realtor, params: { id: first.id } });
  await call('GET /api/admin/clientUsers/{id}', 200, { as: as.acmeAdmin, params: { id: first.id } });
  await call('GET /api/clients/client/{id}/activity', 200, { as: as.realtor, params: { id: first.id } });
  await call('GET /api/clients/property/{id}', 200, { as: as.realtor, params: { id: first.property } });
  await call('GET /api/clients/realtors', 200, { as: as.manager });
  const frequencies = await call('GET /api/clients/frequencies', 200, { as: as.realtor });
  const catalogue = await call('POST /api/clients/reminders', 200, { as: as.realtor });
  const reminder = catalogue.json<{ items: Array<{ id: string; defaultFrequencyId: number }> }>().items[0]!;
  state.set('frequencyId', String(frequencies.json<Array<{ id: number }>>()[0]!.id));
  await call('POST /api/clients/export', 200, { as: as.manager, body: { search: 'a' } });
  // A selection: exported, and acted on where nothing is changed (an id of no row is skipped).
  await call('POST /api/clients/bulk/export', 200, {
    as: as.realtor,
    body: { selection: { ids: [first.property] } },
  });
  await call('POST /api/clients/bulk', 200, {
    as: as.manager,
    body: { action: 'delete', selection: { ids: ['5e5e5e5e-0000-4000-8000-00000000dead'] } },
  });
  await call('GET /api/clients/properties/count', 200, { as: as.realtor });
  await call('GET /api/clients/properties/pendingCount', 200, { as: as.realtor });
  await call('GET /api/admin/clientUsers/properties/count/{id}', 200, {
    as: as.sysadmin,
    params: { id: ACME_TENANT_ID },
  });
  await call('GET /api/admin/clientUsers/properties/pendingCount/{id}', 200, {
    as: as.acmeAdmin,
    params: { id: ACME_TENANT_ID },
  });
  await call('POST /api/reminder/subscriptions/{pageSize}/{page}', 200, {
    as: as.realtor,
    params: { pageSize: 10, page: 1 },
    body: { daysFilter: 90 },
  });
  await call('GET /api/home/summary', 200, { as: as.realtor });
  await call('GET /api/home/attention', 200, { as: as.manager });
  await call('GET /api/home/reminder-activity', 200, { as: as.acmeAdmin });

  // A client set up, changed and removed in each area.
  const subscriptions = [{ reminderID: reminder.id, maintenanceFrequencyID: reminder.defaultFrequencyId }];
  const property = { line: '7 Contract Road', city: 'Springfield', state: 'IL', zip: '62701' };
  const setups = [
    ['PUT /api/clients/setup', as.realtor, 'setup-one'],
    ['POST /api/admin/clientUsers/setup', as.acmeAdmin, 'setup-two'],
  ] as const;
  for (const [op, token, name] of setups) {
    const clientUser = { firstName: 'Casey', lastName: name, email: `${name}@clients.test` };
    // The new home's kind, water supply and heating (docs/decisions/092).
    const home = {
      profile: { homeKind: 'condo', waterSupply: 'well' },
      systems: [{ kind: 'heating', type: 'boiler' }],
    };
    const made = await call(op, 201, { as: token, body: { clientUser, property, subscriptions, home } });
    const detail = made.json<{
      id: string;
      properties: Array<{ id: string; subscriptions: Array<{ id: string }> }>;
    }>();
    state.set(`${name}-client`, detail.id);
    state.set(`${name}-property`, detail.properties[0]!.id);
    state.set(`${name}-subscription`, detail.properties[0]!.subscriptions[0]!.id);
    // Another client's email.
    await call(op, 409, { as: token, body: { clientUser: { ...clientUser, email: first.email }, property } });
  }
  for (const [prefix, name, token] of [
    ['/api/clients', 'setup-one', as.realtor],
    ['/api/admin/clientUsers', 'setup-two', as.acmeAdmin],
  ] as const) {
    await call(`DELETE ${prefix}/reminderSubscription/{id}`, 204, {
      as: token,
      params: { id: kept(run, `${name}-subscription`) },
    });
    const toggle = { propertyId: kept(run, `${name}-property`), tenantId: ACME_TENANT_ID };
    await call(`POST ${prefix}/disable`, 200, { as: token, body: toggle });
    await call(`POST ${prefix}/enable`, 200, { as: token, body: toggle });
  }
  // The client-user form: names and reminders (none now) of a client; each method in each area.
  const form = (name: string) => ({
    tenantUserID: kept(run, `${name}-client`),
    firstName: 'Casey',
    lastName: 'Changed',
  });
  await call('POST /api/clients/setup', 200, { as: as.realtor, body: form('setup-one') });
  await call('PUT /api/clients/setup', 200, { as: as.realtor, body: form('setup-one') });
  await call('POST /api/admin/clientUsers/setup', 200, { as: as.acmeAdmin, body: form('setup-two') });
  const third = { firstName: 'Casey', lastName: 'Three', email: 'setup-three@clients.test' };
  await call('POST /api/clients/setup', 201, { as: as.realtor, body: { clientUser: third, property } });
  await call('POST /api/clients/setup', 409, { as: as.realtor, body: { clientUser: third, property } });
}

/** The public links of emails: unsubscribing, and replying to a reminder; staff restart reminders. */
export async function emailLinkCalls(run: ContractRun, clients: AttentionClient[]) {
  const { t, call, as } = run;
  const signing = signer(serverSecret(t.database.db));
  const [, unsubscribing, replying, helped] = clients as [
    never,
    AttentionClient,
    AttentionClient,
    AttentionClient,
  ];
  const expiresAt = new Date(t.clock.nowMs() + 30 * dayMs);
  const token = await mintUnsubscribeToken(signing, {
    tenantId: ACME_TENANT_ID,
    clientUserId: unsubscribing.id,
    expiresAt,
  });
  await call('POST /api/auth/unsubscribe/preview', 200, { body: { token } });
  await call('POST /api/auth/unsubscribe', 200, { body: { token } });
  await call('POST /api/clients/resubscribe/{id}', 200, { as: as.realtor, params: { id: unsubscribing.id } });
  await call('POST /api/clients/resubscribe/{id}', 409, { as: as.realtor, params: { id: unsubscribing.id } });
  await call('GET /api/mail/unsubscribe', 303, { query: { token } });
  await call('POST /api/mail/unsubscribe', 200, {
    query: { token },
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await call('POST /api/admin/clientUsers/resubscribe/{id}', 200, {
    as: as.acmeAdmin,
    params: { id: unsubscribing.id },
  });
  await call('POST /api/admin/clientUsers/resubscribe/{id}', 409, {
    as: as.acmeAdmin,
    params: { id: unsubscribing.id },
  });

  const [due] = await t.rows<{ next_due_at: string | Date }>(
    sql`select next_due_at from reminder_subscriptions where id = ${replying.subscription}`,
  );
  const claim = {
    tenantId: ACME_TENANT_ID,
    clientUserId: replying.id,
    subscriptionId: replying.subscription,
    dueAt: new Date(due!.next_due_at),
    expiresAt,
  };
  const done = await mintReplyToken(signing, { ...claim, kind: 'done' });
  const later = await mintReplyToken(signing, { ...claim, kind: 'later' });
  await call('POST /api/answers/{action}/preview', 200, {
    params: { action: 'done' },
    body: { token: done },
  });
  await call('POST /api/answers/{action}', 200, { params: { action: 'done' }, body: { token: done } });
  // Put off after it was done.
  await call('POST /api/answers/{action}', 409, { params: { action: 'later' }, body: { token: later } });

  const replyId = await askedHelp(t, helped, 1, 'The gutter guard came loose');
  const handled = { as: as.realtor, params: { answerId: replyId }, body: { note: 'Called and fixed' } };
  await call('POST /api/clients/help/{answerId}/handled', 200, handled);
  await call('POST /api/clients/help/{answerId}/handled', 409, handled);
}

/** Clients removed last, in each area. */
export async function clientRemovalCalls(run: ContractRun) {
  const { call, as } = run;
  await call('DELETE /api/clients/clientUser/{id}', 204, {
    as: as.realtor,
    params: { id: kept(run, 'setup-one-client') },
  });
  await call('DELETE /api/admin/clientUsers/clientUser/{id}', 204, {
    as: as.acmeAdmin,
    params: { id: kept(run, 'setup-two-client') },
  });
}
