import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '../../lib/errors';

/** The client's address is on the suppression list (docs/decisions/101): nothing would reach them. */
export class AddressSuppressedError extends ConflictError {}

export type InvitationSkip = 'notFound' | 'registered' | 'clientDisabled' | 'emailStopped' | 'limited';

/**
 * Why one invitation of a selection was refused (docs/decisions/080), as the selection's result
 * counts it; null for an error that is no refusal, which the caller lets through.
 */
export function invitationSkipOf(error: unknown): InvitationSkip | null {
  if (error instanceof NotFoundError) return 'notFound';
  if (error instanceof AddressSuppressedError) return 'emailStopped';
  if (error instanceof ConflictError) return 'registered';
  if (error instanceof TooManyRequestsError) return 'limited';
  if (error instanceof BadRequestError) return 'clientDisabled';
  return null;
}
