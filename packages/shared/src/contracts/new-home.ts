/**
 * What the set-up tells of a new client's home (docs/decisions/092): a few answers of its profile
 * and its main systems, as the new-client form and an imported row's home columns give them.
 */
import { z } from '../zod';
import { messages } from '../validation/messages';
import type { HomeColumnSystemFacts, HomeColumnSystemKind } from './home-columns';
import { homeProfileSchema, type HomeProfileAnswers } from './home-profile';
import { homeSystemInputSchema, homeSystemMessages } from './home-systems';

/** What a new or changed home is told: answers of its profile and facts of its main systems. */
export interface NewHomeFacts {
  /** The answers known; an answer left out is kept as it was. */
  profile: Partial<HomeProfileAnswers>;
  /** At most one of each kind: the home's first system of that kind is changed, or one is added. */
  systems: Array<{ kind: HomeColumnSystemKind } & HomeColumnSystemFacts>;
}

/** The system kinds a new home may be told of, each at most once. */
const newHomeSystemKinds = ['heating', 'cooling', 'waterHeater'] as const satisfies HomeColumnSystemKind[];

/** One of a new home's main systems: its kind, and its type and installed year if known. */
const newHomeSystemSchema = z
  .object({
    kind: z.enum(newHomeSystemKinds, { error: homeSystemMessages.kindUnknown }),
    type: z.string({ error: messages.invalidValue }).nullish(),
    installedYear: z.number({ error: messages.notANumber }).nullish(),
  })
  // The systems' own rules: a type of the kind, a year from the first to this one.
  .transform((system, context) => {
    const checked = homeSystemInputSchema.safeParse(system);
    if (checked.success) return checked.data;
    for (const { message, path } of checked.error.issues) context.addIssue({ code: 'custom', message, path });
    return z.NEVER;
  });

/**
 * The set-up's `home`: the few answers and main systems a new client's home starts with, each
 * optional. A null answer or fact is not known and leaves what is kept.
 */
export const newHomeSchema = z
  .object({
    profile: homeProfileSchema.optional(),
    systems: z
      .array(newHomeSystemSchema, { error: messages.invalidValue })
      .max(newHomeSystemKinds.length, { error: homeSystemMessages.kindUnknown })
      .default(() => []),
  })
  .superRefine(({ systems }, context) => {
    systems.forEach((system, index) => {
      if (systems.findIndex((one) => one.kind === system.kind) !== index)
        context.addIssue({
          code: 'custom',
          path: ['systems', index, 'kind'],
          message: homeSystemMessages.kindUnknown,
        });
    });
  })
  .transform(({ profile, systems }): NewHomeFacts => ({
    profile: Object.fromEntries(Object.entries(profile ?? {}).filter(([, answer]) => answer !== null)),
    systems: systems.map(({ kind, type, installedYear }) => ({
      kind: kind as HomeColumnSystemKind,
      type,
      ...(installedYear === null ? {} : { installedYear }),
    })),
  }));
export type NewHomeInput = z.input<typeof newHomeSchema>;

/** The new-client form's questions of the home: the few that change its plan most. */
export const newHomeWords = {
  title: 'The home',
  intro: 'What the home has changes which reminders fit it. Answer what you know; "Not sure" is fine.',
  homeKind: 'What kind of home is it?',
  well: 'Is its water from a private well?',
  septic: 'Does its waste water go to a septic system?',
  heating: 'How is it heated?',
};
