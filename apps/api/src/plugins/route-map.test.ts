import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, type ApiRoute } from '@homeminder/shared/contracts/api-routes';
import { allowNullInNullableEnums } from './openapi-shape';

// The web calls the API through the shared route map (docs/decisions/056). Each of its routes must
// be one the server serves, taking and responding with what the server's own schemas say: the committed
// OpenAPI document is the server's routes as built (openapi.test.ts keeps it so), so the map is
// checked against it.

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const document = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url)), 'utf8'),
) as { paths: Record<string, Record<string, Operation>> };

/** Routing ignores letter case and a trailing slash (docs/decisions/005); so does the match here. */
const routingKey = (path: string) => path.toLowerCase().replace(/\/$/, '');
const documented = new Map(
  Object.entries(document.paths).map(([path, item]) => [routingKey(path), { path, item }]),
);

/** A schema as the document shows it: JSON Schema for OpenAPI 3.0, without the dialect. */
function shown(schema: z.ZodType, io: 'input' | 'output'): unknown {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  });
  allowNullInNullableEnums(rest);
  return rest;
}

const entries = Object.entries(apiRoutes as Record<string, ApiRoute>).map(([key, route]) => {
  const [method, path] = key.split(' ') as [string, string];
  return { key, method: method.toLowerCase(), path, route };
});

describe('the shared route map', () => {
  it.each(entries)('$key is a route of the server, as the map describes it', ({ method, path, route }) => {
    const documentPath = `/api${path.replace(/:([A-Za-z0-9]+)/g, '{$1}')}`;
    const found = documented.get(routingKey(documentPath));
    expect(found, `no route ${documentPath}`).toBeDefined();
    const operation = found!.item[method];
    expect(operation, `no ${method.toUpperCase()} ${found!.path}`).toBeDefined();

    const inPath = (operation!.parameters ?? []).filter((parameter) => parameter.in === 'path');
    expect(inPath.map((parameter) => parameter.name).sort()).toEqual(
      [...path.matchAll(/:([A-Za-z0-9]+)/g)].map((match) => match[1]).sort(),
    );

    const inQuery = (operation!.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const queryShape = route.query instanceof z.ZodObject ? Object.keys(route.query.shape) : [];
    expect(inQuery.map((parameter) => parameter.name).sort()).toEqual(queryShape.sort());

    const body = operation!.requestBody?.content;
    if (route.form) expect(Object.keys(body ?? {})).toEqual(['multipart/form-data']);
    else if (route.body) expect(body?.['application/json']?.schema).toEqual(shown(route.body, 'input'));
    else expect(body).toBeUndefined();

    const success = Object.entries(operation!.responses ?? {}).find(([status]) => status.startsWith('2'));
    const response = success?.[1].content?.['application/json']?.schema;
    if (route.response) expect(response).toEqual(shown(route.response, 'output'));
    else expect(response).toBeUndefined();
  });
});
