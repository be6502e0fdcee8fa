import {
  accountMessages,
  invitationLifetimeMs,
  invitationsPerRecipientPerHour,
  resetLinkLifetimeMs,
  type Invitation,
  type InvitationSent,
  type Registered,
} from '@homeminder/shared/contracts/account';
import type {
  ForgotPasswordInput,
  RegisterInput,
  ResetPasswordInput,
} from '@homeminder/shared/validation/forms';
import { messages } from '@homeminder/shared/validation/messages';
import type { AfterResponse } from '../../lib/after-response';
import type { CounterStore } from '../../lib/counter-store';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '../../lib/errors';
import { AddressSuppressedError, invitationSkipOf, type InvitationSkip } from './invitation-refusals';
import { hashPassword } from '../../lib/password';
import { defaultBrandColour, type EmailBrand } from '../../lib/mail/layout';
import { mailLinks } from '../../lib/mail/links';
import type { Signer } from '../../lib/signing';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../access/auth-context';
import type { AuditService } from '../audit';
import { type AuthService, loginFailureAccountKey, loginThrottle, type SignInFrom } from '../auth';
import { realtorScope } from '../../access/client-scope';
import { clientInvitationEmail, passwordResetEmail, welcomeEmail } from './account.emails';
import type { AccountRepository } from './account.repository';

export { accountMessages, invitationLifetimeMs, resetLinkLifetimeMs };

/** A new account's link to choose a first password: long enough to find the email after a weekend. */
export const welcomeLinkLifetimeMs = 72 * 60 * 60 * 1000;

/**
 * Throttles of the public account routes (docs/decisions/023). Per address: reset emails an
 * address gets in an hour; more requests get the same response and no email, so the limit tells
 * nothing about the address. Per network address: requests to the public routes, refused with 429
 * beyond the limit (generous: a whole office may share one address).
 */
export const accountThrottle = {
  windowMs: 60 * 60 * 1000,
  resetEmailsPerAddress: 5,
  requestsPerNetworkAddress: 60,
  /** Invitations one person sends: enough to welcome a whole list of clients, not to spam. */
  invitationsPerSender: 50,
  /** Invitations one client's address gets from anyone of the corporation: a resend or two, never a flood. */
  invitationsPerRecipient: invitationsPerRecipientPerHour,
} as const;
const resetRequestKey = (email: string) => `reset-request:${email.trim().toLowerCase()}`;
const networkKey = (ip: string) => `account-request:address:${ip}`;
const invitationsKey = (userId: string) => `invitations:${userId}`;
// Per corporation: another corporation's invitations to the same address neither count nor show.
const invitationsToKey = (tenantId: string, email: string) =>
  `invitations-to:${tenantId}:${email.trim().toLowerCase()}`;

/** A client the caller may invite, as the repository finds them. */
type Invitee = NonNullable<Awaited<ReturnType<AccountRepository['findInvitee']>>>;

interface Dependencies {
  accounts: AccountRepository;
  counters: CounterStore;
  audit: AuditService;
  /** The portal's address for links in emails, ending with the base path. */
  portalUrl: string;
  /** Signs the image links of emails. */
  signing: Signer;
  /** Runs what a response must not wait for. */
  later: AfterResponse;
  /** Signs in a homeowner who has just registered. */
  startClientSession: AuthService['startClientSession'];
  now?: () => Date;
}

