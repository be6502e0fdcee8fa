import type { AuditQuery } from '@homeminder/shared/contracts/audit';
import { Privilege } from '@homeminder/shared/permissions';
import { hasPrivilege, type AuthContext } from '../../access/auth-context';
import type { AuditRepository } from './audit.repository';

/**
 * Reading the audit log: a corporate administrator reads their corporation's entries; the operator
 * reads every corporation's, or one chosen with `tenantId`.
 */
export function auditLogService(log: Pick<AuditRepository, 'page' | 'people'>) {
  // Without the cross-tenant privilege the log is always the caller's own corporation's.
  const tenantOf = (auth: AuthContext, asked?: string) =>
    hasPrivilege(auth, Privilege.ActAcrossTenants) ? (asked ?? null) : auth.tenantId;

  return {
    page: (auth: AuthContext, query: AuditQuery) => log.page(tenantOf(auth, query.tenantId), query),
    people: (auth: AuthContext) => log.people(tenantOf(auth)),
  };
}
export type AuditLogService = ReturnType<typeof auditLogService>;
