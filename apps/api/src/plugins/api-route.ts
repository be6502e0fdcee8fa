import type {
  ContextConfigDefault,
  HTTPMethods,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  apiRoutes,
  type ApiRoute,
  type ApiRouteKey,
  type ApiRoutes,
} from '@homeminder/shared/contracts/api-routes';
import type { RouteAudience } from './auth';
import type { RouteDataScope } from './data-scope';
import type { RouteDocs } from './openapi-shape';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Guard = preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
/**
 * The status of a route's response: 200, 201 for what it creates, 202 for what it sends later and
 * 204 when success has nothing to say.
 */
type SuccessStatus = 200 | 201 | 202 | 204;

/** The options of a public route of the auth tag: no sign-in, no corporation's data scope. */
export const publicAuthRoute = {
  tags: ['auth'],
  dataScope: 'none',
  audience: 'anyone',
  docs: { public: true },
} as const;

/** The options of a route that adds what must be unique: 201, or 409 when it is taken. */
export const addsUnique = { status: 201, docs: { refusals: [409] } } as const;

/** What a route of the map states besides the schemas the map already has. */
export interface ApiRouteOptions<Params, Body, Status extends SuccessStatus> {
  summary: string;
  /** When not the plugin's (`routeDefaults`). */
  tags?: readonly string[];
  dataScope?: RouteDataScope;
  /** Whose session the route serves, when not its data scope's default (plugins/auth.ts). */
  audience?: RouteAudience;
  /** Checked before the body is: a caller without the privilege learns nothing of its rules. */
  preValidation?: Guard;
  /** The path's parameters, which the map names but does not type. */
  params?: Params;
  /** A schema that validates the same body with more leeway (an absent body taken as `{}`). */
  body?: Body;
  /** Set before the handler runs, which then only returns the response; a refusal it throws sets its own. */
  status?: Status;
  /** The path served, when not the map's own (an admin variant responding the same). */
  url?: string;
  /** An upload route's step: read and checked before the handler (lib/upload.ts). */
  upload?: { field: string; preHandler: preHandlerAsyncHookHandler };
  /** What the OpenAPI document shows besides the schemas: no sign-in, own refusals, a file response. */
  docs?: Omit<RouteDocs, 'status'>;
}

type Entry<Key extends ApiRouteKey> = ApiRoutes[Key];

/** The route's schema as Fastify types it, so the handler's request and response are typed. */
type SchemaOf<Key extends ApiRouteKey, Params, Body, Status extends SuccessStatus> = {
  params: Params;
  querystring: Entry<Key> extends { query: infer Query } ? Query : undefined;
  body: Body extends z.ZodType ? Body : Entry<Key> extends { body: infer MapBody } ? MapBody : undefined;
  response: Entry<Key> extends { response: infer ResponseSchema }
    ? Record<Status, ResponseSchema>
    : undefined;
};

type Handler<Key extends ApiRouteKey, Params, Body, Status extends SuccessStatus> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<Key, Params, Body, Status>,
  ZodTypeProvider
>;

/**
 * Declares a route of the shared route map (docs/decisions/056) from its key: the query, body and
 * response schemas come from the map, so a route file states only its summary, guard, data scope and
 * path parameters. Keys in the map with a trailing slash are the web's spelling; routing ignores it
 * (docs/decisions/005) and the route is declared without.
 */
export function apiRoute<
  Key extends ApiRouteKey,
  Params extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Status extends SuccessStatus = 200,
>(
  app: ZodApp,
  key: Key,
  options: ApiRouteOptions<Params, Body, Status>,
  handler: Handler<Key, Params, Body, Status>,
): void {
  const [method, path] = key.split(' ') as [HTTPMethods, string];
  const entry: ApiRoute = apiRoutes[key];
  const { summary, tags, dataScope, audience, preValidation, params, upload, docs, status = 200 } = options;
  const body = options.body ?? entry.body;
  app.route({
    method,
    url: options.url ?? path.replace(/(.)\/$/, '$1'),
    config: {
      ...(dataScope && { dataScope }),
      ...(audience && { audience }),
      ...(upload && { uploadField: upload.field }),
      docs: { ...docs, status },
    },
    schema: {
      ...(tags && { tags }),
      summary,
      ...(params && { params }),
      ...(entry.query && { querystring: entry.query }),
      ...(body && { body }),
      ...(entry.response && { response: { [status]: entry.response } }),
    },
    ...(preValidation && { preValidation }),
    ...(upload && { preHandler: upload.preHandler }),
    handler: respondingWith(status, handler as RouteHandlerMethod),
  });
}

/** The handler then only returns the response, and states no status the options state already. */
function respondingWith(status: SuccessStatus, handler: RouteHandlerMethod): RouteHandlerMethod {
  return function (request, reply) {
    reply.status(status);
    return handler.call(this, request, reply);
  };
}
