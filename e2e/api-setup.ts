/**
 * Corporations, clients, users and invitations made through the API as a journey's starting point,
 * so that a journey spends its time on the screens it is about.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin, resentOnReset } from './accounts';

/**
 * A new corporation of its own, added by the operator through the API, so that the licenses and
 * clients a test needs touch no other test's corporation. `word` names it: 'Bulk' adds "Bulk Homes
 * <id>", whose administrator is bulk.admin.<id>@bulk.test; the license starts on 1 January 2026
 * and ends on 31 December 2030 unless given.
 */
export async function newCorporation(
  request: APIRequestContext,
  word: string,
  license: { licensedProperties: number; licenseStartsOn?: string; licenseEndsOn?: string },
) {
  const { token } = await apiLogin(request, 'sysadmin@demo.test');
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const domain = word.toLowerCase();
  const email = `${domain}.admin.${id}@${domain}.test`;
  const password = `${word}-Start9!x`;
  const name = `${word} Homes ${id}`;
  const now = new Date();
  const expiry = `${String(now.getMonth() + 1).padStart(2, '0')}${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`;
  const response = await request.post('api/admin/corporation', {
    ...resentOnReset,
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      site: {
        siteName: `${word} Homes`,
        siteUrl: `https://${domain}.example`,
        contactEmail: `office@${domain}.test`,
        contactPhone: '(555) 123-4567',
        timeZone: 'America/Chicago',
      },
      address: { line: `1 ${word} Way`, city: 'Austin', state: 'TX', zip: '78701' },
      billing: { billingName: `Ada ${word}`, number: '5500 0000 0000 0004', cvv: '123', expiry },
      license: { licenseStartsOn: '2026-01-01', licenseEndsOn: '2030-12-31', ...license },
      administrator: { email, firstName: 'Ada', lastName: word, password },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id: tenantId } = (await response.json()) as { id: string };
  return { tenantId, name, email, password, id };
}

/** A reminder of the catalogue, as the API lists it. */
export interface CatalogueReminder {
  id: string;
  name: string;
  defaultFrequencyId: number;
}

/** The reminder catalogue as the token's user sees it (POST api/clients/reminders, all on one page). */
export async function catalogueOf(request: APIRequestContext, token: string): Promise<CatalogueReminder[]> {
  const response = await request.post('api/clients/reminders', {
    ...resentOnReset,
    headers: { Authorization: `Bearer ${token}` },
    data: { pageSize: 'all' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: CatalogueReminder[] }).items;
}

/** The catalogue's reminders of these names, each as a subscription at its default frequency. */
export async function defaultSubscriptions(request: APIRequestContext, token: string, names: string[]) {
  const catalogue = await catalogueOf(request, token);
  return names.map((name) => {
    const reminder = catalogue.find((item) => item.name === name);
    if (!reminder) throw new Error(`"${name}" is not in the catalogue`);
    return { reminderID: reminder.id, maintenanceFrequencyID: reminder.defaultFrequencyId };
  });
}

/** Sets a client up through the API as the token's user (PUT api/clients/setup): returns the response. */
export async function setupClientViaApi(
  request: APIRequestContext,
  token: string,
  body: {
    email: string;
    firstName?: string;
    lastName?: string;
    line?: string;
    pending?: boolean;
    subscriptions?: Array<{ reminderID: string; maintenanceFrequencyID: number }>;
  },
) {
  return request.put('api/clients/setup', {
    ...resentOnReset,
    headers: { Authorization: `Bearer ${token}` },
    data: {
      clientUser: {
        firstName: body.firstName ?? 'Filler',
        lastName: body.lastName ?? 'Client',
        email: body.email,
        phone: '',
      },
      property: {
        line: body.line ?? '5 Elm Court',
        city: 'Portland',
        state: 'OR',
        zip: '97205',
        pending: body.pending ?? false,
      },
      subscriptions: body.subscriptions ?? [],
    },
  });
}

/** Adds a staff user through the API as the token's user (POST api/admin/user): returns their id. */
export async function addUserViaApi(
  request: APIRequestContext,
  token: string,
  user: { email: string; firstName: string; lastName: string; role: string; temporaryPassword: string },
): Promise<string> {
  const created = await request.post('api/admin/user', {
    ...resentOnReset,
    headers: { Authorization: `Bearer ${token}` },
    data: user,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/**
 * The realtor sets a client up through the API with the catalogue's reminders of these names, at
 * their default frequencies, and invites them: the invitation email is on its way.
 */
export async function inviteClientViaApi(
  request: APIRequestContext,
  realtorEmail: string,
  reminders: string[],
  client: { email: string; firstName: string; lastName: string; line: string },
): Promise<void> {
  const { token } = await apiLogin(request, realtorEmail);
  const subscriptions = await defaultSubscriptions(request, token, reminders);
  const setUp = await setupClientViaApi(request, token, { ...client, subscriptions });
  expect(setUp.status(), await setUp.text()).toBe(201);
  const clientId = ((await setUp.json()) as { id: string }).id;
  const invited = await request.post(`api/clients/invite/${clientId}`, {
    ...resentOnReset,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(invited.status(), await invited.text()).toBe(202);
}
