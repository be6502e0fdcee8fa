import {
  clientMessages,
  type PropertyToggle,
  type PropertyToggleResult,
} from '@homeminder/shared/contracts/clients';
import { licenseEndedOn } from '@homeminder/shared/license';
import { messages } from '@homeminder/shared/validation/messages';
import type { Caller } from '../../access/auth-context';
import { NotFoundError } from '../../lib/errors';
import type { AuditService } from '../audit/audit.service';
import { sameTenant, scopeOf, tenantFromPath } from './caller-scope';
import type { ClientsRepository } from './clients.repository';
import { refuseWithoutLicense } from './license-check';
import { resumeSubscriptions } from './schedules';

interface Dependencies {
  clients: ClientsRepository;
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
