/**
 * Contracts of the admin area (docs/requirements.md §8.2 "Corporations" and "Tenant users", and the own
 * profile of /userSettings): request bodies built from the shared field rules, and the shapes the
 * server answers. The same schema validates a form in the browser and the request on the server.
 */
import { z } from 'zod';
import { Role } from '../permissions';
import { addressSchema, confirmPassword, paymentCardFields } from '../validation/forms';
import { tenantIdSchema, userIdSchema } from '../validation/ids';
import { messages } from '../validation/messages';
import { pagingRequestSchema, sortSchema } from '../validation/paging';
import {
  emailSchema,
  isBlank,
  maxLength,
  nameFieldSchema,
  numberSchema,
  phoneSchema,
  requiredString,
  securityCodeMatchesCard,
  strongPasswordSchema,
  type CardExpiryOptions,
} from '../validation/rules';
import { searchMaxLength } from './grid-options';
import { tenantDetailsSchema } from './identity';

/** Messages of the admin forms that the field rules do not already have; each written once. */
export const adminMessages = {
  companyNameInvalid:
    "Company name must start with a letter or number and may only use letters, numbers, spaces and & . , ' ( ) - _",
  siteUrlInvalid: 'Website must be a full address starting with http:// or https://',
  timeZoneInvalid: 'Choose a time zone from the list',
  roleInvalid: 'Choose a role: corporate administrator, manager or realtor',
  licenseEndBeforeStart: 'The license must end on or after the day it starts',
  sortColumnInvalid: 'This column cannot be sorted',
  /** What the operator is asked first on a screen that works in one customer's data. */
  chooseCompanyToUpload: 'Choose the company whose clients you are uploading.',
  chooseCompanyForClients: 'Choose a company to see and set up its clients.',
  operatorHoldsNoClients:
    "The operator's own company holds no clients: choose the company to set them up in.",
} as const;

/** Largest number of licensed properties one corporation may hold. */
export const maxLicensedProperties = 1_000_000;
export const companyNameMaxLength = 100;
export { searchMaxLength } from './grid-options';

/** Images of profiles and branding (docs/requirements.md §10 and §11): these types, up to 2 MB. */
export const imageUpload = {
  fieldName: 'newImage',
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
} as const;

/** Why an image upload was refused; the browser checks type and size first with the same words. */
export const imageMessages = {
  notMultipart: `Send the image as a file upload (multipart/form-data) in the field "${imageUpload.fieldName}".`,
  missing: `No image was sent. Choose an image file (field "${imageUpload.fieldName}").`,
  tooLarge: 'The image is larger than 2 MB. Please choose a smaller image.',
  wrongType: 'The file is not a PNG, JPEG or WebP image. Please choose an image in one of these formats.',
  unreadable: 'The image could not be read; it may be damaged. Please choose another image.',
  cutOff: 'The image did not arrive whole: the upload was interrupted. Please try again.',
} as const;

// ---------------------------------------------------------------------------------------------
// Field rules of the admin forms
// ---------------------------------------------------------------------------------------------

/**
 * An optional text field: blank (or absent) comes out as undefined; anything else must pass `rule`
 * and comes out as `rule` gives it (an email trimmed, for example).
 */
export function optionalField<T extends z.ZodType<unknown, string>>(rule: T) {
  return z
    .string({ error: messages.invalidValue })
    .transform((value, ctx): z.output<T> | undefined => {
      if (isBlank(value)) return undefined;
      const result = rule.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    })
    .optional();
}

