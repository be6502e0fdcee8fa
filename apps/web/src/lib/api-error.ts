import { isErrorBody } from '@homeminder/shared/contracts/error-body';
import { messages as sharedMessages } from '@homeminder/shared/validation/messages';

/**
 * Every failed call becomes one ApiError (docs/requirements.md §9): `messages` keeps every message the
 * server gave, `message` is the first, the one an error summary shows.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly messages: string[],
    readonly status: number,
  ) {
    super(messages[0] ?? sharedMessages.serverError);
  }

  /** A status of 0 means the server could not be reached at all. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * Reads the messages out of a failed response: the `Errors` array of a JSON body; else a text
 * body as it is; else the default text.
 */
export function errorMessagesFrom(bodyText: string, contentType: string | null): string[] {
  const text = bodyText.trim();
  if (contentType?.includes('json') || text.startsWith('{')) {
    try {
      const body = JSON.parse(text) as unknown;
      if (isErrorBody(body)) return body.Errors;
      const message = (body as { message?: unknown } | null)?.message;
      if (typeof message === 'string' && message) return [message];
    } catch {
      // Not JSON after all: fall through to the raw text.
    }
  }
  return [text || sharedMessages.serverError];
}

/**
 * Every message of any error: all a server gave, or an action's list of them, or the one an error
 * or a text carries.
 */
export function errorMessagesOf(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages.length > 0 ? error.messages : [error.message];
  if (Array.isArray(error)) {
    const texts = error.filter((item): item is string => typeof item === 'string' && item !== '');
    if (texts.length > 0) return texts;
  }
  return [errorMessageOf(error)];
}

/** The first message of any error, for places that show one line. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return sharedMessages.serverError;
}
