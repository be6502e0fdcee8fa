import type { FastifyRequest } from 'fastify';
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
  const readers = requireAnyPrivilege(Privilege.AdminCanManageCorporation, Privilege.ActAcrossTenants);
  // Without the cross-tenant privilege the log is always the user's own corporation's.
  const tenantOf = (request: FastifyRequest, asked?: string) => {
    const auth = authOf(request);
    return hasPrivilege(auth, Privilege.ActAcrossTenants) ? (asked ?? null) : auth.tenantId;
  };

  apiRoute(
    app,
    'POST /admin/audit/query',
    {
      tags: ['audit'],
      summary: 'A page of audit log entries, newest first',
      dataScope: 'all-tenants',
      preValidation: readers,
    },
    async (request) => auditLog.page(tenantOf(request, request.body.tenantId), request.body),
  );

  apiRoute(
    app,
    'GET /admin/audit/people',
    {
      tags: ['audit'],
      summary: "The people the audit log's person filter offers: the staff, and whoever acted as one of them",
      dataScope: 'all-tenants',
      preValidation: readers,
    },
    async (request) => auditLog.people(tenantOf(request)),
  );
};
