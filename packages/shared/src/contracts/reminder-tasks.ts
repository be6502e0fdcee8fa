/**
 * A corporation's own reminder tasks, beside the shared catalogue (docs/decisions/058): a name,
 * how-to text, a category, a default frequency and a season. The corporation's administrators
 * manage them on the Manage Account page; everyone who sets clients up chooses from both.
 */
import { z } from '../zod';
import { seasons } from '../seasons';
import { taskNeedNames } from '../home-plan';
import { messages } from '../validation/messages';
import { reminderSchema } from './clients';
import { messageResponseSchema } from './shapes';
import { frequencyIdSchema, requiredString } from '../validation/rules';

export const reminderTaskLimits = { name: 100, description: 1000, category: 60 } as const;

export const reminderTaskMessages = {
  nameTaken: (name: string) => `You already have a task named "${name}". Choose another name.`,
  nameShared: (name: string) =>
    `"${name}" is a task in the shared catalogue: choose it from there, or give your task another name.`,
  notFound: 'The reminder task was not found.',
  frequencyUnknown: 'Choose how often the reminder should be sent.',
  seasonUnknown: 'Choose a season from the list, or "Any time of year".',
  needsUnknown: 'Choose which homes it fits from the list, or "Every home".',
  deleted: (name: string) => `"${name}" was deleted.`,
  deactivated: (name: string, count: number) =>
    `"${name}" is no longer offered. ${count === 1 ? 'One property keeps it' : `${count} properties keep it`} ` +
    'until it is removed from them.',
} as const;

const textOf = (max: number) =>
  requiredString.pipe(
    z
      .string()
      .trim()
      .max(max, { error: messages.textTooLong(max) }),
  );

/** What an administrator enters for an own task (adding or changing it). */
export const reminderTaskInputSchema = z.object(
  {
    name: textOf(reminderTaskLimits.name),
    description: textOf(reminderTaskLimits.description),
    category: textOf(reminderTaskLimits.category),
    defaultFrequencyId: frequencyIdSchema(reminderTaskMessages.frequencyUnknown),
    /** Null or left out: any time of year. */
    season: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.enum(seasons, { error: reminderTaskMessages.seasonUnknown }).nullable(),
    ),
    /** What a home needs for the task to fit it (docs/decisions/090); null or left out: every home. */
    needs: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.enum(taskNeedNames, { error: reminderTaskMessages.needsUnknown }).nullable(),
    ),
    /** False: no longer offered for new set-ups; properties that have it keep it. */
    active: z.boolean({ error: messages.invalidValue }).default(true),
  },
  { error: messages.required },
);
export type ReminderTaskInput = z.input<typeof reminderTaskInputSchema>;
export type ReminderTaskValues = z.output<typeof reminderTaskInputSchema>;

/** A catalogue entry as the corporation's administrators see it: all are its own, some retired. */
export const reminderTaskSchema = reminderSchema.omit({ own: true }).extend({
  needs: z.enum(taskNeedNames).nullable(),
  active: z.boolean(),
  /** Properties subscribed to it now. */
  inUse: z.number(),
});
export type ReminderTask = z.infer<typeof reminderTaskSchema>;

export const reminderTaskListSchema = z.object({ items: z.array(reminderTaskSchema) });
export type ReminderTaskList = z.infer<typeof reminderTaskListSchema>;

/** What removing a task did: deleted, or (being in use) no longer offered. */
export const reminderTaskRemovedSchema = messageResponseSchema.extend({
  outcome: z.enum(['deleted', 'deactivated']),
});
export type ReminderTaskRemoved = z.infer<typeof reminderTaskRemovedSchema>;
