import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Privilege } from '@homeminder/shared/permissions';
import { apiRoute } from '../../plugins/api-route';
import { authOf, requireAnyPrivilege } from '../../plugins/auth';
import type { AuditLogService } from './audit-log.service';

/** The audit log, read by corporate administrators and the operator (audit-log.service.ts). */
export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLogService }> = async (
  app,
  { auditLog },
) => {
  const readers = requireAnyPrivilege(Privilege.AdminCanManageCorporation, Privilege.ActAcrossTenants);

  apiRoute(
    app,
    'POST /admin/audit/query',
    {
      tags: ['audit'],
      summary: 'A page of audit log entries, newest first',
      dataScope: 'all-tenants',
      preValidation: readers,
    },
    async (request) => auditLog.page(authOf(request), request.body),
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
    async (request) => auditLog.people(authOf(request)),
  );
};
