import { randomUUID } from 'node:crypto';
import {
  clientExportColumns,
  clientMessages,
  clientStatusLabels,
  type ClientDetail,
  type ClientGrid,
  type ClientGridQuery,
  type ClientSetup,
  type PropertyToggle,
  type PropertyToggleResult,
  type ReminderCatalogue,
} from '@homeminder/shared/contracts/clients';
import { adminMessages } from '@homeminder/shared/contracts/admin';
import type { ClientUserUpdate } from '@homeminder/shared/contracts/client-user-form';
import { formatDueDate } from '@homeminder/shared/due-date';
import { formatPhone } from '@homeminder/shared/format';
import { licenseEndedOn, licenseHasEnded, licenseMessages } from '@homeminder/shared/license';
import { Privilege } from '@homeminder/shared/permissions';
import {
  localDateFromText,
  localDateText,
  nextDueAfter,
  occurrenceAt,
  scheduleAnchor,
  scheduleTimeZone,
} from '@homeminder/shared/schedule';
import { messages } from '@homeminder/shared/validation/messages';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { hasPrivilege, tenantMessages, type AuthContext, type Caller } from '../../access/auth-context';
import type { Database } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { realtorScope } from '../../access/client-scope';
import type { AddressColumns, ClientColumns, ClientsRepository, GridFilter } from './clients.repository';
import { setupOfClientUser } from './client-user-form';
import { csvText } from './csv';

/** The most rows one CSV export holds; a filter narrows a bigger list. */
export const exportRowLimit = 50_000;

interface Dependencies {
  clients: ClientsRepository;
  audit: AuditService;
  now?: () => Date;
}

/** The tenant and realtor scope of a caller who may manage clients (checked here, on every call). */
function scopeOf(auth: AuthContext): { tenantId: string; realtorId: string | null } {
  if (!hasPrivilege(auth, Privilege.CanManageClients)) throw new ForbiddenError();
  return { tenantId: auth.tenantId, realtorId: realtorScope(auth) };
}

/** True when a database error is the unique index on a client's email within the corporation. */
function isDuplicateClientEmail(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (
      code === '23505' &&
      (constraint === 'client_users_tenant_email_key' || message?.includes('client_users_tenant_email_key'))
    ) {
      return true;
    }
    if (cause === (cause as { cause?: unknown }).cause) break;
  }
  return false;
}

/** Who sets a client up, where, and with what the caller already looked up. */
export interface SetupContext {
  tenantId: string;
  /** The realtor the caller is limited to (`realtorScope`), or null for the whole corporation. */
  realtorScope: string | null;
  actorUserId: string;
  ip: string;
  at: Date;
  /** Months between reminders, by maintenance frequency id (`subscriptionIntervals`). */
  intervalOf: ReadonlyMap<number, number>;
  /** Added to the audit entry, e.g. the bulk upload row the client came from. */
  auditDetails?: Record<string, unknown>;
}

/** No license is free for a property that needs one. */
class LicenseExhaustedError extends ConflictError {
  constructor(licensed: number, used: number) {
    super(clientMessages.licenseExhausted(licensed, Math.max(0, licensed - used)));
  }
}

/**
 * Refuses a property that needs a license when none is free, or when the license's last day is
 * over in the corporation's time zone (docs/decisions/051); the corporation row stays locked.
 */
export async function refuseWithoutLicense(repository: ClientsRepository, tenantId: string, at: Date) {
  const { licensed, used, endsOn, timeZone } = await repository.licenseUse(tenantId, { lock: true });
  if (licenseHasEnded(endsOn, timeZone, at)) throw new ConflictError(licenseMessages.ended(endsOn!));
  if (used + 1 > licensed) throw new LicenseExhaustedError(licensed, used);
}

/** Moves the overdue due dates of a property's subscriptions to their next date after `at`. */
export async function resumeSubscriptions(
  repository: ClientsRepository,
  tenantId: string,
  propertyId: string,
  at: Date,
) {
  const overdue = await repository.overdueSubscriptions(tenantId, propertyId, at);
  if (overdue.length === 0) return;
  const timeZone = scheduleTimeZone(...(await repository.scheduleTimeZones(tenantId, propertyId)));
  for (const subscription of overdue) {
    await repository.setNextDueAt(
      tenantId,
      subscription.id,
      nextDueAfter(
        localDateFromText(subscription.anchorOn) ?? scheduleAnchor(subscription.nextDueAt, timeZone),
        subscription.intervalMonths,
        timeZone,
        at,
      ),
      at,
    );
  }
}

