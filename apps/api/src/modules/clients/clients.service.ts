import {
  clientMessages,
  type ClientDetail,
  type ClientGrid,
  type ClientGridQuery,
  type ClientSetup,
  type ReminderCatalogue,
} from '@homeminder/shared/contracts/clients';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import type { ClientUserUpdate } from '@homeminder/shared/contracts/client-user-form';
import { licenseHasEnded, licenseMessages } from '@homeminder/shared/license';
import { messages } from '@homeminder/shared/validation/messages';
import { tenantMessages, type Caller } from '../../access/auth-context';
import type { Database } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuditService } from '../audit';
import { pageOf, sameTenant, scopeOf } from './caller-scope';
import { applyClientSetup, isDuplicateClientEmail, subscriptionIntervals } from './client-setup';
import { setupOfClientUser } from './client-user-form';
import { exportClientsCsv, type CsvReads } from './clients-export';
import type { ClientsRepository } from './clients.repository';
import type { GridFilter } from './grid-total-cache';
import { propertiesService } from './properties.service';
import { resumeSubscriptions } from './schedules';

/**
 * Starts again the reminders of a client who unsubscribed (decision 043), in the caller's
 * transaction: under a license still running, with the dates missed meanwhile moved to their next
 * date after now (decision 025). Staff pass their realtor scope; a homeowner passes their own id.
 * Returns the client's id.
 */
export async function restartClientReminders(
  on: { repository: ClientsRepository; tx: Database; audit: AuditService },
  who: { tenantId: string; realtorId: string | null; actorUserId: string; ip: string },
  clientId: string,
  at: Date,
): Promise<string> {
  const { repository, tx, audit } = on;
  const client = await repository.findClient(who.tenantId, who.realtorId, clientId);
  if (!client) throw new NotFoundError(messages.unableClientUser);
  const license = await repository.licenseUse(who.tenantId);
  if (client.unsubscribedAt && licenseHasEnded(license.endsOn, license.timeZone, at)) {
    throw new ConflictError(licenseMessages.ended(license.endsOn!));
  }
  if (!client.unsubscribedAt || !(await repository.clearUnsubscribed(who.tenantId, client.id, at))) {
    throw new ConflictError(clientMessages.notUnsubscribed);
  }
  for (const propertyId of await repository.clientPropertyIds(who.tenantId, client.id)) {
    await resumeSubscriptions(repository, who.tenantId, propertyId, at);
  }
  await audit.record(
    {
      tenantId: who.tenantId,
      actorUserId: who.actorUserId,
      action: 'client.resubscribed',
      recordType: 'client-user',
      recordId: client.id,
      details: {
        email: client.email,
        name: `${client.firstName} ${client.lastName}`,
        unsubscribedAt: client.unsubscribedAt.toISOString(),
      },
      ipAddress: who.ip,
    },
    tx,
  );
  return client.id;
}

interface Dependencies {
  clients: CsvReads &
    Pick<
      ClientsRepository,
      | 'activeReminderIds'
      | 'clientDetail'
      | 'corporationExists'
      | 'frequencies'
      | 'grid'
      | 'holdsClients'
      | 'nextRow'
      | 'propertyCounts'
      | 'propertyDetail'
      | 'reminderCatalogue'
      | 'transaction'
    >;
  audit: AuditService;
  now?: () => Date;
}

/**
 * The clients area: the grid and its export, clients set up, changed, restarted and removed, and
 * (`propertiesService`) their properties. Every call checks CanManageClients and the realtor scope.
 */
