import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labelPhotoUpload, manualUpload } from '@homeminder/shared/contracts/home-system-files';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { sendStoredFile } from '../../lib/upload';
import { homeAudiences } from './home-access';
import type { HomeSystemFilesService } from './home-system-files.service';
import { systemFileUploads } from './home-system-files.upload';

/**
 * A system's label photo and manual (docs/decisions/091), under the system's own paths for both
 * audiences. A file is sent as multipart, read and checked before the transaction opens, and read
 * back as itself: the photo to show in the page, the manual to save.
 */
export const homeSystemFileRoutes: FastifyPluginAsyncZod<{ files: HomeSystemFilesService }> = async (
  app,
  { files },
) => {
  const params = z.object({ id: idSchema, systemId: idSchema });
  const uploads = systemFileUploads();
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `PUT ${base}/:id/systems/:systemId/label`,
      {
        ...options,
        params,
        upload: uploads.label,
        summary: `Send or replace the photo of a system's label, of ${whose} (multipart, field "${labelPhotoUpload.fieldName}"; PNG, JPEG or WebP, 8 MB at most)`,
      },
      async (request) =>
        files.put(as(request), request.params.id, request.params.systemId, uploads.label.of(request)),
    );
    apiRoute(
      app,
      `PUT ${base}/:id/systems/:systemId/manual`,
      {
        ...options,
        params,
        upload: uploads.manual,
        summary: `Send or replace the manual of a system, of ${whose} (multipart, field "${manualUpload.fieldName}"; a PDF, 10 MB at most)`,
      },
      async (request) =>
        files.put(as(request), request.params.id, request.params.systemId, uploads.manual.of(request)),
    );
    for (const kind of ['label', 'manual'] as const) {
      const photo = kind === 'label';
      apiRoute(
        app,
        `GET ${base}/:id/systems/:systemId/${kind}`,
        {
          ...options,
          params,
          docs: { produces: photo ? labelPhotoUpload.types : [manualUpload.type] },
          summary: photo
            ? `The photo of a system's label, of ${whose}, to show`
            : `The manual of a system, of ${whose}, to save`,
        },
        async (request, reply) => {
          const file = await files.read(as(request), request.params.id, request.params.systemId, kind);
          return sendStoredFile(reply, file, photo ? 'inline' : 'attachment');
        },
      );
      apiRoute(
        app,
        `DELETE ${base}/:id/systems/:systemId/${kind}`,
        {
          ...options,
          params,
          summary: photo
            ? `Remove the photo of a system's label, of ${whose}`
            : `Remove the manual of a system, of ${whose}`,
        },
        async (request) => files.remove(as(request), request.params.id, request.params.systemId, kind),
      );
    }
  }
};