/**
 * The schedule of a subscription that starts at `at` (a new one, or a new frequency): anchored on
 * that day, first due one interval later (docs/decisions/024 and 052).
 */
export function startSchedule(at: Date, intervalMonths: number, timeZone: string) {
  const anchor = scheduleAnchor(at, timeZone);
  return { nextDueAt: occurrenceAt(anchor, 1, intervalMonths, timeZone), anchorOn: localDateText(anchor) };
}

/**
 * Checks the reminders and frequencies of a set-up against the catalogue and answers the months
 * between reminders by frequency id.
 */
export async function subscriptionIntervals(
  clients: Pick<ClientsRepository, 'activeReminderIds' | 'frequencies'>,
  subscriptions: ClientSetup['subscriptions'],
): Promise<Map<number, number>> {
  const reminderIds = [...new Set(subscriptions.map((item) => item.reminderID.toLowerCase()))];
  const activeReminders = await clients.activeReminderIds(reminderIds);
  const frequencies = await clients.frequencies();
  if (reminderIds.some((id) => !activeReminders.has(id)))
    throw new BadRequestError(clientMessages.reminderUnknown);
  const intervalOf = new Map(frequencies.map((frequency) => [frequency.id, frequency.intervalMonths]));
  if (subscriptions.some((item) => !intervalOf.has(item.maintenanceFrequencyID))) {
    throw new BadRequestError(clientMessages.frequencyUnknown);
  }
  return intervalOf;
}

/** The client's columns as a set-up gives them. */
function clientValuesOf(input: ClientSetup, realtorId: string | null): ClientColumns {
  return {
    realtorId,
    firstName: input.clientUser.firstName.trim(),
    lastName: input.clientUser.lastName.trim(),
    email: input.clientUser.email,
    phone: input.clientUser.phone || null,
  };
}

/** The property's columns as a set-up gives them. */
function addressValuesOf(input: ClientSetup): AddressColumns {
  return {
    addressLine: input.property.line.trim(),
    city: input.property.city.trim(),
    state: input.property.state,
    zip: input.property.zip,
    pending: input.property.pending,
  };
}

/**
 * Creates a client with a property and subscriptions, or changes one (`tenantUserID`), with its
 * audit entry, inside the caller's transaction (`repository` and `tx` are bound to it). The
 * subscriptions are the property's whole list. Used by the set-up form and by the bulk upload.
 */
