import { sessionLifetimeMs } from '@homeminder/shared/constants';
import type { LoginInput } from '@homeminder/shared/validation/forms';
import type { CounterStore } from '../../lib/counter-store';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuditService } from '../audit/audit.service';
import type { SessionRepository } from './session.repository';
import type { userLookupRepository } from './user-lookup.repository';

export const loginThrottle = {
  windowMs: 15 * 60 * 1000,
  /** Failures allowed per account in the window before sign-in is refused. */
  perAccount: 10,
  /** Failures allowed per network address: generous, since a whole office may share one. */
  perAddress: 100,
} as const;

export const authMessages = {
  badCredentials: 'The email or password is incorrect.',
  accountDisabled: 'This account is disabled. Please contact your administrator.',
  corporationDisabled: 'Your company account is disabled. Please contact support.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
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

export function authService({ users, sessions, counters, audit, now = () => new Date() }: Dependencies) {
  const accountKey = loginFailureAccountKey;
  const addressKey = (ip: string) => `login-fail:address:${ip}`;

  async function refuseWhenThrottled(email: string, ip: string) {
    const [account, address] = await Promise.all([
      counters.get(accountKey(email)),
      counters.get(addressKey(ip)),
    ]);
    const blocked = [
      account.count >= loginThrottle.perAccount ? account.resetInMs : 0,
      address.count >= loginThrottle.perAddress ? address.resetInMs : 0,
    ];
    const waitMs = Math.max(...blocked);
    if (waitMs > 0) {
      throw new TooManyRequestsError(authMessages.tooManyAttempts(Math.ceil(waitMs / 60_000)), waitMs / 1000);
    }
  }

  async function countFailure(email: string, ip: string) {
    await Promise.all([
      counters.increment(accountKey(email), loginThrottle.windowMs),
      counters.increment(addressKey(ip), loginThrottle.windowMs),
    ]);
  }

  return {
    async login(input: LoginInput, client: { ip: string; userAgent: string | null }) {
      await refuseWhenThrottled(input.username, client.ip);
      const user = await users.findByEmail(input.username);
      // Verify against a decoy when the account is unknown, so both cases take the same time.
      const passwordMatches = await verifyPassword(
        user?.passwordHash ?? (await decoyPasswordHash()),
        input.password,
      );
      if (!user || !user.passwordHash || !passwordMatches) {
        await countFailure(input.username, client.ip);
        if (user) {
          await audit.record({
            tenantId: user.tenantId,
            actorUserId: user.id,
            action: 'auth.login-failed',
            ipAddress: client.ip,
          });
        }
        throw new UnauthorizedError(authMessages.badCredentials);
      }
      if (!user.corporationEnabled) throw new UnauthorizedError(authMessages.corporationDisabled);
      if (!user.enabled) throw new UnauthorizedError(authMessages.accountDisabled);

      await counters.reset(accountKey(input.username));
      const token = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + sessionLifetimeMs);
      await sessions.create({
        tokenHash: hashToken(token),
        tenantId: user.tenantId,
        userId: user.id,
        expiresAt,
        rememberMe: input.rememberMe,
        userAgent: client.userAgent,
        ipAddress: client.ip,
      });
      await users.recordLogin(user.tenantId, user.id, at);
      await audit.record({
        tenantId: user.tenantId,
        actorUserId: user.id,
        action: 'auth.login',
        ipAddress: client.ip,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },

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
