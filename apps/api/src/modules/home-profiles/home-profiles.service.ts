import {
  emptyHomeProfile,
  homeProfileMessages,
  type HomeProfile,
  type HomeProfileAnswers,
} from '@homeminder/shared/contracts/home-profile';
import type { AuthContext } from '../../access/auth-context';
import { NotFoundError } from '../../lib/errors';
import { actedBy, auditChanges, type AuditService } from '../audit';
import { scopeOf } from '../clients';
import type { HomeAccess, HomeProfilesRepository } from './home-profiles.repository';

/** Who is asking: a homeowner for their own homes, or staff who may manage clients. */
export type ProfileCaller =
  | { audience: 'client'; tenantId: string; clientId: string; auth: AuthContext; ip: string }
  | { audience: 'staff'; auth: AuthContext; ip: string };

interface Dependencies {
  profiles: HomeProfilesRepository;
  audit: AuditService;
  now: () => Date;
}

/**
 * A home's profile (docs/decisions/088), read and answered by the home's owner on My home and by
 * staff in the client's details, through the same checks: a home out of reach is not found.
 */
export function homeProfilesService({ profiles, audit, now }: Dependencies) {
  /** The home's corporation and client, when the home is within the caller's reach. */
  async function reach(caller: ProfileCaller, propertyId: string) {
    const access: HomeAccess =
      caller.audience === 'client'
        ? { tenantId: caller.tenantId, clientId: caller.clientId }
        : scopeOf(caller.auth);
    const clientId = await profiles.ownerOf(access, propertyId);
    if (!clientId) throw new NotFoundError(homeProfileMessages.homeNotFound);
    return { tenantId: access.tenantId, clientId };
  }

  return {
    async profile(caller: ProfileCaller, propertyId: string): Promise<HomeProfile> {
      const { tenantId } = await reach(caller, propertyId);
      return (await profiles.profileOf(tenantId, propertyId)) ?? emptyHomeProfile;
    },

    /**
     * Keeps the answers given. The audit entry is the client's, naming the home and each answer
     * changed, before and after, so the client's Activity lists it.
     */
    async save(caller: ProfileCaller, propertyId: string, answers: HomeProfileAnswers): Promise<HomeProfile> {
      const { tenantId, clientId } = await reach(caller, propertyId);
      const before = (await profiles.profileOf(tenantId, propertyId)) ?? emptyHomeProfile;
      const changes = auditChanges(before.answers, answers);
      if (changes.length === 0) return before;
      const at = now();
      await profiles.save(tenantId, propertyId, answers, at);
      await audit.record({
        ...(caller.audience === 'client'
          ? { tenantId, actorUserId: caller.clientId, ipAddress: caller.ip }
          : actedBy(caller)),
        action: 'property.profile-changed',
        recordType: 'client-user',
        recordId: clientId,
        details: { propertyId: propertyId.toLowerCase(), changes },
      });
      return { answers, updatedAt: at.toISOString() };
    },
  };
}
export type HomeProfilesService = ReturnType<typeof homeProfilesService>;