export async function applyClientSetup(
  repository: ClientsRepository,
  tx: Database,
  audit: AuditService,
  context: SetupContext,
  input: ClientSetup,
): Promise<{ clientId: string; created: boolean }> {
  const { tenantId, at, intervalOf } = context;
  const requestedRealtor = input.realtorID?.toLowerCase() ?? null;
  const realtorId = context.realtorScope ?? requestedRealtor;
  if (!context.realtorScope && realtorId) {
    const [realtor] = await repository.realtors(tenantId, realtorId);
    if (!realtor) throw new NotFoundError(clientMessages.realtorUnknown);
  }
  const clientValues = clientValuesOf(input, realtorId);
  const addressValues = addressValuesOf(input);

  // ── the client ──
  let clientId: string;
  const existing = input.tenantUserID
    ? await repository.findClient(tenantId, context.realtorScope, input.tenantUserID)
    : undefined;
  if (input.tenantUserID && !existing) throw new NotFoundError(messages.unableClientUser);
  if (await repository.emailTaken(tenantId, clientValues.email, existing?.id)) {
    throw new ConflictError(clientMessages.emailTaken);
  }
  if (existing) {
    clientId = existing.id;
    await repository.updateClient(tenantId, clientId, { ...clientValues, updatedAt: at });
  } else {
    clientId = await repository.insertClient({ tenantId, ...clientValues });
  }

  // ── the property, and its license ──
  let propertyId: string;
  let wasActive = false;
  let enabled = true;
  if (input.property.propertyId) {
    const property = await repository.findProperty(tenantId, context.realtorScope, input.property.propertyId);
    if (!property || property.clientUserId !== clientId) throw new NotFoundError(messages.unableProperty);
    propertyId = property.id;
    wasActive = property.enabled && !property.pending;
    enabled = property.enabled;
  }
  if (enabled && !input.property.pending && !wasActive) await refuseWithoutLicense(repository, tenantId, at);
  if (input.property.propertyId) {
    propertyId = input.property.propertyId.toLowerCase();
    await repository.updateProperty(tenantId, propertyId, { ...addressValues, updatedAt: at });
  } else {
    propertyId = await repository.insertProperty({
      tenantId,
      clientUserId: clientId,
      ...addressValues,
    });
  }

  // ── the subscriptions: the list given is the property's whole list ──
  // A property just added has none yet: one query fewer per client of a bulk upload.
  const current = input.property.propertyId
    ? await repository.propertySubscriptions(tenantId, propertyId)
    : [];
  const wanted = new Map(
    input.subscriptions.map((item) => [item.reminderID.toLowerCase(), item.maintenanceFrequencyID]),
  );
  const removed = current.filter((subscription) => !wanted.has(subscription.reminderId));
  const changed = current.filter(
    (subscription) =>
      wanted.has(subscription.reminderId) &&
      wanted.get(subscription.reminderId) !== subscription.maintenanceFrequencyId,
  );
  const kept = new Set(current.map((subscription) => subscription.reminderId));
  const added = [...wanted].filter(([reminderId]) => !kept.has(reminderId));
  // Due dates fall at the local hour of the property's zone, else the corporation's.
  const timeZone =
    changed.length + added.length > 0
      ? scheduleTimeZone(...(await repository.scheduleTimeZones(tenantId, propertyId)))
      : '';
  await repository.deleteSubscriptions(
    tenantId,
    removed.map((subscription) => subscription.id),
  );
  for (const subscription of changed) {
    const frequencyId = wanted.get(subscription.reminderId)!;
    // A new frequency starts a new cycle from today.
    await repository.updateSubscriptionFrequency(
      tenantId,
      subscription.id,
      frequencyId,
      startSchedule(at, intervalOf.get(frequencyId)!, timeZone),
      at,
    );
  }
  await repository.insertSubscriptions(
    tenantId,
    added.map(([reminderId, frequencyId]) => ({
      propertyId,
      reminderId,
      maintenanceFrequencyId: frequencyId,
      ...startSchedule(at, intervalOf.get(frequencyId)!, timeZone),
    })),
  );

  await audit.record(
    {
      tenantId,
      actorUserId: context.actorUserId,
      action: existing ? 'client.updated' : 'client.created',
      recordType: 'client-user',
      recordId: clientId,
      details: {
        email: clientValues.email,
        realtorId,
        propertyId,
        propertyCreated: !input.property.propertyId,
        pending: input.property.pending,
        subscriptionsAdded: added.map(([reminderId]) => reminderId),
        subscriptionsChanged: changed.map((subscription) => subscription.reminderId),
        subscriptionsRemoved: removed.map((subscription) => subscription.reminderId),
        ...context.auditDetails,
      },
      ipAddress: context.ip,
    },
    tx,
  );
  return { clientId, created: !existing };
}

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

