import { and, eq, sql } from 'drizzle-orm';
import { Privilege } from '@homeminder/shared/permissions';
import type { Database } from '../../db/client';
import { withAllTenants } from '../../db/data-scope';
import { corporations, tenantUsers } from '../../db/schema';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../access/auth-context';
import { impersonationMessages } from '@homeminder/shared/contracts/auth';
import { actingSessionAction, type AuditService } from '../audit';
import { actingSessionId } from '../../lib/real-actor';
import type { SessionRepository } from './session.repository';

/** Acting as another user lasts at most this long, and never beyond the parent session. */
export const impersonationLifetimeMs = 60 * 60 * 1000;

export const impersonationRefusals = {
  notFound: 'The user was not found.',
  self: 'You are already signed in as this user.',
  otherCorporation: 'You can only act as users of your own company.',
  disabled: 'This user is disabled and cannot be acted as.',
  morePrivileges: 'You cannot act as a user who may do more than you.',
} as const;

interface Dependencies {
  db: Database;
  sessions: SessionRepository;
  audit: AuditService;
  now: () => Date;
}

/** Impersonation (docs/requirements.md §11): one user acts as another, within strict limits. */
export function impersonationService({ db, sessions, audit, now }: Dependencies) {
  async function startChecked(
    auth: AuthContext,
    targetUserId: string,
    client: { ip: string; userAgent: string | null },
  ) {
    const [target] = await db
      .select({
        tenantId: tenantUsers.tenantId,
        id: tenantUsers.id,
        name: sql<string>`${tenantUsers.firstName} || ' ' || ${tenantUsers.lastName}`,
        enabled: tenantUsers.enabled,
        corporationEnabled: corporations.enabled,
      })
      .from(tenantUsers)
      .innerJoin(corporations, eq(corporations.id, tenantUsers.tenantId))
      .where(and(eq(tenantUsers.id, targetUserId)));
    // Every refusal is a 403 (docs/decisions/020). Without the cross-tenant privilege, an id
    // outside the user's own corporation is refused the same way whether it exists or not, so
    // the response never tells whether another corporation has such a user.
    if (!auth.privileges.has(Privilege.ActAcrossTenants)) {
      if (!target || target.tenantId !== auth.homeTenantId)
        throw new ForbiddenError(impersonationRefusals.otherCorporation);
    } else if (!target) {
      throw new NotFoundError(impersonationRefusals.notFound);
    }
    if (!target.enabled || !target.corporationEnabled)
      throw new ForbiddenError(impersonationRefusals.disabled);
    const { privileges } = await sessions.roleAndPrivilegeNames(target.tenantId, target.id);
    if ([...privileges].some((privilege) => !auth.privileges.has(privilege))) {
      throw new ForbiddenError(impersonationRefusals.morePrivileges);
    }

    const parent = await sessions.find(auth.tokenHash);
    const at = now();
    const expiresAt = new Date(
      Math.min(at.getTime() + impersonationLifetimeMs, parent?.expiresAt.getTime() ?? 0),
    );
    const token = newToken();
    const tokenHash = hashToken(token);
    await sessions.create({
      tokenHash,
      parentTokenHash: auth.tokenHash,
      tenantId: target.tenantId,
      userId: target.id,
      expiresAt,
      rememberMe: false,
      userAgent: client.userAgent,
      ipAddress: client.ip,
    });
    // The one entry of the whole session: each request made while acting counts on it, and the
    // entries written meanwhile share its session id (docs/decisions/081).
    await audit.record({
      tenantId: target.tenantId,
      actorUserId: target.id,
      realActorUserId: auth.userId,
      realActorName: auth.name,
      action: actingSessionAction,
      recordType: 'tenant-user',
      recordId: target.id,
      details: { impersonatorTenantId: auth.homeTenantId, recordName: target.name, requests: 0 },
      ipAddress: client.ip,
      sessionId: actingSessionId(tokenHash),
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  return {
    /** May this request start acting as someone? */
    canImpersonate(auth: AuthContext): boolean {
      return auth.privileges.has(Privilege.CanImpersonate) && !auth.impersonator;
    },

    async start(auth: AuthContext, targetUserId: string, client: { ip: string; userAgent: string | null }) {
      if (auth.impersonator) throw new ForbiddenError(impersonationMessages.refusedWhileActing);
      if (!auth.privileges.has(Privilege.CanImpersonate)) throw new ForbiddenError();
      // Ids are compared in one letter case: the database reads an id in any.
      if (targetUserId.toLowerCase() === auth.userId.toLowerCase())
        throw new BadRequestError(impersonationRefusals.self);
      // The target is found by id alone, and the acting session lives in the impersonator's own
      // corporation: a system task, whose limits are the checks below.
      return withAllTenants(db, () => startChecked(auth, targetUserId, client));
    },

    /**
     * Switching back ("Revert") ends the acting token on the server, not only in the browser, so
     * a copy of it left anywhere is worth nothing. Without one (already ended) there is nothing to do.
     */
    async end(auth: AuthContext) {
      if (!auth.impersonator) return;
      const at = now();
      await sessions.revoke(auth.tokenHash, at);
      await audit.closeSession(auth.homeTenantId, actingSessionId(auth.tokenHash), at);
    },
  };
}
export type ImpersonationService = ReturnType<typeof impersonationService>;
