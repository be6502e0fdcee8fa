import {
  defaultReminderMessages,
  type DefaultReminderSet,
  type DefaultReminderSetUpdate,
} from '@homeminder/shared/contracts/default-reminders';
import { leadDayLabels, reminderTimingWords } from '@homeminder/shared/reminder-timing';
import { emailCadenceLabels, emailCadenceWords } from '@homeminder/shared/email-cadence';
import type { CorporationReminderTiming } from '@homeminder/shared/contracts/reminder-timing';
import type { Caller } from '../../access/auth-context';
import { accessibleTenant, tenantAccessMessages } from '../../access/tenant-access';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { AuditService } from '../audit';
import type { DefaultRemindersRepository } from './default-reminders.repository';

interface Dependencies {
  defaults: DefaultRemindersRepository;
  audit: AuditService;
  now: () => Date;
}

/** Reading and replacing a corporation's default reminder set (docs/decisions/060). */
export function defaultRemindersService({ defaults, audit, now }: Dependencies) {
  async function tenantOf(actor: Caller, id: string): Promise<string> {
    const tenantId = accessibleTenant(actor.auth, id);
    if (!(await defaults.corporationExists(tenantId)))
      throw new NotFoundError(tenantAccessMessages.corporationNotFound);
    return tenantId;
  }

  return {
    async get(actor: Caller, id: string): Promise<DefaultReminderSet> {
      return { items: await defaults.list(await tenantOf(actor, id)) };
    },

    async replace(actor: Caller, id: string, input: DefaultReminderSetUpdate): Promise<DefaultReminderSet> {
      const tenantId = await tenantOf(actor, id);
      const items = input.items.map((item) => ({
        reminderId: item.reminderId.toLowerCase(),
        maintenanceFrequencyId: item.maintenanceFrequencyId,
      }));
      const known = await defaults.activeReminders(items.map((item) => item.reminderId));
      if (items.some((item) => !known.has(item.reminderId)))
        throw new BadRequestError(defaultReminderMessages.reminderUnknown);
      const frequencies = await defaults.frequencyIds();
      if (items.some((item) => !frequencies.has(item.maintenanceFrequencyId)))
        throw new BadRequestError(defaultReminderMessages.frequencyUnknown);
      const before = await defaults.list(tenantId);
      await defaults.replace(tenantId, items);
      await audit.record({
        tenantId,
        actorUserId: actor.auth.userId,
        action: 'corporation.default-reminders-updated',
        recordType: 'corporation',
        recordId: tenantId,
        details: {
          before: before.map(({ reminderId, maintenanceFrequencyId }) => ({
            reminderId,
            maintenanceFrequencyId,
          })),
          after: items,
        },
        ipAddress: actor.ip,
      });
      return { items: await defaults.list(tenantId) };
    },

    /**
     * When the corporation's new homes get their reminders (docs/decisions/102) and how often its
     * new clients are emailed (docs/decisions/103).
     */
    async timing(actor: Caller, id: string): Promise<CorporationReminderTiming> {
      return defaults.timingOf(await tenantOf(actor, id));
    },

    async setTiming(actor: Caller, id: string, change: Partial<CorporationReminderTiming>) {
      const tenantId = await tenantOf(actor, id);
      const before = await defaults.timingOf(tenantId);
      const after = { ...before, ...change };
      const changes = (['leadDays', 'emailCadence'] as const)
        .filter((field) => before[field] !== after[field])
        .map((field) => ({ field, before: before[field], after: after[field] }));
      if (changes.length > 0) {
        await defaults.setTiming(tenantId, after, now());
        await audit.record({
          tenantId,
          actorUserId: actor.auth.userId,
          action: 'corporation.reminder-timing-changed',
          recordType: 'corporation',
          recordId: tenantId,
          details: { changes },
          ipAddress: actor.ip,
        });
      }
      return {
        message:
          change.emailCadence !== undefined && change.leadDays === undefined
            ? emailCadenceWords.defaultChanged(emailCadenceLabels[after.emailCadence])
            : reminderTimingWords.defaultChanged(leadDayLabels[after.leadDays]),
      };
    },
  };
}
export type DefaultRemindersService = ReturnType<typeof defaultRemindersService>;
