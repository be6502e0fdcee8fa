import {
  defaultReminderMessages,
  type DefaultReminderSet,
  type DefaultReminderSetUpdate,
} from '@homeminder/shared/contracts/default-reminders';
import { leadDayLabels, reminderTimingWords, type LeadDays } from '@homeminder/shared/reminder-timing';
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

    /** When the corporation's new homes get their reminders (docs/decisions/102). */
    async timing(actor: Caller, id: string): Promise<{ leadDays: LeadDays }> {
      return { leadDays: await defaults.leadDaysOf(await tenantOf(actor, id)) };
    },

    async setTiming(actor: Caller, id: string, leadDays: LeadDays) {
      const tenantId = await tenantOf(actor, id);
      const before = await defaults.leadDaysOf(tenantId);
      if (before !== leadDays) {
        await defaults.setLeadDays(tenantId, leadDays, now());
        await audit.record({
          tenantId,
          actorUserId: actor.auth.userId,
          action: 'corporation.reminder-timing-changed',
          recordType: 'corporation',
          recordId: tenantId,
          details: { changes: [{ field: 'leadDays', before, after: leadDays }] },
          ipAddress: actor.ip,
        });
      }
      return { message: reminderTimingWords.defaultChanged(leadDayLabels[leadDays]) };
    },
  };
}
export type DefaultRemindersService = ReturnType<typeof defaultRemindersService>;
