// The refusal body without zod, for the browser's first page; errors.ts holds the same shape as a
// schema for the server.

/** Every refusal carries this body (docs/requirements.md §9); the first message is the one to show. */
export interface ErrorBody {
  Errors: string[];
}

/** True for a refusal body: an `Errors` array of at least one text. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('Errors' in value)) return false;
  const errors = value.Errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((error) => typeof error === 'string');
}
