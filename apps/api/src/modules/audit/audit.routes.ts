import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Privilege } from '@homeminder/shared/permissions';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAnyPrivilege } from '../../plugins/auth';
import { hasPrivilege } from '../../access/auth-context';
import type { AuditRepository } from './audit.repository';

/**
 * The audit log: a corporate administrator reads their corporation's entries; the operator reads
 * every corporation's, or one chosen with `tenantId`.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditRepository }> = async (
  app,
  { auditLog },
) => {
  apiRoute(
    app,
    'POST /admin/audit/query',
    {
      tags: ['audit'],
      summary: 'A page of audit log entries, newest first',
      dataScope: 'all-tenants',
      preValidation: requireAnyPrivilege(Privilege.AdminCanManageCorporation, Privilege.ActAcrossTenants),
    },
    async (request) => {
      const auth = authOf(request);
      const acrossTenants = hasPrivilege(auth, Privilege.ActAcrossTenants);
      // Without the cross-tenant privilege the log is always the user's own corporation's.
      const tenantId = acrossTenants ? (request.body.tenantId ?? null) : auth.tenantId;
      return auditLog.page(tenantId, request.body);
    },
  );
};
