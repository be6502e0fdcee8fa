import { z } from 'zod';
import type { ErrorBody } from './error-body';

export { isErrorBody, type ErrorBody } from './error-body';

/** Every refusal carries this body (SPEC.md section 8); the first message is the one to show. */
export const errorBodySchema = z.object({
  Errors: z.array(z.string()).min(1),
}) satisfies z.ZodType<ErrorBody>;
