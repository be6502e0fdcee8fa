import { leadDayLabels, reminderTimingWords, type LeadDays } from '@homeminder/shared/reminder-timing';
import { emailCadenceLabels, emailCadenceWords, type EmailCadence } from '@homeminder/shared/email-cadence';
import type { AuditService } from '../audit';
import { homeAuditEntry, reachHome, type HomeCaller } from './home-access';
import type { HomeProfilesRepository } from './home-profiles.repository';

/**
 * When a home's reminders go (docs/decisions/102): on the due day or 3, 7 or 14 days before; and
 * how often its owner is emailed (docs/decisions/103): each reminder or once a month. Chosen by
 * the owner or by staff within their reach.
 */
export function reminderTimingService({
  homes,
  audit,
  now,
}: {
  homes: Pick<HomeProfilesRepository, 'ownerOf' | 'setLeadDays' | 'setEmailCadence'>;
  audit: AuditService;
  now: () => Date;
}) {
  return {
    async set(caller: HomeCaller, propertyId: string, leadDays: LeadDays) {
      const { tenantId, clientId } = await reachHome(homes, caller, propertyId, { forChange: true });
      const before = await homes.setLeadDays(tenantId, propertyId, leadDays, now());
      if (before !== leadDays)
        await audit.record(
          homeAuditEntry(caller, { tenantId, clientId }, 'property.reminder-timing-changed', {
            propertyId: propertyId.toLowerCase(),
            changes: [{ field: 'leadDays', before: before ?? null, after: leadDays }],
          }),
        );
      return { message: reminderTimingWords.changed(leadDayLabels[leadDays]) };
    },

    async setCadence(caller: HomeCaller, propertyId: string, cadence: EmailCadence) {
      const { tenantId, clientId } = await reachHome(homes, caller, propertyId, { forChange: true });
      const before = await homes.setEmailCadence(tenantId, clientId, cadence, now());
      if (before !== cadence)
        await audit.record(
          homeAuditEntry(caller, { tenantId, clientId }, 'client.email-cadence-changed', {
            changes: [{ field: 'emailCadence', before: before ?? null, after: cadence }],
          }),
        );
      return { message: emailCadenceWords.changed(emailCadenceLabels[cadence]) };
    },
  };
}
export type ReminderTimingService = ReturnType<typeof reminderTimingService>;