/** A company's name: 'Acme Realty, Inc.', 'Smith & Sons (West)'. */
export const companyNameSchema = maxLength(
  requiredString.superRefine((value, ctx) => {
    if (!isBlank(value) && !/^[\p{L}0-9][\p{L}\p{M}0-9 &.,'’()_-]*$/u.test(value)) {
      ctx.addIssue({ code: 'custom', message: adminMessages.companyNameInvalid });
    }
  }),
  companyNameMaxLength,
);

export const siteUrlSchema = maxLength(
  requiredString.superRefine((value, ctx) => {
    if (isBlank(value)) return;
    let valid: boolean;
    try {
      const url = new URL(value.trim());
      valid = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      valid = false;
    }
    if (!valid) ctx.addIssue({ code: 'custom', message: adminMessages.siteUrlInvalid });
  }),
  200,
);

/** The US time zones a corporation's reminders may follow. */
export const timeZones = [
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Phoenix', label: 'Mountain (Arizona)' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
] as const;
const timeZoneValues = timeZones.map((zone) => zone.value) as [string, ...string[]];

export const timeZoneSchema = z.enum(timeZoneValues, { error: adminMessages.timeZoneInvalid });

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as 'YYYY-MM-DD' (what a date field gives), from 2000 to 2100. */
export const dayDateSchema = requiredString.superRefine((value, ctx) => {
  if (isBlank(value)) return;
  const match = isoDate.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    ctx.addIssue({ code: 'custom', message: messages.dateInvalid });
  } else if (value < '2000-01-01' || value > '2100-12-31') {
    ctx.addIssue({ code: 'custom', message: messages.dateOutOfRange });
  }
});

export const licenseCountSchema = numberSchema()
  .int({ error: messages.wholeNumber })
  .min(0, { error: messages.numberOutOfRange })
  .max(maxLicensedProperties, { error: messages.numberOutOfRange });

/** The roles an administrator may give a user of a corporation. */
export const tenantUserRoles = [Role.CorporateAdmin, Role.Managers, Role.Realtor] as const;
export type TenantUserRole = (typeof tenantUserRoles)[number];
export const tenantUserRoleSchema = z.enum(tenantUserRoles, { error: adminMessages.roleInvalid });
export const roleLabels: Record<TenantUserRole, string> = {
  CorporateAdmin: 'Corporate administrator',
  Managers: 'Manager',
  Realtor: 'Realtor',
};

/** Sorting of a grid by one of `columns`, in the direction meant (docs/decisions/004). */
function sortingOf<const C extends readonly [string, ...string[]]>(columns: C) {
  return z
    .array(
      z.object({
        propertyName: z.enum(columns, { error: adminMessages.sortColumnInvalid }),
        dir: sortSchema.shape.dir,
      }),
    )
    .max(3, { error: messages.invalidValue })
    .default(() => []);
}

const searchSchema = z
  .string({ error: messages.invalidValue })
  .trim()
  .max(searchMaxLength, { error: messages.tooLong(searchMaxLength) })
  .optional();

export const statusFilterSchema = z
  .enum(['all', 'enabled', 'disabled'], { error: messages.invalidValue })
  .default('all');
export type StatusFilter = z.infer<typeof statusFilterSchema>;

// ---------------------------------------------------------------------------------------------
// Corporations
// ---------------------------------------------------------------------------------------------

/** Tenant site: how the corporation presents itself to its clients. */
export const tenantSiteSchema = z.object({
  siteName: companyNameSchema,
  siteUrl: optionalField(siteUrlSchema),
  contactEmail: optionalField(emailSchema),
  contactPhone: phoneSchema,
  timeZone: timeZoneSchema,
});
export type TenantSiteInput = z.input<typeof tenantSiteSchema>;
export type TenantSite = z.output<typeof tenantSiteSchema>;

/**
 * Billing: the whole card is checked (number, CVV, expiry), but the server keeps only the last
 * four digits, the brand and the expiry, never the number nor the CVV (docs/requirements.md §12).
 */
export function billingSchema(options?: CardExpiryOptions) {
  return z
    .object({ ...paymentCardFields(options), billingName: nameFieldSchema })
    .superRefine(securityCodeMatchesCard);
}
export type BillingInput = z.input<ReturnType<typeof billingSchema>>;
export type Billing = z.output<ReturnType<typeof billingSchema>>;

export const corporationAddressSchema = addressSchema;
export type CorporationAddressInput = z.input<typeof corporationAddressSchema>;

