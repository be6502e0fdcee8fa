import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, type AuthContext } from '../../access/auth-context';
import { tenantAccessMessages } from '../../access/tenant-access';
import { NotFoundError } from '../../lib/errors';
import type { LookupsRepository } from './lookups.repository';

export function lookupsService(lookups: LookupsRepository) {
  return {
    /** A company's name: the user's own, the one they act for, or any for a cross-tenant operator. */
    async companyInfo(auth: AuthContext, tenantId: string) {
      const id = tenantId.toLowerCase();
      // Another corporation's name is only for those who may act across corporations.
      if (
        id !== auth.homeTenantId &&
        id !== auth.tenantId &&
        !hasPrivilege(auth, Privilege.ActAcrossTenants)
      ) {
        throw new NotFoundError(tenantAccessMessages.corporationNotFound);
      }
      const company = await lookups.companyName(id);
      if (!company) throw new NotFoundError(tenantAccessMessages.corporationNotFound);
      return company;
    },
  };
}
export type LookupsService = ReturnType<typeof lookupsService>;
