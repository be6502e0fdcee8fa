import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageQuerySchema } from '@homeminder/shared/contracts/api-routes';
import { profileImageSchema } from '@homeminder/shared/contracts/auth';
import type { Caller } from '../../access/auth-context';
import { callerOf } from '../../plugins/auth';
import {
  type ImageColumns,
  imageColumnsResponse,
  imageResponse,
  imageUploadStep,
  type StoredImage,
} from './image-upload';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

interface ImageRoutes {
  /** The path of both routes, with an `:id` naming whose image it is. */
  url: string;
  id: z.ZodType<string>;
  maxDimension: number;
  upload: {
    summary: string;
    preValidation: preHandlerAsyncHookHandler;
    save: (caller: Caller, id: string, image: StoredImage) => Promise<unknown>;
  };
  read: {
    summary: string;
    preValidation: preHandlerAsyncHookHandler;
    load: (caller: Caller, id: string) => Promise<ImageColumns | undefined>;
  };
}

/**
 * An image kept on a record (a corporation's branding, a user's photo): `PUT` uploads it as
 * multipart, read and re-encoded before the transaction opens, and `GET` responds with it as base64.
 * Their tags are the calling plugin's (`routeDefaults`).
 */
export function imageRoutes(app: ZodApp, { url, id, maxDimension, upload, read }: ImageRoutes) {
  const params = z.object({ id });
  const step = imageUploadStep(maxDimension);
  app.put(
    url,
    {
      config: { dataScope: 'all-tenants', uploadField: step.field },
      schema: { summary: upload.summary, params, response: { 200: profileImageSchema } },
      preValidation: upload.preValidation,
      preHandler: step.preHandler,
    },
    async (request) => {
      const caller = callerOf(request);
      const image = step.of(request);
      await upload.save(caller, request.params.id, image);
      return imageResponse(image.data, image.type);
    },
  );
  app.get(
    url,
    {
      config: { dataScope: 'all-tenants' },
      schema: {
        summary: read.summary,
        params,
        // `?responseType=json`: the image comes as base64 in JSON, the only response there is.
        querystring: imageQuerySchema,
        response: { 200: profileImageSchema },
      },
      preValidation: read.preValidation,
    },
    async (request) => imageColumnsResponse(await read.load(callerOf(request), request.params.id)),
  );
}
