import { z } from '../zod';
import { leadDayChoices, reminderTimingWords } from '../reminder-timing';

/** When a home's reminders go (docs/decisions/102): on the due day, or 3, 7 or 14 days before. */
export const reminderTimingSchema = z.object({
  leadDays: z.literal(leadDayChoices, { error: reminderTimingWords.leadDaysInvalid }),
});
export type ReminderTiming = z.input<typeof reminderTimingSchema>;

/** A corporation's choice for its new homes, as read. */
export const corporationReminderTimingSchema = z.object({ leadDays: z.literal(leadDayChoices) });
