import {
  clientMessages,
  type PropertyToggle,
  type PropertyToggleResult,
} from '@homeminder/shared/contracts/clients';
import { licenseEndedOn } from '@homeminder/shared/license';
import { messages } from '@homeminder/shared/validation/messages';
import type { Caller } from '../../access/auth-context';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { AuditService } from '../audit';
import { sameTenant, scopeOf, tenantFromPath } from './caller-scope';
import type { ClientsRepository } from './clients.repository';
import { refuseWithoutLicense } from './license-check';
import { resumeSubscriptions } from './schedules';

/**
 * Pauses (disables) or resumes (enables) one property, in the caller's transaction, by the rules
 * of decision 025: resuming needs a free license for an active property and moves each date
 * missed meanwhile to its next date after now, so no burst of old reminders goes out. Staff pass
 * their realtor scope; a homeowner passes their own client id, and another's property is not found.
 */
export async function switchProperty(
  on: { repository: ClientsRepository; tx: Database; audit: AuditService },
  who: { tenantId: string; realtorId: string | null; clientUserId?: string; actorUserId: string; ip: string },
  propertyId: string,
  enabled: boolean,
  at: Date,
): Promise<PropertyToggleResult> {
  const { repository, tx, audit } = on;
  const property = await repository.findProperty(who.tenantId, who.realtorId, propertyId);
  if (!property || (who.clientUserId && property.clientUserId !== who.clientUserId))
    throw new NotFoundError(messages.unableProperty);
  if (property.enabled !== enabled) {
    if (enabled && !property.pending) await refuseWithoutLicense(repository, who.tenantId, at);
    await repository.setPropertyEnabled(who.tenantId, property.id, property.clientUserId, enabled, at);
    if (enabled) await resumeSubscriptions(repository, who.tenantId, property.id, at);
    await audit.record(
      {
        tenantId: who.tenantId,
        actorUserId: who.actorUserId,
        action: enabled ? 'property.enabled' : 'property.disabled',
        recordType: 'property',
        recordId: property.id,
        details: { clientUserId: property.clientUserId, addressLine: property.addressLine },
        ipAddress: who.ip,
      },
      tx,
    );
  }
  return {
    propertyId: property.id,
    enabled,
    status: !enabled ? 'disabled' : property.pending ? 'pending' : 'enabled',
  };
}

interface Dependencies {
  clients: Pick<ClientsRepository, 'corporationExists' | 'propertyCounts' | 'propertyDetail' | 'transaction'>;
  audit: AuditService;
  now: () => Date;
}

/** A client's properties and their subscriptions, one at a time, and the counts by status. */
export function propertiesService({ clients, audit, now }: Dependencies) {
  return {
    async propertyDetail({ auth }: Caller, propertyId: string) {
      const scope = scopeOf(auth);
      const property = await clients.propertyDetail(scope.tenantId, scope.realtorId, propertyId);
      if (!property) throw new NotFoundError(messages.unableProperty);
      return property;
    },

    /** Enables or disables one property; enabling an active property needs a free license. */
    async setEnabled(
      { auth, ip }: Caller,
      input: PropertyToggle,
      enabled: boolean,
    ): Promise<PropertyToggleResult> {
      const scope = scopeOf(auth);
      sameTenant(auth, input.tenantId, messages.unableProperty);
      return clients.transaction((repository, tx) =>
        switchProperty(
          { repository, tx, audit },
          { ...scope, actorUserId: auth.userId, ip },
          input.propertyId,
          enabled,
          now(),
        ),
      );
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

    async propertyCounts({ auth }: Caller, tenantId?: string) {
      const scope = scopeOf(auth);
      const tenant = tenantId ? await tenantFromPath(clients, auth, tenantId) : scope.tenantId;
      const { licenseEndsOn, licenseTimeZone, ...counts } = await clients.propertyCounts(
        tenant,
        scope.realtorId,
      );
      return { ...counts, licenseEndedOn: licenseEndedOn(licenseEndsOn, licenseTimeZone, now()) };
    },

    async pendingCount({ auth }: Caller, tenantId?: string) {
      const scope = scopeOf(auth);
      const tenant = tenantId ? await tenantFromPath(clients, auth, tenantId) : scope.tenantId;
      const { pending } = await clients.propertyCounts(tenant, scope.realtorId);
      return { count: pending };
    },
  };
}
