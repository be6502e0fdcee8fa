import { sessionLifetimeMs } from '@homeminder/shared/constants';
import type { LoginInput } from '@homeminder/shared/validation/forms';
import type { CounterStore } from '../../lib/counter-store';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { authMessages } from '../../access/auth-context';
import type { AuditService } from '../audit';
import type { SessionRepository } from './session.repository';
import type { userLookupRepository } from './user-lookup.repository';

export const loginThrottle = {
  windowMs: 15 * 60 * 1000,
  /** Failures allowed per account in the window before sign-in is refused. */
  perAccount: 10,
  /** Failures allowed per network address: generous, since a whole office may share one. */
  perAddress: 100,
} as const;

/** The throttle counter of failed sign-ins for one account; a password reset clears it. */
export const loginFailureAccountKey = (email: string) => `login-fail:account:${email.trim().toLowerCase()}`;

interface Dependencies {
  users: ReturnType<typeof userLookupRepository>;
  sessions: SessionRepository;
  counters: CounterStore;
  audit: AuditService;
  now?: () => Date;
}

/** Where a sign-in comes from, kept with its session. */
export interface SignInFrom {
  ip: string;
  userAgent: string | null;
}

export function authService({ users, sessions, counters, audit, now = () => new Date() }: Dependencies) {
  const accountKey = loginFailureAccountKey;
  const addressKey = (ip: string) => `login-fail:address:${ip}`;

  /**
   * Counts the attempt before the password is checked, in one atomic step per counter, so guesses
   * sent at once cannot all be checked before any of them is counted. Returns what undoes the
   * count: a refused attempt was never checked, and a sign-in that succeeds is not a failure.
   */
  async function countAttempt(email: string, ip: string) {
    const keys = [accountKey(email), addressKey(ip)] as const;
    const [account, address] = await Promise.all(
      keys.map((key) => counters.increment(key, loginThrottle.windowMs)),
    );
    const refund = async () => {
      await Promise.all(keys.map((key) => counters.decrement(key, loginThrottle.windowMs)));
    };
    const waitMs = Math.max(
      account!.count > loginThrottle.perAccount ? account!.resetInMs : 0,
      address!.count > loginThrottle.perAddress ? address!.resetInMs : 0,
    );
    if (waitMs > 0) {
      await refund();
      throw new TooManyRequestsError(authMessages.tooManyAttempts(Math.ceil(waitMs / 60_000)), waitMs / 1000);
    }
    return {
      async succeeded() {
        await counters.reset(keys[0], loginThrottle.windowMs);
        await counters.decrement(keys[1], loginThrottle.windowMs);
      },
    };
  }

  /**
   * The homeowner sign-in an address and password open: the first whose password matches, else
   * the first one (to be refused as a wrong password), else none.
   */
  async function matchingClient(input: LoginInput) {
    const clients = await users.findClientsByEmail(input.username);
    for (const candidate of clients) {
      if (candidate.passwordHash && (await verifyPassword(candidate.passwordHash, input.password)))
        return { ...candidate, isClient: true, passwordMatches: true };
    }
    const [first] = clients;
    return first && { ...first, isClient: true, passwordMatches: false };
  }

  /** A new session of the user, its sign-in recorded; returns its bearer token. */
  async function openSession(
    user: { tenantId: string; id: string; isClient: boolean },
    rememberMe: boolean,
    client: SignInFrom,
  ) {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + sessionLifetimeMs);
    await sessions.create({
      tokenHash: hashToken(token),
      tenantId: user.tenantId,
      ...(user.isClient ? { clientUserId: user.id } : { userId: user.id }),
      expiresAt,
      rememberMe,
      userAgent: client.userAgent,
      ipAddress: client.ip,
    });
    if (!user.isClient) await users.recordLogin(user.tenantId, user.id, at);
    await audit.record({
      tenantId: user.tenantId,
      actorUserId: user.id,
      action: user.isClient ? 'auth.client-login' : 'auth.login',
      ipAddress: client.ip,
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  return {
    async login(input: LoginInput, client: SignInFrom) {
      const attempt = await countAttempt(input.username, client.ip);
      const staff = await users.findByEmail(input.username);
      // An address without a staff account may be a homeowner's (docs/decisions/062); the same
      // address may have registered with several corporations, and the password tells which.
      const user = staff
        ? { ...staff, isClient: false, passwordMatches: undefined }
        : await matchingClient(input);
      // Verify against a decoy when the account is unknown, so both cases take the same time.
      const passwordMatches =
        user?.passwordMatches ??
        (await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password));
      // A disabled account or corporation responds as a wrong password does, so the response never
      // confirms the password of an account that cannot sign in (docs/decisions/049).
      const usable = user?.enabled && user.corporationEnabled;
      if (!user || !user.passwordHash || !passwordMatches || !usable) {
        if (user) {
          await audit.record({
            tenantId: user.tenantId,
            actorUserId: user.id,
            action: passwordMatches ? 'auth.login-refused-disabled' : 'auth.login-failed',
            ipAddress: client.ip,
          });
        }
        throw new UnauthorizedError(authMessages.badCredentials);
      }

      await attempt.succeeded();
      return openSession(user, input.rememberMe, client);
    },

    /**
     * Signs in a homeowner who has just proved who they are another way (their invitation's
     * single-use link and a new password), as a sign-in with that password would.
     */
    startClientSession: (clientUser: { tenantId: string; id: string }, client: SignInFrom) =>
      openSession({ ...clientUser, isClient: true }, false, client),

    async logout(session: { tokenHash: string; tenantId: string; userId: string }, ip: string) {
      await sessions.revoke(session.tokenHash, now());
      await audit.record({
        tenantId: session.tenantId,
        actorUserId: session.userId,
        action: 'auth.logout',
        ipAddress: ip,
      });
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
