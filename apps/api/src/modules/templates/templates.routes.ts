import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  templateCreatedSchema,
  templateCreateSchema,
  templateExistsSchema,
  templateKeySchema,
  templateListSchema,
  templateNameExistsSchema,
  templateSchema,
} from '@homeminder/shared/contracts/templates';
import { Privilege } from '@homeminder/shared/permissions';
import { callerOf, requireAnyPrivilege } from '../../plugins/auth';
import { routeDefaults } from '../../plugins/route-defaults';
import { attachmentDisposition, templateUploadStep } from './template-file';
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

  app.get(
    '/admin/template',
    {
      schema: {
        summary: 'Every template of the corporation, by name',
        response: { 200: templateListSchema },
      },
    },
    async (request) => templates.list(callerOf(request)),
  );

  app.post(
    '/admin/template',
    {
      schema: {
        summary: 'Create a template (its file is uploaded next)',
        body: templateCreateSchema,
        response: { 201: templateCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await templates.create(callerOf(request), request.body)),
  );

  app.post(
    '/admin/template/exists',
    {
      schema: {
        summary: 'Is a template name taken? (letter case does not count)',
        body: templateNameExistsSchema,
        response: { 200: templateExistsSchema },
      },
    },
    async (request) => ({ exists: await templates.nameExists(callerOf(request), request.body.name) }),
  );

  app.post(
    '/admin/template/exists_:id',
    {
      schema: {
        summary: 'Is a template id taken?',
        params: z.object({ id: templateKeySchema }),
        response: { 200: templateExistsSchema },
      },
    },
    async (request) => ({ exists: await templates.keyExists(callerOf(request), request.params.id) }),
  );

  const fileUpload = templateUploadStep();
  app.post(
    '/admin/template/file/:templateId',
    {
      config: { uploadField: fileUpload.field },
      schema: {
        summary: `Upload or replace the template's file (multipart, field "file"; PDF, DOCX, HTML or text, 5 MB at most)`,
        params: templateParams,
        response: { 200: templateSchema },
      },
      preHandler: fileUpload.preHandler,
    },
    async (request) =>
      templates.saveFile(callerOf(request), request.params.templateId, fileUpload.of(request)),
  );

  app.get(
    '/admin/template/file/:templateId',
    {
      schema: { summary: "Download the template's file, as uploaded", params: templateParams },
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
