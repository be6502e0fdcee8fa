import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@homeminder/shared/contracts/audit';
import { Privilege } from '@homeminder/shared/permissions';
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
  app.post(
    '/admin/audit/query',
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        tags: ['audit'],
        summary: 'A page of audit log entries, newest first',
        body: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
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
