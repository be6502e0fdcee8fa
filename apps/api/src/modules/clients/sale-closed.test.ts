import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { ClientDetail, ClientSetupInput, PropertyCounts } from '@homeminder/shared/contracts/clients';
import { setUpClient } from '../../test/clients';
import { describeEachDriver, signInBeforeAll } from '../../test/test-app';

/**
 * "Sale closed" on a pending property sends the client's saved set-up again with the property no
 * longer pending, through the set-up route: the property becomes active, takes a license and keeps
 * its reminders and their dates.
 */
describeEachDriver('a pending property whose sale closed', (t) => {
  const token = signInBeforeAll(t);

  it('becomes active with its reminders as they were, and uses a license', async () => {
    const realtor = token('realtor@acme.test');
    const reminders = await t.rows<{ id: string }>(
      sql`select id from reminders where tenant_id is null and season is null order by name limit 2`,
    );
    const counts = async () =>
      (await t.api({ path: '/clients/properties/count', token: realtor })).json<PropertyCounts>();
    const { client: pending } = await setUpClient(t, realtor, {
      clientUser: { firstName: 'Sal', lastName: 'Closer', phone: '' },
      property: { pending: true },
      subscriptions: reminders.map((reminder) => ({ reminderID: reminder.id, maintenanceFrequencyID: 3 })),
    });
    const property = pending.properties[0]!;
    expect(property.status).toBe('pending');
    const before = await counts();

    // What the client details' button sends: the saved set-up, with the property no longer pending.
    const closed = await t.api({
      method: 'PUT',
      path: '/clients/setup',
      token: realtor,
      body: {
        tenantUserID: pending.id,
        realtorID: pending.realtorId,
        clientUser: {
          firstName: pending.firstName,
          lastName: pending.lastName,
          email: pending.email,
          phone: pending.phone ?? '',
        },
        property: {
          propertyId: property.id,
          line: property.addressLine,
          city: property.city,
          state: property.state,
          zip: property.zip,
          pending: false,
        },
        subscriptions: property.subscriptions.map((subscription) => ({
          reminderID: subscription.reminderId,
          maintenanceFrequencyID: String(subscription.maintenanceFrequencyId),
        })),
      } satisfies ClientSetupInput,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const active = closed.json<ClientDetail>().properties[0]!;
    expect(active.status).toBe('enabled');
    expect(active.subscriptions.map((s) => [s.reminderId, s.nextDueAt])).toEqual(
      property.subscriptions.map((s) => [s.reminderId, s.nextDueAt]),
    );
    const after = await counts();
    expect(after.licensesUsed).toBe(before.licensesUsed + 1);
    expect(after.pending).toBe(before.pending - 1);
  });
});
