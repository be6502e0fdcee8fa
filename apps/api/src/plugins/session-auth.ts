import { eq } from 'drizzle-orm';
import { impersonationMessages } from '@homeminder/shared/contracts/auth';
import { Privilege } from '@homeminder/shared/permissions';
import { guidSchema } from '@homeminder/shared/validation/rules';
import { tenantMessages, type AuthContext } from '../access/auth-context';
import type { Database } from '../db/client';
import { withAllTenants } from '../db/data-scope';
import { corporations } from '../db/schema';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import type { SessionRecord, SessionRepository } from '../modules/auth/session.repository';

/** The tokens a request presents, whichever part of it carries them. */
export interface PresentedTokens {
  /** The token of the sign-in. */
  session: string;
  /** While acting as another user: the token `POST /auth/impersonate/:userId` responded with. */
  acting: string | null;
}

/**
 * What an acting token that has ended means. `refuse`: a 403, since the person is still signed in
 * as themselves and a 401 would sign them out (docs/decisions/020). `asThemselves`: the request is
 * the person's own, as signing out and switching back are, and as a page is.
 */
export type EndedActing = 'refuse' | 'asThemselves';

/**
 * Who a session token stands for, the one way every part of the server finds out: the API from
 * its headers (plugins/auth.ts), the pages from their cookies (plugins/session-cookies.ts). A
 * session counts only while it is unrevoked, unexpired, and its user and corporation are enabled.
 */
export function sessionAuthenticator({
  db,
  sessions,
  now = () => new Date(),
}: {
  db: Database;
  sessions: SessionRepository;
  now?: () => Date;
}) {
  function isLive(session: SessionRecord): boolean {
    return (
      !session.revokedAt &&
      session.expiresAt.getTime() > now().getTime() &&
      session.userEnabled &&
      session.corporationEnabled
    );
  }

  function contextOf(session: SessionRecord, impersonator: AuthContext['impersonator']): AuthContext {
    const { roles, privileges } = session;
    return {
      tokenHash: session.tokenHash,
      kind: session.isClient ? 'client' : 'staff',
      userId: session.userId,
      homeTenantId: session.tenantId,
      tenantId: session.tenantId,
      email: session.email,
      name: `${session.firstName} ${session.lastName}`,
      homeTenantName: session.corporationName,
      roles,
      privileges,
      impersonator,
    };
  }

  return {
    /**
     * The person a live session stands for, or the user they act as, in their home corporation;
     * null when the session has ended or the token is none. Finding a session spans corporations:
     * the token alone says whose it is, in one statement of its own (docs/decisions/037).
     */
    async identify(tokens: PresentedTokens, endedActing: EndedActing): Promise<AuthContext | null> {
      const tokenHash = hashToken(tokens.session);
      const session = await sessions.find(tokenHash);
      // An impersonation token is never a session token of its own.
      if (!session || !isLive(session) || session.parentTokenHash) return null;
      if (!tokens.acting) return contextOf(session, null);

      const acting = await sessions.find(hashToken(tokens.acting));
      // It ends with the parent session, at its own expiry, or when either user is disabled.
      const ended = !acting || acting.parentTokenHash !== tokenHash || !isLive(acting);
      if (ended && endedActing === 'refuse') throw new ForbiddenError(impersonationMessages.ended);
      if (ended) return contextOf(session, null);
      return contextOf(acting, {
        userId: session.userId,
        tenantId: session.tenantId,
        name: `${session.firstName} ${session.lastName}`,
        tokenHash,
      });
    },

    /**
     * The corporation a request acts on (docs/requirements.md §11, "Tenancy"): the user's own when
     * none is asked for; another only with ActAcrossTenants, and only one that exists.
     */
    async selectedTenant(asked: string | string[] | undefined, auth: AuthContext): Promise<string> {
      const value = Array.isArray(asked) ? asked[0] : asked;
      if (value === undefined || value.trim() === '') return auth.homeTenantId;
      const parsed = guidSchema.safeParse(value.trim());
      if (!parsed.success) throw new BadRequestError(tenantMessages.invalidHeader);
      const tenantId = parsed.data.toLowerCase();
      if (tenantId === auth.homeTenantId) return tenantId;
      if (!auth.privileges.has(Privilege.ActAcrossTenants))
        throw new ForbiddenError(tenantMessages.foreignTenant);
      const [corporation] = await withAllTenants(db, () =>
        db.select({ id: corporations.id }).from(corporations).where(eq(corporations.id, tenantId)),
      );
      if (!corporation) throw new NotFoundError(tenantMessages.unknownTenant);
      return tenantId;
    },
  };
}
export type SessionAuthenticator = ReturnType<typeof sessionAuthenticator>;