export const tenantLicenseSchema = z
  .object({
    licensedProperties: licenseCountSchema,
    licenseStartsOn: dayDateSchema,
    licenseEndsOn: dayDateSchema,
  })
  .refine((license) => license.licenseEndsOn >= license.licenseStartsOn, {
    error: adminMessages.licenseEndBeforeStart,
    path: ['licenseEndsOn'],
  });
export type TenantLicenseInput = z.input<typeof tenantLicenseSchema>;
export type TenantLicense = z.output<typeof tenantLicenseSchema>;

/** The first administrator of a new corporation; the system administrator sets the password. */
export const firstAdministratorSchema = z.object({
  email: emailSchema,
  firstName: nameFieldSchema,
  lastName: nameFieldSchema,
  password: strongPasswordSchema,
});

/** AddCorporateAccounts: a corporation with its settings and its first administrator. */
export function corporationCreateSchema(options?: CardExpiryOptions) {
  return z.object({
    name: companyNameSchema,
    site: tenantSiteSchema,
    address: corporationAddressSchema,
    billing: billingSchema(options),
    license: tenantLicenseSchema,
    administrator: firstAdministratorSchema,
  });
}
export type CorporationCreateInput = z.input<ReturnType<typeof corporationCreateSchema>>;
export type CorporationCreate = z.output<ReturnType<typeof corporationCreateSchema>>;

export const corporationSortColumns = [
  'name',
  'enabled',
  'city',
  'state',
  'licensedProperties',
  'usedLicenses',
  'userCount',
  'createdAt',
] as const;
export type CorporationSortColumn = (typeof corporationSortColumns)[number];

export const corporationQuerySchema = pagingRequestSchema.extend({
  sorting: sortingOf(corporationSortColumns),
  search: searchSchema,
  status: statusFilterSchema,
});
export type CorporationQueryInput = z.input<typeof corporationQuerySchema>;
export type CorporationQuery = z.output<typeof corporationQuerySchema>;

export const corporationListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  siteName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  licensedProperties: z.number(),
  usedLicenses: z.number(),
  userCount: z.number(),
  createdAt: z.string(),
});
export type CorporationListItem = z.infer<typeof corporationListItemSchema>;

export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalItemCount: z.number() });
}
export interface PagedResult<T> {
  items: T[];
  totalItemCount: number;
}

export const corporationListSchema = pagedResultSchema(corporationListItemSchema);
export type CorporationList = z.infer<typeof corporationListSchema>;

/** One corporation with every setting; billing shows only what is kept of the card. */
export const corporationDetailsSchema = tenantDetailsSchema.extend({
  billingName: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  cardExpiry: z.string().nullable(),
  hasBrandingImage: z.boolean(),
  createdAt: z.string(),
});
export type CorporationDetails = z.infer<typeof corporationDetailsSchema>;

export const licensingSummarySchema = z.object({
  /** Properties the corporation may have active. */
  licensed: z.number(),
  /** Enabled properties that are not pending: they use a license. */
  used: z.number(),
  /** Licenses left: licensed minus used, never below 0. */
  available: z.number(),
  /** Properties waiting to be confirmed; they will need a license when they are. */
  pending: z.number(),
  /** The license's last day once it has ended (none is available then), else null. */
  licenseEndedOn: z.string().nullable(),
});
export type LicensingSummary = z.infer<typeof licensingSummarySchema>;

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
export const temporaryPasswordSchema = confirmPassword(
  z.object({ password: strongPasswordSchema, confirmPassword: requiredString }),
);
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

export const tenantUserSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  companyName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
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
  id: z.string(),
  tenantId: z.string(),
  companyName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  passwordChangedAt: z.string().nullable(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const ownProfileUpdateSchema = z.object({
  firstName: nameFieldSchema,
  lastName: nameFieldSchema,
  phone: phoneSchema,
});
export type OwnProfileUpdateInput = z.input<typeof ownProfileUpdateSchema>;

export const changePasswordSchema = confirmPassword(
  z.object({
    currentPassword: requiredString,
    password: strongPasswordSchema,
    confirmPassword: requiredString,
  }),
);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