export function clientsService({ clients, audit, now = () => new Date() }: Dependencies) {
  /**
   * Creates a client with a property and subscriptions, or changes one (`tenantUserID`), in one
   * transaction with its audit entry. The subscriptions are the property's whole list.
   */
  async function setup(
    { auth, ip }: Caller,
    input: ClientSetup,
  ): Promise<{ created: boolean; client: ClientDetail }> {
    const scope = scopeOf(auth);
    const tenantId = scope.tenantId;
    sameTenant(auth, input.tenantId, tenantMessages.unknownTenant);
    sameTenant(auth, input.tenantID, tenantMessages.unknownTenant);
    const at = now();

    const requestedRealtor = input.realtorID?.toLowerCase() ?? null;
    if (scope.realtorId && requestedRealtor && requestedRealtor !== scope.realtorId) {
      throw new ForbiddenError(clientMessages.realtorOnlyOwn);
    }

    if (!(await clients.holdsClients(tenantId)))
      throw new BadRequestError(adminMessages.operatorHoldsNoClients);
    const intervalOf = await subscriptionIntervals(clients, tenantId, input.subscriptions);

    try {
      const { clientId, created } = await clients.transaction((repository, tx) =>
        applyClientSetup(
          repository,
          tx,
          audit,
          { tenantId, realtorScope: scope.realtorId, actorUserId: auth.userId, ip, at, intervalOf },
          input,
        ),
      );
      const client = await clients.clientDetail(tenantId, null, clientId);
      return { created, client: client! };
    } catch (error) {
      // Two set-ups with one new email at the same moment: the unique index decides.
      if (isDuplicateClientEmail(error)) throw new ConflictError(clientMessages.emailTaken);
      throw error;
    }
  }

  return {
    ...propertiesService({ clients, audit, now }),

    async grid({ auth }: Caller, query: ClientGridQuery): Promise<ClientGrid> {
      const scope = scopeOf(auth);
      return clients.grid(scope.tenantId, scope.realtorId, { ...query, asOf: now() }, pageOf(query));
    },

    /** `POST api/clients`: the rows of one page, without the total. */
    async list({ auth }: Caller, query: ClientGridQuery) {
      const scope = scopeOf(auth);
      const { items } = await clients.grid(
        scope.tenantId,
        scope.realtorId,
        { ...query, asOf: now() },
        pageOf(query),
        false,
      );
      return { items };
    },

    async nextTenant({ auth }: Caller, query: GridFilter & { currentId: string }): Promise<ClientGrid> {
      const scope = scopeOf(auth);
      return clients.nextRow(scope.tenantId, scope.realtorId, { ...query, asOf: now() }, query.currentId);
    },

    exportCsv: (caller: Caller, query: GridFilter) =>
      exportClientsCsv(clients, audit, caller, { ...query, asOf: now() }),

    async clientDetail({ auth }: Caller, clientId: string): Promise<ClientDetail> {
      const scope = scopeOf(auth);
      const client = await clients.clientDetail(scope.tenantId, scope.realtorId, clientId);
      if (!client) throw new NotFoundError(messages.unableClientUser);
      return client;
    },

    setup,

    /**
     * The client-user form of the set-up call: a client's names and their property's reminders,
     * everything else kept (`setupOfClientUser`).
     */
    async updateClientUser(
      caller: Caller,
      input: ClientUserUpdate,
    ): Promise<{ created: boolean; client: ClientDetail }> {
      const scope = scopeOf(caller.auth);
      const client = await clients.clientDetail(scope.tenantId, scope.realtorId, input.tenantUserID);
      if (!client) throw new NotFoundError(messages.unableClientUser);
      return setup(caller, setupOfClientUser(client, input));
    },

    /**
     * Starts the reminders of a client who unsubscribed, at the client's request (the public page
     * sends them to their realtor). Due dates the client missed meanwhile move to their next date
     * after now, as when a property is enabled again (docs/decisions/025).
     */
    async restartReminders({ auth, ip }: Caller, clientId: string): Promise<ClientDetail> {
      const scope = scopeOf(auth);
      const id = await clients.transaction((repository, tx) =>
        restartClientReminders(
          { repository, tx, audit },
          { ...scope, actorUserId: auth.userId, ip },
          clientId,
          now(),
        ),
      );
      return (await clients.clientDetail(scope.tenantId, null, id))!;
    },

    async deleteClient({ auth, ip }: Caller, clientId: string): Promise<void> {
      const scope = scopeOf(auth);
      await clients.transaction(async (repository, tx) => {
        const client = await repository.findClient(scope.tenantId, scope.realtorId, clientId);
        if (!client) throw new NotFoundError(messages.unableClientUser);
        await repository.deleteClient(scope.tenantId, client.id);
        await audit.record(
          {
            tenantId: scope.tenantId,
            actorUserId: auth.userId,
            action: 'client.deleted',
            recordType: 'client-user',
            recordId: client.id,
            details: {
              email: client.email,
              name: `${client.firstName} ${client.lastName}`,
              realtorId: client.realtorId,
            },
            ipAddress: ip,
          },
          tx,
        );
      });
    },

    async reminderCatalogue(
      { auth }: Caller,
      query: {
        page: number;
        pageSize: number;
        search?: string | undefined;
        sorting: Array<{ propertyName: 'name' | 'category'; dir: 'asc' | 'desc' }>;
      },
    ): Promise<ReminderCatalogue> {
      const scope = scopeOf(auth);
      return clients.reminderCatalogue(scope.tenantId, { ...query, ...pageOf(query) });
    },

    async frequencies({ auth }: Caller) {
      scopeOf(auth);
      return clients.frequencies();
    },

    /** Realtors a client can be given to: the corporation's, or only themselves for a realtor. */
    async realtors({ auth }: Caller) {
      const scope = scopeOf(auth);
      return clients.realtors(scope.tenantId, scope.realtorId);
    },
  };
}
export type ClientsService = ReturnType<typeof clientsService>;
