import { expect } from 'vitest';
import type { ClientDetail, ClientSetupInput } from '@homeminder/shared/contracts/clients';
import type { TestApp } from './test-app';

/** A set-up's body, each part but the client's and the property's fields given whole. */
export type ClientSetupOverrides = Omit<Partial<ClientSetupInput>, 'clientUser' | 'property'> & {
  clientUser?: Partial<ClientSetupInput['clientUser']>;
  property?: Partial<ClientSetupInput['property']>;
};

export interface SetUpClient {
  id: string;
  /** The id of the client's (only) property. */
  propertyId: string;
  client: ClientDetail;
  /** The body the set-up was sent. */
  sent: ClientSetupInput;
}

let made = 0;

/**
 * Sets a new client up as the user of `token`, on the clients area's PUT or the admin area's POST,
 * and expects the 201. What the test does not give is a client of its own email with one property
 * and no reminders.
 */
export async function setUpClient(
  t: TestApp,
  token: string,
  overrides: ClientSetupOverrides = {},
  path: '/clients/setup' | '/admin/clientUsers/setup' = '/clients/setup',
): Promise<SetUpClient> {
  made += 1;
  const sent: ClientSetupInput = {
    subscriptions: [],
    ...overrides,
    clientUser: {
      firstName: 'Sam',
      lastName: 'Setup',
      email: `set.up.${made}@clients.test`,
      ...overrides.clientUser,
    },
    property: {
      line: '12 Harbor Road',
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
      ...overrides.property,
    },
  };
  const method = path === '/clients/setup' ? 'PUT' : 'POST';
  const response = await t.api({ method, path, token, body: sent });
  expect(response.statusCode, response.body).toBe(201);
  const client = response.json<ClientDetail>();
  return { id: client.id, propertyId: client.properties[0]!.id, client, sent };
}
