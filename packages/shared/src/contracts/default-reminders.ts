/**
 * A corporation's default reminder set (docs/decisions/060): the reminders its new clients start
 * with, each at a frequency. Read and replaced whole under `api/corporation/settings/defaultReminders`.
 */
import { z } from '../zod';
import { formatCount, plural } from '../format';
import { idSchema } from '../validation/ids';
import { frequencyIdSchema } from '../validation/rules';
import { maxSubscriptionsPerProperty, subscriptionSchema } from './clients';

/** The set becomes a new property's list of reminders, so it has that list's limit. */
export const maxDefaultReminders = maxSubscriptionsPerProperty;

export const defaultReminderMessages = {
  reminderUnknown: 'A task in the list is not in the reminder catalogue. Remove it and choose again.',
  duplicate: 'Each task can be in the default reminders only once.',
  frequencyUnknown: 'Choose how often each task is sent: Monthly, Quarterly, Annual and so on.',
  tooMany: (max: number) => `The default reminders hold at most ${max} tasks. Remove some first.`,
  saved: (count: number) =>
    count === 0
      ? 'Saved. New clients will start with no reminders.'
      : `Saved. New clients will start with ${formatCount(count, 'reminder')}.`,
} as const;

export const defaultReminderItemSchema = z.object({
  reminderId: idSchema,
  maintenanceFrequencyId: frequencyIdSchema(defaultReminderMessages.frequencyUnknown),
});

/** The whole set, in order: what is left out is removed. */
export const defaultReminderSetUpdateSchema = z.object({
  items: z
    .array(defaultReminderItemSchema)
    .max(maxDefaultReminders, { error: defaultReminderMessages.tooMany(maxDefaultReminders) })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = item.reminderId.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            message: defaultReminderMessages.duplicate,
            path: [index, 'reminderId'],
          });
        seen.add(key);
      });
    }),
});
export type DefaultReminderSetUpdateInput = z.input<typeof defaultReminderSetUpdateSchema>;
export type DefaultReminderSetUpdate = z.output<typeof defaultReminderSetUpdateSchema>;

/** A reminder of the set at its frequency: the fields a subscription has for them, and the task's name. */
export const defaultReminderSchema = subscriptionSchema
  .pick({ reminderId: true, category: true, maintenanceFrequencyId: true, frequencyName: true })
  .extend({ name: z.string() });
export type DefaultReminder = z.infer<typeof defaultReminderSchema>;

export const defaultReminderSetSchema = z.object({ items: z.array(defaultReminderSchema) });
export type DefaultReminderSet = z.infer<typeof defaultReminderSetSchema>;

/** Said before a bulk upload is processed: rows naming no reminders get the default set. */
export function defaultSetNotice(rows: number, setSize: number): string {
  return (
    `${formatCount(rows, 'row')} ${plural(rows, 'names', 'name')} no reminders: ` +
    `${plural(rows, 'it', 'they')} will get your default set of ${formatCount(setSize, 'reminder')}.`
  );
}
