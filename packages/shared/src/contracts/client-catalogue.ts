/**
 * Contracts the clients area reads beside its clients: the reminder catalogue and frequencies, the
 * property counts, the realtors to choose from and the coming reminders. `clients.ts` re-exports them.
 */
import { z } from '../zod';
import { addressShape, fieldPer, personShape } from './shapes';
import { pagingRequestSchema } from '../validation/paging';
import { pagedResultSchema, searchSchema, sortingOf } from './admin';
import { seasons } from '../seasons';
import { clientRowStatuses } from './grid-options';

// ---------------------------------------------------------------------------------------------
// Catalogue, counts, realtors
// ---------------------------------------------------------------------------------------------

export const reminderSortColumns = ['name', 'category'] as const;

export const reminderCatalogueQuerySchema = pagingRequestSchema.extend({
  sorting: sortingOf(reminderSortColumns),
  search: searchSchema,
});
export type ReminderCatalogueQueryInput = z.input<typeof reminderCatalogueQuerySchema>;

export const reminderSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  defaultFrequencyId: z.number(),
  defaultFrequencyName: z.string(),
  /** The season its due dates fall in, or null for any month (docs/decisions/058). */
  season: z.enum(seasons).nullable(),
  /** One of the corporation's own tasks rather than the shared catalogue's. */
  own: z.boolean(),
});
export type Reminder = z.infer<typeof reminderSchema>;
export const reminderCatalogueSchema = pagedResultSchema(reminderSchema);
export type ReminderCatalogue = z.infer<typeof reminderCatalogueSchema>;

export const maintenanceFrequencySchema = z.object({
  id: z.number(),
  name: z.string(),
  intervalMonths: z.number(),
});
export type MaintenanceFrequency = z.infer<typeof maintenanceFrequencySchema>;

/**
 * `api/clients/properties/count`: the properties the user looks after, by status, and the
 * corporation's licenses (enabled properties that are not pending use one). `enabled` counts those
 * getting reminders; `unsubscribed` the enabled ones whose client unsubscribed and `noReminders`
 * those with no reminder, which use a license but get none. The five statuses add up to `count`.
 */
export const propertyCountsSchema = z.object({
  count: z.number(),
  ...fieldPer(clientRowStatuses, z.number()),
  licensed: z.number(),
  licensesUsed: z.number(),
  licensesFree: z.number(),
  /** The license's last day once it has ended (no property may be enabled then), else null. */
  licenseEndedOn: z.string().nullable(),
});
export type PropertyCounts = z.infer<typeof propertyCountsSchema>;

/** `api/clients/properties/pendingCount`. */
export const pendingCountSchema = z.object({ count: z.number() });
export type PendingCount = z.infer<typeof pendingCountSchema>;

export const realtorOptionSchema = z.object({
  id: z.string(),
  ...personShape,
  enabled: z.boolean(),
});
export type RealtorOption = z.infer<typeof realtorOptionSchema>;

// ---------------------------------------------------------------------------------------------
// Reminder subscription query (POST /api/reminder/subscriptions/{pageSize}/{page})
// ---------------------------------------------------------------------------------------------

export const upcomingReminderSchema = z.object({
  id: z.string(),
  clientUserId: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  propertyId: z.string(),
  ...addressShape,
  reminderId: z.string(),
  reminderName: z.string(),
  frequencyName: z.string(),
  nextDueAt: z.string(),
});
export type UpcomingReminder = z.infer<typeof upcomingReminderSchema>;
export const upcomingReminderListSchema = pagedResultSchema(upcomingReminderSchema);
export type UpcomingReminderList = z.infer<typeof upcomingReminderListSchema>;
