import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, type AuthContext } from '../../access/auth-context';
import { tenantAccessMessages } from '../../access/tenant-access';
import { NotFoundError } from '../../lib/errors';
import type { LookupsRepository } from './lookups.repository';

export function lookupsService(lookups: LookupsRepository) {
  return {
    /** A corporation's name: the user's own, the one they act for, or any for a cross-tenant operator. */
    async corporationInfo(auth: AuthContext, tenantId: string) {
      const id = tenantId.toLowerCase();
      // Another corporation's name is only for those who may act across corporations.
      if (
        id !== auth.homeTenantId &&
        id !== auth.tenantId &&
        !hasPrivilege(auth, Privilege.ActAcrossTenants)
      ) {
        throw new NotFoundError(tenantAccessMessages.corporationNotFound);
      }
      const corporation = await lookups.corporationName(id);
      if (!corporation) throw new NotFoundError(tenantAccessMessages.corporationNotFound);
      return corporation;
    },
  };
}
export type LookupsService = ReturnType<typeof lookupsService>;
