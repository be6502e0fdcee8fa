import { z } from '../zod';
import { corporationContactShape, optionalAddressShape } from './shapes';

export const tenantDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  isSystem: z.boolean(),
  enabled: z.boolean(),
  siteName: z.string().nullable(),
  siteUrl: z.string().nullable(),
  ...corporationContactShape,
  timeZone: z.string(),
  /** The colour of the corporation's emails; null for the default. */
  brandColour: z.string().nullable(),
  ...optionalAddressShape,
  licensedProperties: z.number(),
  licenseStartsOn: z.string().nullable(),
  licenseEndsOn: z.string().nullable(),
});
export type TenantDetails = z.infer<typeof tenantDetailsSchema>;

export const corporationInfoSchema = z.object({ id: z.string(), name: z.string() });
export type CorporationInfo = z.infer<typeof corporationInfoSchema>;

export const usStateSchema = z.object({ code: z.string(), name: z.string() });
export type UsState = z.infer<typeof usStateSchema>;

/** Counts for the signed-in user's Home page; each is null where the user may not see it. */
export const homeSummarySchema = z.object({
  clients: z.number().nullable(),
  /** Properties getting reminders: enabled, not pending, of clients who have not unsubscribed. */
  enabledProperties: z.number().nullable(),
  /** Enabled properties of clients who unsubscribed: they use a license and get no reminders. */
  unsubscribedProperties: z.number().nullable(),
  /** Enabled properties with no reminder at all: they use a license and get no reminders. */
  noReminderProperties: z.number().nullable(),
  pendingProperties: z.number().nullable(),
  disabledProperties: z.number().nullable(),
  /** Properties with a system near or past the end of its typical life (docs/decisions/093). */
  replacementSoonProperties: z.number().nullable(),
  dueNext30Days: z.number().nullable(),
  licensedProperties: z.number().nullable(),
  /** The license's last day once it has ended, for those who see the license; else null. */
  licenseEndedOn: z.string().nullable(),
  realtors: z.number().nullable(),
  corporateUsers: z.number().nullable(),
  corporations: z.number().nullable(),
  activeNotifications: z.number().nullable(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;
