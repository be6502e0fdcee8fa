import type { AuditAction } from '@homeminder/shared/audit-labels';
import {
  templateMessages,
  type Template,
  type TemplateCreate,
  type TemplateList,
} from '@homeminder/shared/contracts/templates';
import { Privilege } from '@homeminder/shared/permissions';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AuthContext, Caller } from '../../access/auth-context';
import { ownTenantWith } from '../../access/tenant-access';
import { actedBy, type AuditService } from '../audit';
import { isUniqueViolation } from '../../db/query-helpers';
import type { TemplateFile } from './template-file';
import type { TemplateRow, TemplatesRepository } from './templates.repository';

interface Dependencies {
  templates: TemplatesRepository;
  audit: AuditService;
  now: () => Date;
}

function toTemplate(row: TemplateRow): Template {
  return {
    ...row,
    uploadedAt: row.uploadedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Document templates of the corporation a request acts for. Every method checks the privilege
 * itself (docs/decisions/021) and every query carries the tenant.
 */
export function templatesService({ templates, audit, now }: Dependencies) {
  const tenantOf = (auth: AuthContext) => ownTenantWith(auth, Privilege.ManageNotifications);

  async function record(
    caller: Caller,
    action: AuditAction,
    row: TemplateRow,
    details?: Record<string, unknown>,
  ) {
    await audit.record({
      ...actedBy(caller),
      action,
      recordType: 'template',
      recordId: row.id,
      ...(details ? { details } : {}),
    });
  }

  return {
    async list({ auth }: Caller): Promise<TemplateList> {
      const result = await templates.list(tenantOf(auth));
      return { items: result.items.map(toTemplate), totalItemCount: result.totalItemCount };
    },

    async keyExists({ auth }: Caller, templateId: string): Promise<boolean> {
      return templates.keyExists(tenantOf(auth), templateId);
    },

    async nameExists({ auth }: Caller, name: string): Promise<boolean> {
      return templates.nameExists(tenantOf(auth), name);
    },

    async create(caller: Caller, input: TemplateCreate): Promise<{ id: string }> {
      const tenantId = tenantOf(caller.auth);
      if (await templates.keyExists(tenantId, input.templateId))
        throw new ConflictError(templateMessages.templateIdTaken);
      if (await templates.nameExists(tenantId, input.name))
        throw new ConflictError(templateMessages.nameTaken);
      let row: TemplateRow;
      try {
        row = await templates.create(tenantId, input);
      } catch (error) {
        // Two people creating the same template at the same moment: the unique indexes decide.
        if (!isUniqueViolation(error)) throw error;
        throw new ConflictError(
          (await templates.keyExists(tenantId, input.templateId))
            ? templateMessages.templateIdTaken
            : templateMessages.nameTaken,
        );
      }
      await record(caller, 'template.create', row, { templateId: row.templateId, name: row.name });
      return { id: row.id };
    },

    /** Uploads the template's file, or replaces the one it has. */
    async saveFile(caller: Caller, templateId: string, file: TemplateFile): Promise<Template> {
      const tenantId = tenantOf(caller.auth);
      const existing = await templates.find(tenantId, templateId);
      if (!existing) throw new NotFoundError(templateMessages.notFound);
      const row = await templates.saveFile(tenantId, templateId, file, now());
      if (!row) throw new NotFoundError(templateMessages.notFound);
      await record(caller, existing.uploadedAt ? 'template.file-replace' : 'template.file-upload', row, {
        fileName: file.fileName,
        contentType: file.contentType,
        fileSize: file.data.length,
      });
      return toTemplate(row);
    },

    async file({ auth }: Caller, templateId: string) {
      const row = await templates.file(tenantOf(auth), templateId);
      if (!row) throw new NotFoundError(templateMessages.notFound);
      if (!row.file || !row.fileName || !row.contentType) throw new NotFoundError(templateMessages.noFile);
      return { data: row.file, fileName: row.fileName, contentType: row.contentType };
    },
  };
}
export type TemplatesService = ReturnType<typeof templatesService>;
