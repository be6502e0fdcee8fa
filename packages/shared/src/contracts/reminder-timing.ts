import { z } from '../zod';
import { leadDayChoices, reminderTimingWords } from '../reminder-timing';
import { emailCadences, emailCadenceWords } from '../email-cadence';

/** When a home's reminders go (docs/decisions/102): on the due day, or 3, 7 or 14 days before. */
export const reminderTimingSchema = z.object({
  leadDays: z.literal(leadDayChoices, { error: reminderTimingWords.leadDaysInvalid }),
});
export type ReminderTiming = z.input<typeof reminderTimingSchema>;

/** How often a home's owner is emailed (docs/decisions/103): each reminder, or once a month. */
export const emailCadenceSchema = z.object({
  emailCadence: z.enum(emailCadences, { error: emailCadenceWords.cadenceInvalid }),
});
export type EmailCadenceChoice = z.input<typeof emailCadenceSchema>;

/** A corporation's choices for its new homes and clients, as read. */
export const corporationReminderTimingSchema = z.object({
  leadDays: z.literal(leadDayChoices),
  emailCadence: z.enum(emailCadences),
});
export type CorporationReminderTiming = z.infer<typeof corporationReminderTimingSchema>;

/** A corporation changes one of its choices, or both. */
export const corporationReminderTimingChangeSchema = z
  .object({
    leadDays: reminderTimingSchema.shape.leadDays.optional(),
    emailCadence: emailCadenceSchema.shape.emailCadence.optional(),
  })
  .refine((body) => body.leadDays !== undefined || body.emailCadence !== undefined, {
    message: emailCadenceWords.nothingChosen,
  });
