/**
 * The cross-tenant and privilege matrix: every documented API route, called by every Acme role, by
 * an Acme homeowner (a registered client) and by nobody, with the own, a foreign, a missing, a malformed and an unknown `tenant-id`, and with
 * the ids of Birch's records in its path and body. No response may carry Birch's data, and Birch's
 * records must be exactly as they were afterwards.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../db/demo-data';
import { homeownerPassword, registeredHomeowner } from '../test/homeowners';
import { useTestApp, type ApiRequest } from '../test/test-app';

type Method = NonNullable<ApiRequest['method']>;

interface BirchRecords {
  tenant: string;
  users: string[];
  clients: string[];
  properties: string[];
  subscriptions: string[];
  /** Birch's help request, which no Acme caller may mark handled. */
  replies: string[];
  emails: string[];
}

/** The homeowner among the callers: a client of Acme who registered (docs/decisions/062). */
const HOMEOWNER = 'homeowner';
const callers = [
  null,
  'admin@acme.test',
  'manager@acme.test',
  'realtor@acme.test',
  'realtor2@acme.test',
  HOMEOWNER,
];
const tenantHeaders: Array<string | undefined> = [
  ACME_TENANT_ID,
  BIRCH_TENANT_ID,
  undefined,
  'not-a-tenant',
  '7e7e7e7e-0000-4000-8000-0000000000aa',
];

/** Which Birch ids to put in a path parameter, validated by its name. */
function candidatesFor(param: string, birch: BirchRecords): string[] {
  const name = param.toLowerCase();
  if (name.includes('tenant') || name.includes('corporation')) return [birch.tenant];
  if (name.includes('client')) return [birch.clients[0]!];
  if (name.includes('property')) return [birch.properties[0]!];
  if (name.includes('user')) return [birch.users[0]!, birch.clients[0]!];
  if (name === 'pagesize' || name === 'page') return ['1'];
  if (name === 'answerid') return [birch.replies[0]!];
  // The replies of a reminder's links: each reply, with Birch's ids in the body.
  if (name === 'action') return ['done', 'later', 'help'];
  return [birch.tenant, birch.users[0]!, birch.clients[0]!, birch.properties[0]!, birch.subscriptions[0]!];
}

/** Every combination of candidates for the path's parameters. */
function fillPath(path: string, birch: BirchRecords): Array<{ path: string; sent: string[] }> {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  let filled = [{ path, sent: [] as string[] }];
  for (const param of params) {
    filled = filled.flatMap(({ path: partial, sent }) =>
      candidatesFor(param, birch).map((value) => ({
        path: partial.replace(`{${param}}`, value),
        sent: [...sent, value],
      })),
    );
  }
  return filled;
}

