import {
  emptyHomeProfile,
  type HomeProfile,
  type HomeProfileAnswers,
} from '@homeminder/shared/contracts/home-profile';
import { auditChanges, type AuditService } from '../audit';
import { homeAuditEntry, homeReach, type HomeCaller } from './home-access';
import type { HomeProfilesRepository } from './home-profiles.repository';

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
  const reach = homeReach(profiles);

  return {
    async profile(caller: HomeCaller, propertyId: string): Promise<HomeProfile> {
      const { tenantId } = await reach(caller, propertyId);
      return (await profiles.profileOf(tenantId, propertyId)) ?? emptyHomeProfile;
    },

    /**
     * Keeps the answers given. The audit entry is the client's, naming the home and each answer
     * changed, before and after, so the client's Activity lists it.
     */
    async save(caller: HomeCaller, propertyId: string, answers: HomeProfileAnswers): Promise<HomeProfile> {
      // The home is held from here, so the audit's "before" is what this change replaces.
      const { tenantId, clientId } = await reach(caller, propertyId, true);
      const before = (await profiles.profileOf(tenantId, propertyId)) ?? emptyHomeProfile;
      const changes = auditChanges(before.answers, answers);
      if (changes.length === 0) return before;
      const at = now();
      await profiles.save(tenantId, propertyId, answers, at);
      await audit.record(
        homeAuditEntry(caller, { tenantId, clientId }, 'property.profile-changed', {
          propertyId: propertyId.toLowerCase(),
          changes,
        }),
      );
      return { answers, updatedAt: at.toISOString() };
    },
  };
}
export type HomeProfilesService = ReturnType<typeof homeProfilesService>;
