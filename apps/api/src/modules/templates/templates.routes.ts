import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { templateContentTypes, templateKeySchema } from '@homeminder/shared/contracts/templates';
import { Privilege } from '@homeminder/shared/permissions';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { addsUnique, apiRoute } from '../../plugins/api-route';
import { routeDefaults } from '../../plugins/route-defaults';
import { attachmentDisposition } from '../../lib/upload';
import { templateUploadStep } from './template-file';
import type { TemplatesService } from './templates.service';

const templateParams = z.object({ templateId: templateKeySchema });

/**
 * Document templates (docs/requirements.md §8.2 "Templates"): create, check an id or a name, upload or
 * replace the file, list, download. Holders of ManageNotifications only (docs/decisions/021).
 */
export const templateRoutes: FastifyPluginAsyncZod<{ templates: TemplatesService }> = async (
  app,
  { templates },
) => {
  const managesTemplates = requireAnyPrivilege(Privilege.ManageNotifications);
  routeDefaults(app, { tags: ['templates'], preValidation: managesTemplates });

  apiRoute(
    app,
    'GET /admin/template',
    { summary: 'Every template of the corporation, by name' },
    async (request) => templates.list(callerOf(request)),
  );

  apiRoute(
    app,
    'POST /admin/template',
    { summary: 'Create a template (its file is uploaded next)', ...addsUnique },
    async (request) => templates.create(callerOf(request), request.body),
  );

  apiRoute(
    app,
    'POST /admin/template/exists',
    { summary: 'Is a template name taken? (letter case does not count)' },
    async (request) => ({ exists: await templates.nameExists(callerOf(request), request.body.name) }),
  );

  apiRoute(
    app,
    'POST /admin/template/exists_:id',
    { summary: 'Is a template id taken?', params: z.object({ id: templateKeySchema }) },
    async (request) => ({ exists: await templates.keyExists(callerOf(request), request.params.id) }),
  );

  const fileUpload = templateUploadStep();
  apiRoute(
    app,
    'POST /admin/template/file/:templateId',
    {
      summary: `Upload or replace the template's file (multipart, field "file"; PDF, DOCX, HTML or text, 5 MB at most)`,
      params: templateParams,
      upload: fileUpload,
    },
    async (request) =>
      templates.saveFile(callerOf(request), request.params.templateId, fileUpload.of(request)),
  );

  apiRoute(
    app,
    'GET /admin/template/file/:templateId',
    {
      summary: "Download the template's file, as uploaded",
      params: templateParams,
      docs: { produces: templateContentTypes },
    },
    async (request, reply) => {
      const file = await templates.file(callerOf(request), request.params.templateId);
      const textual = file.contentType.startsWith('text/');
      return (
        reply
          .header('content-type', textual ? `${file.contentType}; charset=utf-8` : file.contentType)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          // Opened by mistake in the browser, an HTML template runs nothing and reaches nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(file.data)
      );
    },
  );
};
