import { clientMessages, type ClientSetup } from '@homeminder/shared/contracts/clients';
import { clientOwnFieldNames } from '@homeminder/shared/contracts/client-fields';
import { localDateOf, scheduleTimeZone } from '@homeminder/shared/schedule';
import { lastDoneFromText, lastDoneText } from '@homeminder/shared/season-schedule';
import { placeName } from '@homeminder/shared/climate';
import { messages } from '@homeminder/shared/validation/messages';
import type { Database } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { auditChanges, type AuditService } from '../audit';
import type { ClientColumns, ClientsRepository } from './clients.repository';
import { refuseWithoutLicense } from './license-check';
import type { AddressColumns } from './properties.repository';
import { startSchedule } from './schedules';

/**
 * Setting a client up: a client, one property and its subscriptions, from the set-up form or a
 * bulk upload row, checked and written the same way for both.
 */

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

/**
 * Checks the reminders and frequencies of a set-up against the catalogue and returns the months
 * between reminders by frequency id.
 */
export async function subscriptionIntervals(
  clients: Pick<ClientsRepository, 'activeReminderIds' | 'frequencies'>,
  tenantId: string,
  subscriptions: ClientSetup['subscriptions'],
): Promise<Map<number, number>> {
  const reminderIds = [...new Set(subscriptions.map((item) => item.reminderID.toLowerCase()))];
  // Another corporation's own task is as unknown as one that does not exist.
  const activeReminders = await clients.activeReminderIds(tenantId, reminderIds);
  const frequencies = await clients.frequencies();
  if (reminderIds.some((id) => !activeReminders.has(id)))
    throw new BadRequestError(clientMessages.reminderUnknown);
  const intervalOf = new Map(frequencies.map((frequency) => [frequency.id, frequency.intervalMonths]));
  if (subscriptions.some((item) => !intervalOf.has(item.maintenanceFrequencyID))) {
    throw new BadRequestError(clientMessages.frequencyUnknown);
  }
  return intervalOf;
}

/** "2026-11": the month `at` falls in, in the zone. */
function localMonthText(at: Date, timeZone: string): string {
  const { year, month } = localDateOf(at, timeZone);
  return lastDoneText({ year, month });
}

/** The client's columns as a set-up gives them. */
export function clientValuesOf(input: ClientSetup, realtorId: string | null): ClientColumns {
  const own = clientOwnFieldNames.map((name) => [name, storedText(input.clientUser[name])]);
  return { realtorId, ...Object.fromEntries(own) } as ClientColumns;
}

/** Typed text as a column keeps it: without the spaces around it, and an empty field as none. */
function storedText(value: string | undefined): string | null {
  return value?.trim() || null;
}

/** The property's columns as a set-up gives them. */
export function addressValuesOf(input: ClientSetup): AddressColumns {
  return {
    addressLine: input.property.line.trim(),
    city: input.property.city.trim(),
    state: input.property.state,
    zip: input.property.zip,
    pending: input.property.pending,
  };
}

/** True when a database error is the unique index on a client's email within the corporation. */
export function isDuplicateClientEmail(error: unknown): boolean {
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
  let realtorName: string | null = null;
  if (!context.realtorScope && realtorId) {
    const [realtor] = await repository.realtors(tenantId, realtorId);
    if (!realtor) throw new NotFoundError(clientMessages.realtorUnknown);
    realtorName = `${realtor.firstName} ${realtor.lastName}`;
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
  let propertyBefore: Record<string, unknown> = {};
  if (input.property.propertyId) {
    const property = await repository.findProperty(tenantId, context.realtorScope, input.property.propertyId);
    if (!property || property.clientUserId !== clientId) throw new NotFoundError(messages.unableProperty);
    propertyBefore = property;
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
    // What the set-up knows of the new home; a home kept already is changed on its own screens.
    if (input.home) await repository.saveHomeFacts(tenantId, [{ propertyId, facts: input.home }], at);
  }

  // ── the subscriptions: the list given is the property's whole list ──
  // A property just added has none yet: one query fewer per client of a bulk upload.
  const current = input.property.propertyId
    ? await repository.propertySubscriptions(tenantId, propertyId)
    : [];
  const wanted = new Map(input.subscriptions.map((item) => [item.reminderID.toLowerCase(), item]));
  const removed = current.filter((subscription) => !wanted.has(subscription.reminderId));
  const changed = current.filter(
    (subscription) =>
      wanted.has(subscription.reminderId) &&
      wanted.get(subscription.reminderId)!.maintenanceFrequencyID !== subscription.maintenanceFrequencyId,
  );
  const kept = new Set(current.map((subscription) => subscription.reminderId));
  const added = [...wanted.values()].filter((item) => !kept.has(item.reminderID.toLowerCase()));
  const starting = [...changed.map((subscription) => wanted.get(subscription.reminderId)!), ...added];
  // Due dates fall at the local hour of the property's zone, else the corporation's.
  const timeZone =
    starting.length > 0
      ? scheduleTimeZone(...(await repository.scheduleTimeZones(tenantId, propertyId)))
      : '';
  const tasks = await repository.reminderTasks(
    tenantId,
    starting.map((item) => item.reminderID.toLowerCase()),
  );
  /** A schedule from today, in the task's season where the property is, from when it was last done. */
  const scheduleOf = (item: ClientSetup['subscriptions'][number]) => {
    const task = tasks.get(item.reminderID.toLowerCase());
    const lastDone = lastDoneFromText(item.lastDoneOn);
    if (lastDone && lastDoneText(lastDone) > localMonthText(at, timeZone)) {
      throw new BadRequestError(clientMessages.lastDoneInFuture);
    }
    const schedule = startSchedule(at, intervalOf.get(item.maintenanceFrequencyID)!, timeZone, {
      season: task?.season ?? null,
      place: addressValues,
      lastDone,
    });
    if (!schedule) {
      throw new BadRequestError(clientMessages.seasonNotHere(task?.name ?? '', placeName(addressValues)));
    }
    return schedule;
  };
  await repository.deleteSubscriptions(
    tenantId,
    removed.map((subscription) => subscription.id),
  );
  for (const subscription of changed) {
    const item = wanted.get(subscription.reminderId)!;
    // A new frequency starts a new cycle from today.
    await repository.updateSubscriptionFrequency(
      tenantId,
      subscription.id,
      item.maintenanceFrequencyID,
      scheduleOf(item),
      at,
    );
  }
  await repository.insertSubscriptions(
    tenantId,
    added.map((item) => ({
      propertyId,
      reminderId: item.reminderID.toLowerCase(),
      maintenanceFrequencyId: item.maintenanceFrequencyID,
      ...scheduleOf(item),
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
        recordName: `${clientValues.firstName} ${clientValues.lastName}`,
        ...(existing && {
          changes: [
            ...auditChanges(
              { ...existing, realtor: existing.realtorName },
              {
                ...clientValues,
                realtor: realtorId === existing.realtorId ? existing.realtorName : realtorName,
              },
            ).filter((change) => change.field !== 'realtorId'),
            ...auditChanges(propertyBefore, addressValues),
          ],
        }),
        email: clientValues.email,
        realtorId,
        propertyId,
        propertyCreated: !input.property.propertyId,
        pending: input.property.pending,
        subscriptionsAdded: added.map((item) => item.reminderID.toLowerCase()),
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
