import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { messages } from '@homeminder/shared/validation/messages';
import { AppError } from '../lib/errors';

/** The part of a JSON Schema the check reads. */
export interface Shape {
  properties?: Record<string, Shape>;
  additionalProperties?: boolean | Shape;
  items?: Shape;
  anyOf?: Shape[];
  oneOf?: Shape[];
  allOf?: Shape[];
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The keys of `value` that `schema` does not name, by path. Where the schema offers a choice
 * (`anyOf`), the choice that fits best speaks; a map (`additionalProperties` alone) takes any key.
 */
export function unknownFields(schema: Shape | undefined, value: unknown, path = '', depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 32) return [];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    let fewest: string[] | undefined;
    for (const choice of choices) {
      const found = unknownFields(choice, value, path, depth + 1);
      if (found.length === 0) return [];
      if (!fewest || found.length < fewest.length) fewest = found;
    }
    return fewest ?? [];
  }
  if (schema.allOf) {
    if (!schema.allOf.every((part) => part.properties)) return [];
    const merged: Shape = {
      properties: Object.assign({}, ...schema.allOf.map((part) => part.properties)) as Record<string, Shape>,
      additionalProperties: schema.allOf.some((part) => part.additionalProperties),
    };
    return unknownFields(merged, value, path, depth + 1);
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => unknownFields(schema.items, item, `${path}[${index}]`, depth + 1));
  }
  if (value === null || typeof value !== 'object') return [];
  const { properties, additionalProperties } = schema;
  if (!properties) {
    if (typeof additionalProperties !== 'object') return [];
    return Object.entries(value).flatMap(([key, item]) =>
      unknownFields(additionalProperties, item, join(path, key), depth + 1),
    );
  }
  return Object.entries(value).flatMap(([key, item]) => {
    if (Object.hasOwn(properties, key))
      return unknownFields(properties[key], item, join(path, key), depth + 1);
    return additionalProperties ? [] : [join(path, key)];
  });
}

/**
 * Every JSON body is held to its schema's keys before it is validated: a key the request does not
 * take is refused with a 400 that names it, instead of being dropped unseen (a misspelt key would
 * otherwise read as a field left out, and do something else). One check for every route.
 */
export function refusingUnknownFields(
  compile: FastifySchemaCompiler<z.ZodType>,
): FastifySchemaCompiler<z.ZodType> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'body' || !(route.schema instanceof z.ZodType)) return validate;
    const shape = z.toJSONSchema(route.schema, { io: 'input', unrepresentable: 'any' }) as Shape;
    return (data: unknown) => {
      const unknown = unknownFields(shape, data);
      if (unknown.length > 0) return { error: new AppError(400, unknown.map(messages.unknownField)) };
      return validate(data);
    };
  };
}