export function accountService({
  accounts,
  counters,
  audit,
  portalUrl,
  signing,
  later,
  startClientSession,
  now = () => new Date(),
}: Dependencies) {
  const links = mailLinks(signing, portalUrl);

  /** The corporation's brand on its account emails. */
  async function brandOf(tenantId: string): Promise<EmailBrand> {
    const brand = await accounts.corporationBrand(tenantId);
    return {
      name: brand.name,
      logoUrl: brand.hasImage ? await links.brandingImage(tenantId) : null,
      colour: brand.colour ?? defaultBrandColour,
    };
  }

  /** Counts a request to a public account route from the network address; 429 beyond the limit. */
  async function throttleNetworkAddress(ip: string) {
    const { count, resetInMs } = await counters.increment(networkKey(ip), accountThrottle.windowMs);
    if (count > accountThrottle.requestsPerNetworkAddress) {
      throw new TooManyRequestsError(
        accountMessages.tooManyRequests(Math.max(1, Math.ceil(resetInMs / 60_000))),
        resetInMs / 1000,
      );
    }
  }

  /**
   * Stores a single-use link for the user to choose a password and queues its email (the reset
   * email, or the welcome email of a new account). Returns false, sending nothing, when the
   * address already had its reset emails of the hour.
   */
  async function sendPasswordLink(
    user: { tenantId: string; id: string; email: string; firstName: string; isClient?: boolean },
    options: { ip: string; actorUserId: string | null; welcome?: boolean },
  ): Promise<boolean> {
    const { count } = await counters.increment(resetRequestKey(user.email), accountThrottle.windowMs);
    if (count > accountThrottle.resetEmailsPerAddress) return false;
    const token = newToken();
    const at = now();
    const lifetimeMs = options.welcome ? welcomeLinkLifetimeMs : resetLinkLifetimeMs;
    const linkUrl = `${portalUrl}reset?token=${encodeURIComponent(token)}`;
    const validMinutes = lifetimeMs / 60_000;
    const brand = await brandOf(user.tenantId);
    await accounts.createReset({
      tenantId: user.tenantId,
      userId: user.id,
      isClient: user.isClient ?? false,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + lifetimeMs),
      email: {
        kind: options.welcome ? 'welcome' : 'password-reset',
        toAddress: user.email,
        fromName: brand.name,
        ...(options.welcome
          ? welcomeEmail({
              firstName: user.firstName,
              brand,
              setPasswordUrl: linkUrl,
              validHours: validMinutes / 60,
            })
          : passwordResetEmail({
              firstName: user.firstName,
              brand,
              resetUrl: linkUrl,
              validMinutes,
            })),
      },
    });
    await audit.record({
      tenantId: user.tenantId,
      actorUserId: options.actorUserId ?? user.id,
      action: options.welcome ? 'auth.welcome-link-sent' : 'auth.password-reset-requested',
      recordType: user.isClient ? 'client-user' : 'tenant-user',
      recordId: user.id,
      ipAddress: options.ip,
    });
    return true;
  }

  /**
   * Invites a client the caller may see: at most `invitationsPerRecipient` an hour to one
   * client's address, whoever sends them.
   */
  async function inviteClient(
    caller: { auth: AuthContext; ip: string },
    clientId: string,
    audited: boolean,
  ): Promise<InvitationSent> {
    const { auth } = caller;
    const client = await accounts.findInvitee(auth.tenantId, realtorScope(auth), clientId);
    if (!client) throw new NotFoundError(messages.unableClientUser);
    if (client.registered) throw new ConflictError(accountMessages.alreadyRegistered);
    if (!client.enabled) throw new BadRequestError(accountMessages.clientDisabled);
    const suppressed = await accounts.suppressionOf(client.tenantId, client.email);
    if (suppressed)
      throw new AddressSuppressedError(accountMessages.addressSuppressed(client.email, suppressed.reason));
    // Counted before sending, in one step, and given back when nothing was sent.
    const recipientKey = invitationsToKey(client.tenantId, client.email);
    const received = await counters.increment(recipientKey, accountThrottle.windowMs);
    try {
      if (received.count > accountThrottle.invitationsPerRecipient) {
        const minutes = Math.max(1, Math.ceil(received.resetInMs / 60_000));
        throw new TooManyRequestsError(
          accountMessages.tooManyInvitationsToClient(client.email, minutes),
          received.resetInMs / 1000,
        );
      }
      return await sendInvitation(caller, client, audited);
    } catch (error) {
      await counters.decrement(recipientKey, accountThrottle.windowMs);
      throw error;
    }
  }

  /** Stores the client's new invitation and queues its email. */
  async function sendInvitation(
    { auth, ip }: { auth: AuthContext; ip: string },
    client: Invitee,
    audited = true,
  ): Promise<InvitationSent> {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + invitationLifetimeMs);
    const brand = await brandOf(client.tenantId);
    const saved = await accounts.saveInvitation({
      tenantId: client.tenantId,
      clientId: client.id,
      codeHash: hashToken(token),
      expiresAt,
      at,
      email: {
        kind: 'client-invitation',
        toAddress: client.email,
        fromName: brand.name,
        ...clientInvitationEmail({
          firstName: client.firstName,
          brand,
          inviterName: client.realtorName ?? auth.name,
          registerUrl: `${portalUrl}register?token=${encodeURIComponent(token)}`,
          validDays: invitationLifetimeMs / 86_400_000,
        }),
      },
    });
    if (!saved) throw new ConflictError(accountMessages.alreadyRegistered);
    if (audited)
      await audit.record({
        tenantId: client.tenantId,
        actorUserId: auth.userId,
        realActorUserId: auth.impersonator?.userId ?? auth.userId,
        action: 'client.invited',
        recordType: 'client-user',
        recordId: client.id,
        details: { email: client.email, expiresAt: expiresAt.toISOString() },
        ipAddress: ip,
      });
    return {
      message: accountMessages.invitationSent(client.email),
      email: client.email,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * Invites a client within the sender's hourly invitations: counted before sending, in one step,
   * and given back when nothing was sent. `audited` false leaves the entry to the caller.
   */
  async function invite(caller: { auth: AuthContext; ip: string }, clientId: string, audited = true) {
    const key = invitationsKey(caller.auth.impersonator?.userId ?? caller.auth.userId);
    const sent = await counters.increment(key, accountThrottle.windowMs);
    try {
      if (sent.count > accountThrottle.invitationsPerSender) {
        const minutes = Math.max(1, Math.ceil(sent.resetInMs / 60_000));
        throw new TooManyRequestsError(accountMessages.tooManyInvitations(minutes), sent.resetInMs / 1000);
      }
      return await inviteClient(caller, clientId, audited);
    } catch (error) {
      await counters.decrement(key, accountThrottle.windowMs);
      throw error;
    }
  }

  /**
   * Invites each client of a selection (docs/decisions/080) as one invitation is sent, limits and
   * all; a client one invitation would refuse is counted as skipped, by why. The caller writes one
   * audit entry for the whole selection.
   */
  async function inviteSelected(caller: { auth: AuthContext; ip: string }, clientIds: readonly string[]) {
    const invited: string[] = [];
    const skipped: Partial<Record<InvitationSkip, number>> = {};
    for (const clientId of clientIds) {
      try {
        await invite(caller, clientId, false);
        invited.push(clientId);
      } catch (error) {
        const reason = invitationSkipOf(error);
        if (!reason) throw error;
        skipped[reason] = (skipped[reason] ?? 0) + 1;
      }
    }
    return { invited, skipped };
  }

  return {
    sendPasswordLink,
    inviteSelected,

    /**
     * Always the same response, whether or not the address belongs to an account. The response leaves
     * before anything is done for the address, so its timing tells nothing either
     * (docs/decisions/049); what follows is the same kind of work for an unknown address: a token
     * is made, the email rendered and a transaction of the same shape run (docs/decisions/023).
     */
    async requestPasswordReset(input: ForgotPasswordInput, ip: string) {
      await throttleNetworkAddress(ip);
      later.run(async () => {
        const user = await accounts.findActiveUserByEmail(input.email);
        if (user && (await sendPasswordLink(user, { ip, actorUserId: null }))) return;
        // An unknown address, or one that had its emails of the hour: the same kind of work.
        if (!user) await counters.increment(resetRequestKey(input.email), accountThrottle.windowMs);
        const token = newToken();
        passwordResetEmail({
          firstName: '',
          brand: { name: '', logoUrl: null, colour: defaultBrandColour },
          resetUrl: `${portalUrl}reset?token=${token}`,
          validMinutes: resetLinkLifetimeMs / 60_000,
        });
        await accounts.decoyReset(hashToken(token));
      });
      return { message: accountMessages.resetRequested };
    },

    /** Whether a reset link still works, so /reset can say so before a password is typed. */
    async resetLinkStatus(token: string, ip: string) {
      await throttleNetworkAddress(ip);
      return { valid: await accounts.resetIsLive(hashToken(token), now()) };
    },

    async resetPassword(input: ResetPasswordInput, ip: string) {
      await throttleNetworkAddress(ip);
      const passwordHash = await hashPassword(input.password);
      const reset = await accounts.consumeReset(hashToken(input.token), passwordHash, now());
      if (!reset) throw new BadRequestError(accountMessages.resetLinkInvalid);
      // A new password lifts a sign-in lock-out: the person has proved they own the mailbox.
      await counters.reset(loginFailureAccountKey(reset.email), loginThrottle.windowMs);
      await audit.record({
        tenantId: reset.tenantId,
        actorUserId: reset.userId,
        action: 'auth.password-reset',
        ipAddress: ip,
      });
      return { message: accountMessages.passwordChanged };
    },

    /**
     * A realtor invites one of their clients (managers and administrators any client of the
     * corporation) to create a sign-in: a single-use link valid 7 days, emailed through the
     * outbox. A new invitation replaces the previous one. Each person sends a bounded number an
     * hour: counted before sending, in one step, and given back when nothing was sent.
     */
    inviteClient: (caller: { auth: AuthContext; ip: string }, clientId: string): Promise<InvitationSent> =>
      invite(caller, clientId),

    /** What /register shows for a live invitation link; 404 with a clear message otherwise. */
    async invitation(token: string, ip: string): Promise<Invitation> {
      await throttleNetworkAddress(ip);
      const invitation = await accounts.findInvitation(hashToken(token.trim()), now());
      if (!invitation) throw new NotFoundError(accountMessages.invitationInvalid);
      const { tenantId: _tenantId, id: _id, ...shown } = invitation;
      return shown;
    },

    /** A client invited by their realtor creates a sign-in and keeps the reminders they chose. */
    async register(input: RegisterInput, from: SignInFrom): Promise<Registered> {
      const { ip } = from;
      await throttleNetworkAddress(ip);
      const passwordHash = await hashPassword(input.password);
      const client = await accounts.redeemInvitation({
        codeHash: hashToken(input.token.trim()),
        passwordHash,
        keepSubscriptionIds: input.subscriptionIds,
        at: now(),
      });
      if (!client) throw new BadRequestError(accountMessages.invitationInvalid);
      await audit.record({
        tenantId: client.tenantId,
        actorUserId: null,
        action: 'client.registered',
        recordType: 'client-user',
        recordId: client.id,
        details: {
          kept: client.kept.map((subscription) => subscription.reminderName),
          declined: client.declined.map((subscription) => subscription.reminderName),
        },
        ipAddress: ip,
      });
      // The new sign-in opens at once: the homeowner lands on their page, not on a sign-in form.
      const session = await startClientSession(client, from);
      return {
        message: accountMessages.registered,
        reminders: client.kept.map((subscription) => subscription.reminderName),
        ...session,
      };
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