describe('cross-tenant and privilege matrix [pglite]', () => {
  let deniedResponses = 0;
  let denialsLogged = 0;
  const t = useTestApp('pglite', {
    onLog: (entry) => {
      if (entry.msg === 'access denied') denialsLogged += 1;
    },
  });
  const tokens = new Map<string, string>();
  let birch: BirchRecords;
  let fingerprintBefore: string;
  let probes = 0;
  const leaks: string[] = [];
  const audienceLeaks: string[] = [];

  /** Whose session a documented route serves, from its path (plugins/auth.ts's rule). */
  function audienceOfPath(path: string): 'staff' | 'client' | 'anyone' {
    if (path.startsWith('/api/homeowner/')) return 'client';
    if (
      /^\/api\/(auth\/(?!impersonate)|answers\/|calendar\/|mail\/(unsubscribe|image\/|events\/)|texts\/twilio\/|t\/|sec\/permission\/ui-check)/.test(
        path,
      )
    )
      return 'anyone';
    return 'staff';
  }

  /** Birch's rows, as one string: any change to them shows. */
  async function birchFingerprint(): Promise<string> {
    const rows = await t.rows<{ f: string }>(sql`
      select md5(coalesce((select string_agg(row_to_json(c)::text, '|' order by c.id) from corporations c where c.id = ${BIRCH_TENANT_ID}), '')
        || coalesce((select string_agg(row_to_json(u)::text, '|' order by u.id) from tenant_users u where u.tenant_id = ${BIRCH_TENANT_ID}), '')
        || coalesce((select string_agg(row_to_json(c)::text, '|' order by c.id) from client_users c where c.tenant_id = ${BIRCH_TENANT_ID}), '')
        || coalesce((select string_agg(row_to_json(p)::text, '|' order by p.id) from properties p where p.tenant_id = ${BIRCH_TENANT_ID}), '')
        || coalesce((select string_agg(row_to_json(s)::text, '|' order by s.id) from reminder_subscriptions s where s.tenant_id = ${BIRCH_TENANT_ID}), '')
        || coalesce((select string_agg(row_to_json(a)::text, '|' order by a.id) from reminder_answers a where a.tenant_id = ${BIRCH_TENANT_ID}), '')
      ) as f`);
    return rows[0]!.f;
  }

  beforeAll(async () => {
    const ids = async (query: ReturnType<typeof sql>) =>
      (await t.rows<{ id: string }>(query)).map((row) => row.id);
    birch = {
      tenant: BIRCH_TENANT_ID,
      users: await ids(sql`select id from tenant_users where tenant_id = ${BIRCH_TENANT_ID} order by id`),
      clients: await ids(sql`select id from client_users where tenant_id = ${BIRCH_TENANT_ID} order by id`),
      properties: await ids(sql`select id from properties where tenant_id = ${BIRCH_TENANT_ID} order by id`),
      subscriptions: await ids(
        sql`select id::text as id from reminder_subscriptions where tenant_id = ${BIRCH_TENANT_ID} order by id`,
      ),
      replies: [],
      emails: [
        ...(await ids(sql`select email as id from tenant_users where tenant_id = ${BIRCH_TENANT_ID}`)),
        ...(await ids(sql`select email as id from client_users where tenant_id = ${BIRCH_TENANT_ID}`)),
      ],
    };
    for (const email of callers) if (email && email !== HOMEOWNER) tokens.set(email, await t.login(email));
    const homeowner = await registeredHomeowner(t, 'realtor@acme.test');
    tokens.set(HOMEOWNER, await t.login(homeowner.email, homeownerPassword));
    // A client of Birch replied to a reminder: no route may show or change it.
    await t.rows(sql`insert into reminder_answers
        (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, note, source)
      select s.tenant_id, 'help', p.client_user_id, p.id, s.id, s.reminder_id, s.next_due_at, 'Birch Homes note', 'email'
        from reminder_subscriptions s join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
       where s.tenant_id = ${BIRCH_TENANT_ID} order by s.id limit 1`);
    birch.replies = await ids(
      sql`select id::text as id from reminder_answers where tenant_id = ${BIRCH_TENANT_ID}`,
    );
    fingerprintBefore = await birchFingerprint();
  });

  afterAll(() => {
    console.log(
      `tenant matrix: ${probes} probes, ${leaks.length} leaks, ${deniedResponses} denials (401/403), ${denialsLogged} logged`,
    );
  });

  it('would see a leak: the operator, who may act for Birch, does get its data', async () => {
    const sysadmin = await t.login('sysadmin@demo.test');
    const details = await t.api({ path: '/id/tenant-details', token: sysadmin, tenantId: BIRCH_TENANT_ID });
    expect(details.body).toContain('Birch Homes');
    const grid = await t.api({
      method: 'POST',
      path: '/clients/grid',
      token: sysadmin,
      tenantId: BIRCH_TENANT_ID,
      body: { page: 1, pageSize: 10 },
    });
    expect(birch.emails.some((email) => grid.body.includes(email))).toBe(true);
    const attention = await t.api({ path: '/home/attention', token: sysadmin, tenantId: BIRCH_TENANT_ID });
    expect(attention.body).toContain('Birch Homes note');
  });

  it('sends every probe, and no response carries Birch data', { timeout: 600_000 }, async () => {
    denialsLogged = 0;
    const document = (await t.api({ path: '/docs/json' })).json<{
      paths: Record<string, Partial<Record<Lowercase<Method>, unknown>>>;
    }>();
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ path, method: method.toUpperCase() as Method })),
    );
    expect(routes.length).toBeGreaterThan(50);

    const markers = (sent: string[]) => [
      'Birch Homes',
      ...birch.emails,
      ...[birch.tenant, ...birch.users, ...birch.clients, ...birch.properties].filter(
        (id) => !sent.includes(id),
      ),
    ];

    for (const route of routes) {
      // Signing in and out, and who-am-i, are about the caller; they take no record ids.
      if (/\/auth\/(login|logout|register|forgot-password|reset-password)/.test(route.path)) continue;
      for (const { path, sent } of fillPath(route.path, birch)) {
        const body =
          route.method === 'GET' || route.method === 'DELETE'
            ? undefined
            : {
                tenantId: birch.tenant,
                tenantID: birch.tenant,
                propertyId: birch.properties[0],
                userId: birch.users[0],
                clientUserId: birch.clients[0],
                id: birch.clients[0],
                page: 1,
                pageSize: 10,
                // The homeowner's reply to a reminder needs its kind to reach the ownership check.
                ...(route.path.endsWith('/answer') && { kind: 'done' }),
                // Marking a help request handled needs a note to reach the scope check.
                ...(route.path.endsWith('/handled') && { note: 'Called the client' }),
              };
        const bodySent = body ? [birch.tenant, birch.properties[0]!, birch.users[0]!, birch.clients[0]!] : [];
        for (const caller of callers) {
          for (const tenantId of tenantHeaders) {
            const response = await t.api({
              method: route.method,
              path: path.replace(/^\/api/, ''),
              ...(caller ? { token: tokens.get(caller)! } : {}),
              ...(tenantId ? { tenantId } : {}),
              ...(body ? { body } : {}),
            });
            probes += 1;
            const audience = audienceOfPath(route.path);
            const homeownerCalls = caller === HOMEOWNER;
            if (caller && audience !== 'anyone' && (audience === 'client') !== homeownerCalls) {
              const refusedEarlier = response.statusCode === 400 && tenantId === 'not-a-tenant';
              if (response.statusCode !== 403 && !refusedEarlier) {
                audienceLeaks.push(`${route.method} ${path} as ${caller} answered ${response.statusCode}`);
              }
            }
            if (response.statusCode === 401 || response.statusCode === 403) deniedResponses += 1;
            const found = markers([...sent, ...bodySent]).filter((marker) => response.body.includes(marker));
            if (found.length > 0) {
              leaks.push(
                `${route.method} ${path} as ${caller ?? 'nobody'} (tenant ${tenantId}): ${found[0]}`,
              );
            }
            expect(response.statusCode, `${route.method} ${path}`).toBeLessThan(500);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    // A homeowner reaches no staff route and staff no homeowner route: the auth plugin refuses
    // (403) before anything else, whatever the tenant header or ids.
    expect(audienceLeaks).toEqual([]);
    expect(probes).toBeGreaterThan(1000);
    expect(await birchFingerprint()).toBe(fingerprintBefore);
    // Every denial left its line in the log (the sign-ins before the probes were not denials).
    expect(deniedResponses).toBeGreaterThan(0);
    expect(denialsLogged).toBe(deniedResponses);
  });
});
