/**
 * Errors a service may throw; each maps once to a status and to the body `{ "Errors": [...] }`.
 * Anything else is a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: readonly string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages[0] ?? 'Error');
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(...messages: string[]) {
    super(400, messages);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, [message]);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, [message]);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'The record was not found.') {
    super(404, [message]);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, [message]);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, [message], { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
