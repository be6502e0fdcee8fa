import type { AuthContext } from '../../access/auth-context';
import { tenantAccessMessages } from '../../access/tenant-access';
import { NotFoundError } from '../../lib/errors';
import type { IdentityRepository } from './identity.repository';

/** What the signed-in user sees of themselves and of the corporation they act for. */
export function identityService(identity: IdentityRepository) {
  return {
    /** The user's own profile image as base64, or nulls when they have none. */
    async profileImage(auth: AuthContext) {
      const row = await identity.profileImage(auth.homeTenantId, auth.userId);
      if (!row?.image || !row.type) return { imageType: null, data: null };
      return { imageType: row.type, data: row.image.toString('base64') };
    },

    async tenantDetails(auth: AuthContext) {
      const details = await identity.tenantDetails(auth.tenantId);
      if (!details) throw new NotFoundError(tenantAccessMessages.corporationNotFound);
      return details;
    },
  };
}
export type IdentityService = ReturnType<typeof identityService>;
