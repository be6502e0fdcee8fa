/**
 * The set-up call's second form: the client user of the API's contract, an existing client with
 * names and reminder subscriptions at the top level, beside the nested set-up item of `clients.ts`.
 */
import { z } from '../zod';
import { idSchema } from '../validation/ids';
import { messages } from '../validation/messages';
import { nameFieldSchema } from '../validation/rules';
import { clientSetupSchema, optionalId, subscriptionListSchema, type ClientSetup } from './clients';

/**
 * The client user as the set-up call may also take it (docs/openapi.json): an existing client
 * (`tenantUserID`), their names and the whole list of their property's reminder subscriptions.
 * Everything else (email, phone, realtor, address) stays as it is. `propertyId` names the
 * property when the client has more than one (docs/decisions/052).
 */
export const clientUserUpdateSchema = z.object(
  {
    tenantUserID: idSchema,
    firstName: nameFieldSchema,
    lastName: nameFieldSchema,
    propertyId: optionalId,
    subscriptions: subscriptionListSchema,
  },
  { error: messages.required },
);
export type ClientUserUpdateInput = z.input<typeof clientUserUpdateSchema>;
export type ClientUserUpdate = z.output<typeof clientUserUpdateSchema>;

/** True for a body in the client-user form: names at the top level and no nested client user. */
export function isClientUserForm(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !('clientUser' in body) &&
    !('property' in body) &&
    ('firstName' in body || 'lastName' in body)
  );
}

/**
 * The body of a set-up call in either form, each validated by its own schema, so a refusal names
 * what is wrong with the form that was sent rather than what the other form lacks.
 */
export const clientSetupBodySchema = z.unknown().transform((body, ctx) => {
  const result = isClientUserForm(body)
    ? clientUserUpdateSchema.safeParse(body)
    : clientSetupSchema.safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: issue.path });
  return z.NEVER;
});
export type ClientSetupBody = ClientSetup | ClientUserUpdate;
