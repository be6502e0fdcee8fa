import type { z } from 'zod';

/** The messages a value gets from a schema; [] when it passes. */
export function errorsOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
