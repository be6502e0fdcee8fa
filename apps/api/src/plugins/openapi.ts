import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { describeRoute, shapeDocument } from './openapi-shape';

/**
 * The OpenAPI 3 document of every API route, made from the same zod schemas that validate the
 * requests, served as JSON at `<base>api/docs/json` with a readable viewer at `<base>api/docs`.
 * Registered before the routes, so it sees each of them as it is added.
 */
export async function registerOpenApi(app: FastifyInstance, basePath: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'HomeMinder API',
        description:
          'The API of the HomeMinder portal. Sign in with `POST auth/login/`, then send the token as ' +
          '`Authorization: Bearer <token>` and the corporation as the `tenant-id` header. Errors answer ' +
          '`{ "Errors": [...] }`.',
        version: '1.0.0',
      },
      servers: [{ url: basePath.replace(/\/$/, '') || '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: describeRoute,
    transformObject: shapeDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: `${basePath}api/docs`,
    // As strict as the portal's own policy: no inline script, nothing from elsewhere.
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; " +
      "img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; " +
      "style-src 'self' 'unsafe-inline'",
    theme: { title: 'HomeMinder API' },
    // BaseLayout: the document alone, without the viewer's address bar for other documents.
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: false, tryItOutEnabled: false },
  });
}
