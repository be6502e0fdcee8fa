/**
 * Form and request bodies, put together from the field rules so that a browser form and the server
 * route that receives it apply exactly the same checks.
 */
import { z } from '../zod';
import { idSchema } from './ids';
import { messages } from './messages';
import {
  addressLineSchema,
  cardExpirySchema,
  cardNumberSchema,
  citySchema,
  cvvSchema,
  securityCodeMatchesCard,
  emailSchema,
  isBlank,
  requiredString,
  stateCodeSchema,
  strongPasswordSchema,
  zipSchema,
  type CardExpiryOptions,
} from './rules';

/** Reports `messages.passwordMismatch` on `confirmPassword` when the two differ. */
export function confirmPassword<S extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: S,
): S {
  return schema.refine((data: z.output<S>) => data.password === data.confirmPassword, {
    error: messages.passwordMismatch,
    path: ['confirmPassword'],
    // Compare as soon as both have been typed, even while other fields (or the password's own
    // strength) still have problems; otherwise the mismatch would only surface on a second try.
    when: ({ value }) => {
      const data = value as { password?: unknown; confirmPassword?: unknown } | null;
      return (
        typeof data === 'object' &&
        data !== null &&
        typeof data.password === 'string' &&
        typeof data.confirmPassword === 'string' &&
        !isBlank(data.confirmPassword)
      );
    },
  });
}

/** A new password typed twice, for `confirmPassword` to compare: every form that sets a password asks it so. */
export const newPasswordShape = { password: strongPasswordSchema, confirmPassword: requiredString };

/**
 * Sign-in. The password is only required here, not checked against the password policy: telling a
 * visitor which rules a password breaks would leak the policy and help guessing.
 */
export const loginSchema = z.object({
  username: emailSchema,
  password: requiredString,
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = confirmPassword(z.object({ token: requiredString, ...newPasswordShape }));
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * /register: a client invited by their realtor chooses a password and the reminders to receive.
 * The invitation link's token says who they are; name and email are not typed again. The choice is
 * always explicit: every subscription of the client left out of `subscriptionIds` is declined
 * (docs/decisions/023).
 */
export const registerSchema = confirmPassword(
  z.object({
    token: requiredString,
    ...newPasswordShape,
    subscriptionIds: z
      .array(idSchema, { error: messages.invalidValue })
      .max(500, { error: messages.invalidValue }),
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;

export const addressSchema = z.object({
  line: addressLineSchema,
  city: citySchema,
  state: stateCodeSchema,
  zip: zipSchema,
});
export type AddressInput = z.infer<typeof addressSchema>;

/** The fields of a payment card; `options` are those of `cardExpirySchema` (a fixed `now` for tests, a month limit). */
export function paymentCardFields(options?: CardExpiryOptions) {
  return {
    number: cardNumberSchema,
    cvv: cvvSchema,
    expiry: cardExpirySchema(options),
  };
}

/** A payment card, its security code checked against the card's brand. */
export function paymentCardSchema(options?: CardExpiryOptions) {
  return z.object(paymentCardFields(options)).superRefine(securityCodeMatchesCard);
}
export type PaymentCardInput = z.infer<ReturnType<typeof paymentCardSchema>>;