export function clientsService({ clients, audit, now = () => new Date() }: Dependencies) {
  const pageOf = (query: Pick<ClientGridQuery, 'page' | 'pageSize'>) => ({
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });

  /** A tenant id in a body or a path must be the one the request acts for: another is not found. */
  function sameTenant(auth: AuthContext, tenantId: string | undefined, notFoundMessage: string) {
    if (tenantId !== undefined && tenantId.toLowerCase() !== auth.tenantId)
      throw new NotFoundError(notFoundMessage);
  }

  /**
   * The tenant a path names (admin variants): the one the request acts for, or, for a holder of
   * ActAcrossTenants, any existing corporation. Anything else is not found.
   */
  async function tenantFromPath(auth: AuthContext, tenantId: string): Promise<string> {
    const id = tenantId.toLowerCase();
    if (id === auth.tenantId) return id;
    if (hasPrivilege(auth, Privilege.ActAcrossTenants) && (await clients.corporationExists(id))) return id;
    throw new NotFoundError(tenantMessages.unknownTenant);
  }

  return {
    async grid({ auth }: Caller, query: ClientGridQuery): Promise<ClientGrid> {
      const scope = scopeOf(auth);
      return clients.grid(scope.tenantId, scope.realtorId, query, pageOf(query));
    },

    /** `POST api/clients`: the rows of one page, without the total. */
    async list({ auth }: Caller, query: ClientGridQuery) {
      const scope = scopeOf(auth);
      const { items } = await clients.grid(scope.tenantId, scope.realtorId, query, pageOf(query), false);
      return { items };
    },

    async nextTenant({ auth }: Caller, query: GridFilter & { currentId: string }): Promise<ClientGrid> {
      const scope = scopeOf(auth);
      return clients.nextRow(scope.tenantId, scope.realtorId, query, query.currentId);
    },

    /** The whole filtered list (up to `exportRowLimit` rows) as CSV, in the grid's order. */
    async exportCsv({ auth, ip }: Caller, query: GridFilter): Promise<string> {
      const scope = scopeOf(auth);
      const { items } = await clients.grid(
        scope.tenantId,
        scope.realtorId,
        query,
        { limit: exportRowLimit, offset: 0 },
        false,
      );
      await audit.record({
        tenantId: scope.tenantId,
        actorUserId: auth.userId,
        action: 'clients.exported',
        details: {
          rows: items.length,
          search: query.search ?? null,
          status: query.status,
          realtorId: query.realtorId ?? null,
        },
        ipAddress: ip,
      });
      // Written as the portal shows them: dates as DDMMMYYYY in the corporation's zone, statuses
      // by name, and no next date for a property whose reminders are not sent (its status says why).
      const timeZone = scheduleTimeZone(await clients.corporationTimeZone(scope.tenantId));
      const cell = (row: (typeof items)[number], key: (typeof clientExportColumns)[number][1]) => {
        if (key === 'nextDueAt')
          return row.status === 'enabled' && row.nextDueAt ? formatDueDate(row.nextDueAt, timeZone) : '';
        if (key === 'unsubscribedAt')
          return row.unsubscribedAt ? formatDueDate(row.unsubscribedAt, timeZone) : '';
        if (key === 'status') return clientStatusLabels[row.status];
        if (key === 'phone') return formatPhone(row.phone);
        return row[key];
      };
      return csvText([
        clientExportColumns.map(([header]) => header),
        ...items.map((row) => clientExportColumns.map(([, key]) => cell(row, key))),
      ]);
    },

    async clientDetail({ auth }: Caller, clientId: string): Promise<ClientDetail> {
      const scope = scopeOf(auth);
      const client = await clients.clientDetail(scope.tenantId, scope.realtorId, clientId);
      if (!client) throw new NotFoundError(messages.unableClientUser);
      return client;
    },

    async propertyDetail({ auth }: Caller, propertyId: string) {
      const scope = scopeOf(auth);
      const property = await clients.propertyDetail(scope.tenantId, scope.realtorId, propertyId);
      if (!property) throw new NotFoundError(messages.unableProperty);
      return property;
    },

    /**
     * Creates a client with a property and subscriptions, or changes one (`tenantUserID`), in one
     * transaction with its audit entry. The subscriptions are the property's whole list.
     */
    async setup(
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
      const intervalOf = await subscriptionIntervals(clients, input.subscriptions);

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
    },

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
      return this.setup(caller, setupOfClientUser(client, input));
    },

    /** Enables or disables one property; enabling an active property needs a free license. */
    async setEnabled(
      { auth, ip }: Caller,
      input: PropertyToggle,
      enabled: boolean,
    ): Promise<PropertyToggleResult> {
      const scope = scopeOf(auth);
      sameTenant(auth, input.tenantId, messages.unableProperty);
      const at = now();
      return clients.transaction(async (repository, tx) => {
        const property = await repository.findProperty(scope.tenantId, scope.realtorId, input.propertyId);
        if (!property) throw new NotFoundError(messages.unableProperty);
        if (property.enabled !== enabled) {
          if (enabled && !property.pending) await refuseWithoutLicense(repository, scope.tenantId, at);
          await repository.setPropertyEnabled(
            scope.tenantId,
            property.id,
            property.clientUserId,
            enabled,
            at,
          );
          // A pause keeps the due dates; resuming moves each date missed meanwhile to its next
          // date after now, so no burst of old reminders goes out (docs/decisions/025).
          if (enabled) await resumeSubscriptions(repository, scope.tenantId, property.id, at);
          await audit.record(
            {
              tenantId: scope.tenantId,
              actorUserId: auth.userId,
              action: enabled ? 'property.enabled' : 'property.disabled',
              recordType: 'property',
              recordId: property.id,
              details: { clientUserId: property.clientUserId, addressLine: property.addressLine },
              ipAddress: ip,
            },
            tx,
          );
        }
        return {
          propertyId: property.id,
          enabled,
          status: !enabled ? 'disabled' : property.pending ? 'pending' : 'enabled',
        };
      });
    },

    async deleteSubscription({ auth, ip }: Caller, id: string): Promise<void> {
      const scope = scopeOf(auth);
      await clients.transaction(async (repository, tx) => {
        const subscription = await repository.findSubscription(scope.tenantId, scope.realtorId, id);
        if (!subscription) throw new NotFoundError(clientMessages.subscriptionNotFound);
        await repository.deleteSubscriptions(scope.tenantId, [subscription.id]);
        await audit.record(
          {
            tenantId: scope.tenantId,
            actorUserId: auth.userId,
            action: 'subscription.deleted',
            recordType: 'reminder-subscription',
            recordId: subscription.id,
            details: {
              clientUserId: subscription.clientUserId,
              propertyId: subscription.propertyId,
              reminderId: subscription.reminderId,
              reminderName: subscription.reminderName,
              maintenanceFrequencyId: subscription.maintenanceFrequencyId,
              nextDueAt: subscription.nextDueAt.toISOString(),
            },
            ipAddress: ip,
          },
          tx,
        );
      });
    },

    /**
     * Starts the reminders of a client who unsubscribed, at the client's request (the public page
     * sends them to their realtor). Due dates the client missed meanwhile move to their next date
     * after now, as when a property is enabled again (docs/decisions/025).
     */
    async restartReminders({ auth, ip }: Caller, clientId: string): Promise<ClientDetail> {
      const scope = scopeOf(auth);
      const at = now();
      const id = await clients.transaction(async (repository, tx) => {
        const client = await repository.findClient(scope.tenantId, scope.realtorId, clientId);
        if (!client) throw new NotFoundError(messages.unableClientUser);
        // Reminders start again only under a license still running, as enabling a property would.
        const license = await repository.licenseUse(scope.tenantId);
        if (client.unsubscribedAt && licenseHasEnded(license.endsOn, license.timeZone, at)) {
          throw new ConflictError(licenseMessages.ended(license.endsOn!));
        }
        if (!client.unsubscribedAt || !(await repository.clearUnsubscribed(scope.tenantId, client.id, at))) {
          throw new ConflictError(clientMessages.notUnsubscribed);
        }
        for (const propertyId of await repository.clientPropertyIds(scope.tenantId, client.id)) {
          await resumeSubscriptions(repository, scope.tenantId, propertyId, at);
        }
        await audit.record(
          {
            tenantId: scope.tenantId,
            actorUserId: auth.userId,
            action: 'client.resubscribed',
            recordType: 'client-user',
            recordId: client.id,
            details: {
              email: client.email,
              name: `${client.firstName} ${client.lastName}`,
              unsubscribedAt: client.unsubscribedAt.toISOString(),
            },
            ipAddress: ip,
          },
          tx,
        );
        return client.id;
      });
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
      scopeOf(auth);
      return clients.reminderCatalogue({ ...query, ...pageOf(query) });
    },

    async frequencies({ auth }: Caller) {
      scopeOf(auth);
      return clients.frequencies();
    },

    async propertyCounts({ auth }: Caller, tenantId?: string) {
      const scope = scopeOf(auth);
      const tenant = tenantId ? await tenantFromPath(auth, tenantId) : scope.tenantId;
      const { licenseEndsOn, licenseTimeZone, ...counts } = await clients.propertyCounts(
        tenant,
        scope.realtorId,
      );
      return { ...counts, licenseEndedOn: licenseEndedOn(licenseEndsOn, licenseTimeZone, now()) };
    },

    async pendingCount({ auth }: Caller, tenantId?: string) {
      const scope = scopeOf(auth);
      const tenant = tenantId ? await tenantFromPath(auth, tenantId) : scope.tenantId;
      const { pending } = await clients.propertyCounts(tenant, scope.realtorId);
      return { count: pending };
    },

    /** Realtors a client can be given to: the corporation's, or only themselves for a realtor. */
    async realtors({ auth }: Caller) {
      const scope = scopeOf(auth);
      return clients.realtors(scope.tenantId, scope.realtorId);
    },
  };
}
export type ClientsService = ReturnType<typeof clientsService>;
