/**
 * Contracts of tenant users (corporate users and realtors) and of the signed-in user's own profile.
 */
import { z } from '../zod';
import { confirmPassword, newPasswordShape } from '../validation/forms';
import { tenantIdSchema, userIdSchema } from '../validation/ids';
import { pagingRequestSchema } from '../validation/paging';
import {
  emailSchema,
  nameFieldSchema,
  phoneSchema,
  requiredString,
  strongPasswordSchema,
} from '../validation/rules';
import {
  optionalField,
  pagedResultSchema,
  searchSchema,
  sortingOf,
  statusFilterSchema,
  tenantUserRoleSchema,
} from './admin-fields';

// ---------------------------------------------------------------------------------------------
// Tenant users: corporate users and realtors
// ---------------------------------------------------------------------------------------------

const tenantUserFields = {
  email: emailSchema,
  firstName: nameFieldSchema,
  lastName: nameFieldSchema,
  phone: phoneSchema,
  role: tenantUserRoleSchema,
};

/**
 * A new user. Without a temporary password the user gets an email with a link to choose one;
 * either way the administrator never learns the password the user ends up with.
 * `tenantId` picks the corporation (system administrator); others add to their own.
 */
export const tenantUserCreateSchema = z.object({
  tenantId: optionalField(tenantIdSchema),
  ...tenantUserFields,
  temporaryPassword: optionalField(strongPasswordSchema),
});
export type TenantUserCreateInput = z.input<typeof tenantUserCreateSchema>;
export type TenantUserCreate = z.output<typeof tenantUserCreateSchema>;

export const tenantUserUpdateSchema = z.object(tenantUserFields);
export type TenantUserUpdateInput = z.input<typeof tenantUserUpdateSchema>;
export type TenantUserUpdate = z.output<typeof tenantUserUpdateSchema>;

/** An administrator sets a temporary password; the user's sessions end. */
export const temporaryPasswordSchema = confirmPassword(z.object(newPasswordShape));
export type TemporaryPasswordInput = z.input<typeof temporaryPasswordSchema>;

export const tenantUserSortColumns = [
  'lastName',
  'firstName',
  'email',
  'role',
  'enabled',
  'lastLoginAt',
  'createdAt',
  'companyName',
] as const;

export const tenantUserQuerySchema = pagingRequestSchema.extend({
  /** The corporation to list; a system administrator may leave it out to list every corporation. */
  tenantId: optionalField(tenantIdSchema),
  sorting: sortingOf(tenantUserSortColumns),
  search: searchSchema,
  status: statusFilterSchema,
  role: tenantUserRoleSchema.optional(),
});
export type TenantUserQueryInput = z.input<typeof tenantUserQuerySchema>;
export type TenantUserQuery = z.output<typeof tenantUserQuerySchema>;

/** Who a user is, as the user list and the own profile both respond with it. */
const userIdentityShape = {
  id: z.string(),
  tenantId: z.string(),
  companyName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
};

export const tenantUserSchema = z.object({
  ...userIdentityShape,
  role: z.string().nullable(),
  enabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  hasProfileImage: z.boolean(),
});
export type TenantUser = z.infer<typeof tenantUserSchema>;

export const tenantUserListSchema = pagedResultSchema(tenantUserSchema);
export type TenantUserList = z.infer<typeof tenantUserListSchema>;

/** Enable/disable payload (docs/requirements.md §5) for tenant user accounts. */
export const tenantUserToggleSchema = z.object({ tenantId: tenantIdSchema, userId: userIdSchema });
export type TenantUserToggle = z.infer<typeof tenantUserToggleSchema>;

// ---------------------------------------------------------------------------------------------
// The signed-in user's own profile (/userSettings)
// ---------------------------------------------------------------------------------------------

export const ownProfileSchema = z.object({
  ...userIdentityShape,
  roles: z.array(z.string()),
  passwordChangedAt: z.string().nullable(),
  /** Whether the morning email of clients needing attention is wanted (realtors only get one). */
  attentionDigest: z.boolean(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const ownPreferencesSchema = z.object({ attentionDigest: z.boolean() });
export type OwnPreferences = z.infer<typeof ownPreferencesSchema>;

export const ownProfileUpdateSchema = tenantUserUpdateSchema.pick({
  firstName: true,
  lastName: true,
  phone: true,
});
export type OwnProfileUpdateInput = z.input<typeof ownProfileUpdateSchema>;

export const changePasswordSchema = confirmPassword(
  z.object({ currentPassword: requiredString, ...newPasswordShape }),
);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export { messageResponseSchema } from './shapes';
