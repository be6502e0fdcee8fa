import { z } from 'zod';

/** Every refusal carries this body (SPEC.md section 8); the first message is the one to show. */
export const errorBodySchema = z.object({ Errors: z.array(z.string()).min(1) });
export type ErrorBody = z.infer<typeof errorBodySchema>;
