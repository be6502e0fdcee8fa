/**
 * A home's plan as the screens show it (docs/decisions/090): the tasks that fit the home, each with
 * why and its details, and what the home's answers would add to or stop of its reminders, for the
 * person to confirm.
 */
import { z } from '../zod';
import { formatCount } from '../format';
import { idSchema } from '../validation/ids';

export const planTaskSchema = z.object({
  reminderId: z.string(),
  name: z.string(),
  /** Why it fits ("The home has a septic system.") or is stopped; null for the default set's. */
  because: z.string().nullable(),
  /** What it needs of this home ("Filter 16x25x1"). */
  details: z.array(z.string()),
  /** When it falls due where the home is ("Before the first frost: September and October"); null for any month. */
  when: z.string().nullable(),
});
export type PlanTaskView = z.infer<typeof planTaskSchema>;

export const homePlanSchema = z.object({
  /** The tasks that fit the home, and whether it gets each now. */
  fits: z.array(planTaskSchema.extend({ subscribed: z.boolean() })),
  /** Tasks its answers say it needs and it does not get (or has turned off). */
  add: z.array(planTaskSchema),
  /** Reminders it gets that its answers rule out. */
  stop: z.array(planTaskSchema),
  /** The home's climate, which its seasonal tasks follow ("Zone 4A, mixed and humid (ZIP code 20001). …"). */
  climate: z.string(),
});
export type HomePlanView = z.infer<typeof homePlanSchema>;

/** A confirmed change: what it did, and the plan as it is now. */
export const homePlanAppliedSchema = z.object({ message: z.string(), plan: homePlanSchema });
export type HomePlanApplied = z.infer<typeof homePlanAppliedSchema>;

/** What the person confirms: the tasks of `add` and `stop` they accept, by task. */
export const homePlanChangeSchema = z.object({
  add: z.array(idSchema).max(50),
  stop: z.array(idSchema).max(50),
});
export type HomePlanChange = z.infer<typeof homePlanChangeSchema>;

export const homePlanMessages = {
  outdated: 'The plan changed since it was shown. Look at it again, then confirm.',
  tooMany: (max: number) => `A home can have at most ${max} reminders. Turn some off first.`,
  applied: (added: number, stopped: number) =>
    added + stopped === 0
      ? 'Nothing changed.'
      : [
          added > 0 ? `${formatCount(added, 'reminder')} added` : null,
          stopped > 0 ? `${formatCount(stopped, 'reminder')} turned off` : null,
        ]
          .filter(Boolean)
          .join(', ')
          .replace(/^./, (first) => first.toUpperCase()) + '. Their history is kept.',
} as const;
