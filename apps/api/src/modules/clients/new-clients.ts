import { randomUUID } from 'node:crypto';
import type { ClientSetup } from '@homeminder/shared/contracts/clients';
import { scheduleTimeZone } from '@homeminder/shared/schedule';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
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
 * it) is left out, with nothing of theirs written: answered as null, the others by their new id.
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
    subscriptions: setup.subscriptions.map((item) => ({
      reminderId: item.reminderID.toLowerCase(),
      maintenanceFrequencyId: item.maintenanceFrequencyID,
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
  // A new property has no time zone of its own: its reminders fall due in the corporation's.
  const timeZone = scheduleTimeZone(await repository.corporationTimeZone(tenantId));
  const schedules = new Map<number, ReturnType<typeof startSchedule>>();
  const firstDue = (frequencyId: number) => {
    let schedule = schedules.get(frequencyId);
    if (!schedule) {
      schedule = startSchedule(at, intervalOf.get(frequencyId)!, timeZone);
      schedules.set(frequencyId, schedule);
    }
    return schedule;
  };
  await repository.insertSubscriptions(
    tenantId,
    created.flatMap(({ propertyId, subscriptions }) =>
      subscriptions.map((item) => ({
        propertyId,
        ...item,
        ...firstDue(item.maintenanceFrequencyId),
      })),
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
