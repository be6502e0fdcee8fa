/**
 * Account flows that come by email: forgot password, reset, and a client's invitation to create a
 * sign-in (/register). See docs/decisions/023.
 */
import { z } from '../zod';
import { messageResponseSchema, personShape } from './shapes';
import { requiredString } from '../validation/rules';
import { subscriptionSchema } from './clients';
import { loginResponseSchema } from './auth';

/** How long the links in account emails work. */
export const resetLinkLifetimeMs = 60 * 60 * 1000;
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** Invitations one client's address gets in an hour, whoever sends them (docs/decisions/076). */
export const invitationsPerRecipientPerHour = 3;

export const accountMessages = {
  resetRequested:
    'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.',
  resetLinkInvalid: 'This reset link is not valid any more: it was used, or it is over an hour old.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  tooManyRequests: (minutes: number) =>
    `Too many requests from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  invitationInvalid:
    'This invitation link is not valid any more: it was used, replaced by a newer one, or it is over 7 days old. Please ask your realtor to invite you again.',
  invitationUnknownSubscription: 'Choose only among the reminders listed in your invitation.',
  registered: 'Your HomeMinder sign-in is ready.',
  alreadyRegistered: 'This client already has a sign-in.',
  clientDisabled: 'This client is disabled: enable a property before inviting them.',
  invitationSent: (email: string) => `The invitation is on its way to ${email}. Its link works for 7 days.`,
  tooManyInvitations: (minutes: number) =>
    `You have sent many invitations in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending more.`,
  /** The mail relay reported the address (docs/decisions/101): nothing is sent to it. */
  addressSuppressed: (email: string, reason: 'bounce' | 'complaint') =>
    reason === 'bounce'
      ? `Emails to ${email} bounce, so the invitation was not sent. Correct the address with Edit first.`
      : `${email} marked one of our emails as spam, so the invitation was not sent.`,
  tooManyInvitationsToClient: (email: string, minutes: number) =>
    `${email} has been sent ${invitationsPerRecipientPerHour} invitations in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before inviting them again.`,
} as const;

/** A token from an emailed link, sent in a body so it stays out of access logs. */
export const linkTokenSchema = z.object({ token: requiredString });
export type LinkTokenInput = z.infer<typeof linkTokenSchema>;

export const resetLinkStatusSchema = z.object({ valid: z.boolean() });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

/** A subscription the invitation offers, by its reminder's and frequency's names. */
export const invitationSubscriptionSchema = subscriptionSchema
  .pick({ id: true, reminderName: true, frequencyName: true })
  .extend({
    /** The property's address, one line. */
    property: z.string(),
  });
export type InvitationSubscription = z.infer<typeof invitationSubscriptionSchema>;

/** What /register shows of a valid invitation. */
export const invitationSchema = z.object({
  ...personShape,
  corporationName: z.string(),
  realtorName: z.string().nullable(),
  expiresAt: z.string(),
  subscriptions: z.array(invitationSubscriptionSchema),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationSentSchema = messageResponseSchema.extend({
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** The homeowner is signed in at once: the response holds their new session, as signing in does. */
export const registeredSchema = messageResponseSchema.extend({
  /** The reminders the client kept, by name. */
  reminders: z.array(z.string()),
  ...loginResponseSchema.shape,
});
export type Registered = z.infer<typeof registeredSchema>;
