import { randomUUID } from 'node:crypto';
import type { ClientSetup } from '@homeminder/shared/contracts/clients';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import { lastDoneFromText } from '@homeminder/shared/season-schedule';
import { climateZoneOf, type Place } from '@homeminder/shared/climate';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit';
import { addressValuesOf, clientValuesOf, type SetupContext } from './client-setup';
import type { ClientsRepository } from './clients.repository';
import { startSchedule } from './schedules';

/** One new client for `createNewClients`, with what its audit entry adds (e.g. the bulk row). */
export interface NewClient {
  setup: ClientSetup;
  auditDetails: Record<string, unknown>;
}

/**
 * Creates new clients, each with one new property, its subscriptions and a `client.created` audit
 * entry as `applyClientSetup` writes them, in a few set-based statements inside the caller's
 * transaction (`repository` and `tx` are bound to it). The caller has checked realtors and
 * licenses. A client whose email the corporation has (another transaction may have just added
 * it) is left out, with nothing of theirs written: returned as null, the others by their new id.
 */
export async function createNewClients(
  repository: ClientsRepository,
  tx: Database,
  audit: AuditService,
  context: Omit<SetupContext, 'realtorScope' | 'auditDetails'>,
  clients: NewClient[],
): Promise<Array<string | null>> {
  if (clients.length === 0) return [];
  const { tenantId, at, intervalOf } = context;
  const planned = clients.map(({ setup, auditDetails }) => ({
    clientId: randomUUID(),
    propertyId: randomUUID(),
    client: clientValuesOf(setup, setup.realtorID?.toLowerCase() ?? null),
    address: addressValuesOf(setup),
    home: setup.home,
    subscriptions: setup.subscriptions.map((item) => ({
      reminderId: item.reminderID.toLowerCase(),
      maintenanceFrequencyId: item.maintenanceFrequencyID,
      lastDone: lastDoneFromText(item.lastDoneOn),
    })),
    auditDetails,
  }));
  const inserted = await repository.insertClientsUnlessEmailTaken(
    tenantId,
    planned.map(({ clientId, client }) => ({ id: clientId, ...client })),
  );
  const created = planned.filter(({ clientId }) => inserted.has(clientId));
  await repository.insertPropertiesAtOnce(
    tenantId,
    created.map(({ propertyId, clientId, address }) => ({
      id: propertyId,
      clientUserId: clientId,
      ...address,
    })),
  );
  await repository.saveHomeFacts(
    tenantId,
    created.flatMap(({ propertyId, home }) => (home ? [{ propertyId, facts: home }] : [])),
    at,
  );
  // A new property has no time zone of its own: its reminders fall due in the corporation's.
  const timeZone = scheduleTimeZone(await repository.corporationTimeZone(tenantId));
  const tasks = await repository.reminderTasks(tenantId, [
    ...new Set(created.flatMap(({ subscriptions }) => subscriptions.map((item) => item.reminderId))),
  ]);
  // Dates are computed here, row by row, and written in one statement. Rows share few distinct
  // schedules (a frequency, a season, a climate, a month last done), so each is computed once.
  const schedules = new Map<string, ReturnType<typeof startSchedule>>();
  const scheduleOf = (place: Place, item: (typeof created)[number]['subscriptions'][number]) => {
    const season = tasks.get(item.reminderId)?.season ?? null;
    const key = [
      item.maintenanceFrequencyId,
      season,
      climateZoneOf(place),
      item.lastDone?.year,
      item.lastDone?.month,
    ].join('|');
    if (!schedules.has(key)) {
      schedules.set(
        key,
        startSchedule(at, intervalOf.get(item.maintenanceFrequencyId)!, timeZone, {
          season,
          place,
          lastDone: item.lastDone,
        }),
      );
    }
    return schedules.get(key)!;
  };
  await repository.insertSubscriptions(
    tenantId,
    created.flatMap(({ propertyId, address, subscriptions }) =>
      subscriptions.flatMap((item) => {
        const schedule = scheduleOf(address, item);
        const { reminderId, maintenanceFrequencyId } = item;
        // A task whose season does not happen where the property is was refused when the row
        // was validated; should one get here all the same, it is left out rather than sent.
        return schedule ? [{ propertyId, reminderId, maintenanceFrequencyId, ...schedule }] : [];
      }),
    ),
  );
  await audit.recordMany(
    created.map(({ clientId, propertyId, client, address, subscriptions, auditDetails }) => ({
      tenantId,
      actorUserId: context.actorUserId,
      action: 'client.created',
      recordType: 'client-user',
      recordId: clientId,
      details: {
        recordName: `${client.firstName} ${client.lastName}`,
        email: client.email,
        realtorId: client.realtorId,
        propertyId,
        propertyCreated: true,
        pending: address.pending,
        subscriptionsAdded: subscriptions.map((item) => item.reminderId),
        subscriptionsChanged: [],
        subscriptionsRemoved: [],
        ...auditDetails,
      },
      ipAddress: context.ip,
    })),
    tx,
  );
  return planned.map(({ clientId }) => (inserted.has(clientId) ? clientId : null));
}
