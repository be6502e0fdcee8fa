import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { HomeownerOverview } from '@homeminder/shared/contracts/homeowner';
import type { HomeSystem, HomeSystemInput } from '@homeminder/shared/contracts/home-systems';
import { audienceMessages } from '../access/auth-context';
import { expectErrors, type TestApp } from './test-app';
import { outboxFor } from './outbox';

/** The password the test homeowners choose on /register. */
export const homeownerPassword = 'Porch-Light42!';

export interface TestHomeowner {
  id: string;
  tenantId: string;
  email: string;
  firstName: string;
  /** The response of the registration, which signed the homeowner in. */
  registration: LightMyRequestResponse;
}

/**
 * A client of the realtor (the `skip`-th without a sign-in, by email) invited and registered as
 * the invitation email asks, keeping every reminder offered: a homeowner who may sign in.
 */
export async function registeredHomeowner(
  t: TestApp,
  realtorEmail: string,
  skip = 0,
): Promise<TestHomeowner> {
  const [client] = await t.rows<{ id: string; tenant_id: string; email: string; first_name: string }>(sql`
    select c.id, c.tenant_id, c.email, c.first_name from client_users c
    join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
    where r.email = ${realtorEmail} and c.enabled and c.password_hash is null
      and exists (select 1 from properties p where p.tenant_id = c.tenant_id and p.client_user_id = c.id
        and p.enabled and not p.pending
        and exists (select 1 from reminder_subscriptions s where s.tenant_id = p.tenant_id and s.property_id = p.id))
    order by c.email offset ${skip} limit 1`);
  expect(client).toBeTruthy();
  const realtor = await t.login(realtorEmail);
  const invited = await t.api({ method: 'POST', path: `/clients/invite/${client!.id}`, token: realtor });
  expect(invited.statusCode, invited.body).toBe(202);
  const link = /\/ui\/register\?token=([A-Za-z0-9_%-]+)/.exec(
    (await outboxFor(t, client!.email)).at(-1)?.text ?? '',
  );
  const token = decodeURIComponent(link![1]!);
  const offered = await t.api({ method: 'POST', path: '/auth/register/invitation', body: { token } });
  const subscriptionIds = offered.json<{ subscriptions: { id: string }[] }>().subscriptions.map((s) => s.id);
  const registered = await t.api({
    method: 'POST',
    path: '/auth/register',
    body: { token, password: homeownerPassword, confirmPassword: homeownerPassword, subscriptionIds },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return {
    id: client!.id,
    tenantId: client!.tenant_id,
    email: client!.email,
    firstName: client!.first_name,
    registration: registered,
  };
}

/** A client of the realtor and one of realtor2, both registered; the first signed in. */
export async function twoHomeowners(
  t: TestApp,
): Promise<{ owner: TestHomeowner; other: TestHomeowner; token: string }> {
  const owner = await registeredHomeowner(t, 'realtor@acme.test', 0);
  const other = await registeredHomeowner(t, 'realtor2@acme.test', 0);
  return { owner, other, token: await t.login(owner.email, homeownerPassword) };
}

/** `twoHomeowners`, both signed in, with the first home of each: the arrangement of a home's route tests. */
export async function twoHomeownersWithHomes(t: TestApp) {
  const { owner, other, token } = await twoHomeowners(t);
  const otherToken = await t.login(other.email, homeownerPassword);
  const homeId = (await homeownerOverview(t, token)).homes[0]!.id;
  const otherHomeId = (await homeownerOverview(t, otherToken)).homes[0]!.id;
  return { owner, other, token, otherToken, homeId, otherHomeId };
}

/**
 * A home's route keeps each audience to its own path: the homeowner (`token`) is refused the staff
 * path, staff the homeowner's, and a caller not signed in either.
 */
export async function expectAudiencesKept(t: TestApp, paths: { own: string; staff: string }, token: string) {
  expectErrors(await t.api({ path: paths.staff, token }), 403, audienceMessages.staffOnly);
  const realtor = await t.login('realtor@acme.test');
  expectErrors(await t.api({ path: paths.own, token: realtor }), 403, audienceMessages.clientOnly);
  expect((await t.api({ path: paths.own })).statusCode).toBe(401);
}

/** The homeowner's overview (their homes and reminders), which must respond 200. */
export async function homeownerOverview(t: TestApp, token: string): Promise<HomeownerOverview> {
  const response = await t.api({ path: '/homeowner/overview', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HomeownerOverview>();
}

/**
 * Adds a system to a home as `token`, under the homeowner's routes or (`base`) staff's; it must
 * respond 201.
 */
export async function addHomeSystem(
  t: TestApp,
  token: string,
  homeId: string,
  body: HomeSystemInput,
  base = '/homeowner/homes',
): Promise<HomeSystem> {
  const added = await t.api({ method: 'POST', path: `${base}/${homeId}/systems`, token, body });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<HomeSystem>();
}
