import { z } from '../zod';
import type { ErrorBody } from './error-body';

export { isErrorBody, type ErrorBody } from './error-body';

/** Every refusal carries this body (docs/requirements.md §9); the first message is the one to show. */
export const errorBodySchema = z.object({
  Errors: z.array(z.string()).min(1),
}) satisfies z.ZodType<ErrorBody>;
