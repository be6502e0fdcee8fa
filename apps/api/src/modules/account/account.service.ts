import type {
  ForgotPasswordInput,
  RegisterInput,
  ResetPasswordInput,
} from '@homeminder/shared/validation/forms';
import { decoyPasswordHash } from '../../lib/password';
import type { CounterStore } from '../../lib/counter-store';
import { BadRequestError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuditService } from '../audit/audit.service';
import { loginFailureAccountKey } from '../auth/auth.service';
import { passwordResetEmail, welcomeEmail } from './account.emails';
import type { AccountRepository } from './account.repository';

export const resetLinkLifetimeMs = 60 * 60 * 1000;
/** A new account's link to choose a first password: long enough to find the email after a weekend. */
export const welcomeLinkLifetimeMs = 72 * 60 * 60 * 1000;
/** Reset emails per address and hour; more requests get the same answer but no email. */
const resetEmailsPerHour = 5;
const resetRequestKey = (email: string) => `reset-request:${email.trim().toLowerCase()}`;

export const accountMessages = {
  resetRequested:
    'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.',
  resetLinkInvalid: 'This reset link is not valid any more. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  invitationInvalid:
    'This invitation is not valid. Please check the code in your email or ask your realtor for a new one.',
  registered: 'Your HomeMinder sign-in is ready.',
} as const;

interface Dependencies {
  accounts: AccountRepository;
  counters: CounterStore;
  audit: AuditService;
  /** The portal's address for links in emails, ending with the base path. */
  portalUrl: string;
  now?: () => Date;
}

export function accountService({
  accounts,
  counters,
  audit,
  portalUrl,
  now = () => new Date(),
}: Dependencies) {
  /**
   * Stores a single-use link for the user to choose a password and queues its email (the reset
   * email, or the welcome email of a new account). Answers false, sending nothing, when the
   * address already had its reset emails of the hour.
   */
  async function sendPasswordLink(
    user: { tenantId: string; id: string; email: string; firstName: string },
    options: { ip: string; actorUserId: string | null; welcome?: boolean },
  ): Promise<boolean> {
    const { count } = await counters.increment(resetRequestKey(user.email), 60 * 60 * 1000);
    if (count > resetEmailsPerHour) return false;
    const token = newToken();
    const at = now();
    const lifetimeMs = options.welcome ? welcomeLinkLifetimeMs : resetLinkLifetimeMs;
    const linkUrl = `${portalUrl}reset?token=${encodeURIComponent(token)}`;
    const validMinutes = lifetimeMs / 60_000;
    await accounts.createReset({
      tenantId: user.tenantId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + lifetimeMs),
      kind: options.welcome ? 'welcome' : 'password-reset',
      email: {
        toAddress: user.email,
        ...(options.welcome
          ? welcomeEmail({
              firstName: user.firstName,
              setPasswordUrl: linkUrl,
              validHours: validMinutes / 60,
            })
          : passwordResetEmail({ firstName: user.firstName, resetUrl: linkUrl, validMinutes })),
      },
    });
    await audit.record({
      tenantId: user.tenantId,
      actorUserId: options.actorUserId ?? user.id,
      action: options.welcome ? 'auth.welcome-link-sent' : 'auth.password-reset-requested',
      recordType: 'tenant-user',
      recordId: user.id,
      ipAddress: options.ip,
    });
    return true;
  }

  return {
    sendPasswordLink,

    /** Always the same answer, whether or not the address belongs to an account. */
    async requestPasswordReset(input: ForgotPasswordInput, ip: string) {
      const user = await accounts.findActiveUserByEmail(input.email);
      if (user) await sendPasswordLink(user, { ip, actorUserId: null });
      else await counters.increment(resetRequestKey(input.email), 60 * 60 * 1000);
      return { message: accountMessages.resetRequested };
    },

    /** A client invited by their realtor creates a sign-in with the code from the invitation. */
    async register(input: RegisterInput, ip: string) {
      const passwordHash = await hashPassword(input.password);
      const client = await accounts.redeemClientInvitation({
        email: input.email,
        invitationCodeHash: hashToken(input.invitationCode.trim()),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        at: now(),
      });
      if (!client) {
        // Same work either way, so the answer time does not tell whether the email is a client's.
        await decoyPasswordHash();
        throw new BadRequestError(accountMessages.invitationInvalid);
      }
      await audit.record({
        tenantId: client.tenantId,
        actorUserId: null,
        action: 'client.registered',
        recordType: 'client-user',
        recordId: client.id,
        ipAddress: ip,
      });
      return { message: accountMessages.registered };
    },

    async resetPassword(input: ResetPasswordInput, ip: string) {
      const passwordHash = await hashPassword(input.password);
      const reset = await accounts.consumeReset(hashToken(input.token), passwordHash, now());
      if (!reset) throw new BadRequestError(accountMessages.resetLinkInvalid);
      // A new password lifts a sign-in lock-out: the person has proved they own the mailbox.
      await counters.reset(loginFailureAccountKey(reset.email));
      await audit.record({
        tenantId: reset.tenantId,
        actorUserId: reset.userId,
        action: 'auth.password-reset',
        ipAddress: ip,
      });
      return { message: accountMessages.passwordChanged };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
