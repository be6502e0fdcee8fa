import { z } from '../zod';
import { textWords } from '../texts';
import { phoneDigits } from '../validation/rules';
import { messages } from '../validation/messages';

/**
 * Texts for a home's owner (docs/decisions/106): whether the portal can text, the agreement in
 * force and the words it would record.
 */
export const textSettingsSchema = z.object({
  /** False when no text provider is set up: texts are not offered. */
  offered: z.boolean(),
  /** The number texts go to (10 digits), while an agreement is in force; else null. */
  phone: z.string().nullable(),
  /** When the agreement in force was made. */
  since: z.string().nullable(),
  /** When texts last stopped because STOP was replied, if that is why none go now. */
  stoppedByReplyAt: z.string().nullable(),
  /** The number to start from: the one last agreed to, else the one on the client's record. */
  suggestedPhone: z.string().nullable(),
  /** The agreement the client is asked to accept, recorded word for word. */
  consentWords: z.string(),
});
export type TextSettings = z.infer<typeof textSettingsSchema>;

/** Turning texts on: the mobile number, and that the client agreed to the words shown. */
export const textConsentSchema = z.object({
  phone: z
    .string({ error: textWords.phoneRequired })
    .trim()
    .min(1, textWords.phoneRequired)
    .refine((value) => phoneDigits(value) !== undefined, messages.phoneInvalid)
    .transform((value) => phoneDigits(value)!),
  agreed: z.literal(true, { error: textWords.agreeRequired }),
});
export type TextConsent = z.input<typeof textConsentSchema>;
