import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { careFileUpload } from '@homeminder/shared/contracts/care-record';
import { idSchema } from '@homeminder/shared/validation/ids';
import { apiRoute } from '../../plugins/api-route';
import { attachmentDisposition, sendStoredFile } from '../../lib/upload';
import { homeAudiences } from '../home-profiles';
import type { CareRecordService } from './care-record.service';
import type { HomeReportService } from './home-report.service';
import { careFileUploadStep } from './care-files.upload';

/**
 * A home's care record (docs/decisions/094) for both audiences: the homeowner's own homes under
 * `/homeowner/homes` and staff's under `/clients/properties`. A photo or receipt is sent as
 * multipart, read and checked before the transaction opens, and read back as itself.
 */
export const careRecordRoutes: FastifyPluginAsyncZod<{
  record: CareRecordService;
  reports: HomeReportService;
}> = async (app, { record, reports }) => {
  const entry = z.object({ id: idSchema, entryId: idSchema });
  const file = z.object({ id: idSchema, entryId: idSchema, fileId: idSchema });
  const upload = careFileUploadStep();
  for (const { base, options, whose, callerOf: as } of homeAudiences()) {
    apiRoute(
      app,
      `GET ${base}/:id/record`,
      {
        ...options,
        summary: `The care record of ${whose}, newest first, with its cost by year; of one system when asked`,
      },
      async (request) => record.list(as(request), request.params.id, request.query.systemId),
    );
    apiRoute(
      app,
      `POST ${base}/:id/record`,
      { ...options, status: 201, summary: `Record work done to ${whose}` },
      async (request) => record.add(as(request), request.params.id, request.body),
    );
    apiRoute(
      app,
      `PUT ${base}/:id/record/:entryId`,
      { ...options, params: entry, summary: `Change an entry of the care record of ${whose}` },
      async (request) => record.change(as(request), request.params.id, request.params.entryId, request.body),
    );
    apiRoute(
      app,
      `DELETE ${base}/:id/record/:entryId`,
      {
        ...options,
        params: entry,
        summary: `Remove work recorded by hand from the care record of ${whose}`,
      },
      async (request) => record.remove(as(request), request.params.id, request.params.entryId),
    );
    apiRoute(
      app,
      `POST ${base}/:id/record/:entryId/files`,
      {
        ...options,
        params: entry,
        status: 201,
        upload,
        summary: `Keep a photo or receipt with an entry of the care record of ${whose} (multipart, field "${careFileUpload.fieldName}"; PNG, JPEG, WebP or PDF, 10 MB at most)`,
      },
      async (request) =>
        record.addFile(as(request), request.params.id, request.params.entryId, upload.of(request)),
    );
    apiRoute(
      app,
      `GET ${base}/:id/record/:entryId/files/:fileId`,
      {
        ...options,
        params: file,
        docs: { produces: [...careFileUpload.imageTypes, careFileUpload.pdfType] },
        summary: `A photo or receipt of an entry of the care record of ${whose}`,
      },
      async (request, reply) => {
        const { id, entryId, fileId } = request.params;
        const found = await record.readFile(as(request), id, entryId, fileId);
        return sendStoredFile(reply, found, found.contentType.startsWith('image/') ? 'inline' : 'attachment');
      },
    );
    apiRoute(
      app,
      `GET ${base}/:id/report`,
      {
        ...options,
        docs: { produces: ['application/pdf'] },
        summary: `The home report of ${whose}: its profile, systems, care record, what is coming and the documents kept, as a PDF on US Letter or A4`,
      },
      async (request, reply) => {
        const made = await reports.report(as(request), request.params.id, request.query.paper);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(made.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(made.data);
      },
    );
    apiRoute(
      app,
      `DELETE ${base}/:id/record/:entryId/files/:fileId`,
      {
        ...options,
        params: file,
        summary: `Remove a photo or receipt of an entry of the care record of ${whose}`,
      },
      async (request) =>
        record.removeFile(as(request), request.params.id, request.params.entryId, request.params.fileId),
    );
  }
};
