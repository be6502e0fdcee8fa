import { z } from '../zod';
import { messages } from '../validation/messages';

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const whoAmISchema = z.object({
  isAuthenticated: z.boolean(),
  tenantID: z.string().nullable(),
  userID: z.string().nullable(),
  name: z.string().nullable(),
  /** Beyond the four original fields (docs/requirements.md §5): lets the portal show the real person while impersonating. */
  email: z.string().nullable(),
  roles: z.array(z.string()),
  privileges: z.array(z.string()),
  tenantName: z.string().nullable(),
  impersonatedBy: z.string().nullable(),
  /** A staff member, or a homeowner (a client), who has the homeowner's pages only; null signed out. */
  kind: z.enum(['staff', 'client']).nullable(),
});
export type WhoAmI = z.infer<typeof whoAmISchema>;

export { impersonationMessages } from './impersonation-messages';

export const profileImageSchema = z.object({
  imageType: z.string().nullable(),
  data: z.string().nullable(),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

/** A route name, or a list of them; a missing or empty one gets "This value is required". */
const oneOrMoreNames = z.union(
  [
    z.string({ error: messages.required }).min(1, { error: messages.required }),
    z
      .array(z.string({ error: messages.required }).min(1, { error: messages.required }), {
        error: messages.required,
      })
      .min(1, { error: messages.required }),
  ],
  { error: messages.required },
);

export const uiCheckRequestSchema = z.object({ uiElement: oneOrMoreNames }, { error: messages.required });
export const uiCheckResponseSchema = z.object({
  granted: z.boolean(),
  results: z.record(z.string(), z.boolean()),
});
export type UiCheckResponse = z.infer<typeof uiCheckResponseSchema>;

const nameList = z
  .array(z.string({ error: messages.required }).min(1, { error: messages.required }), {
    error: messages.required,
  })
  .min(1, { error: messages.required });
export const privilegeNamesSchema = z.union(
  [nameList, z.object({ names: nameList }, { error: messages.required })],
  {
    error: messages.required,
  },
);
export const privilegeResultsSchema = z.object({
  granted: z.boolean(),
  results: z.record(z.string(), z.boolean()),
});
export type PrivilegeResults = z.infer<typeof privilegeResultsSchema>;
