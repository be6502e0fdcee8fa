/**
 * Contracts of the admin area: corporations here, their field rules in `admin-fields.ts`, tenant
 * users and the own profile of /userSettings in `tenant-users.ts` (all three go by this
 * name). Request bodies are built from the shared field rules; the same schema validates a form in
 * the browser and the request on the server.
 */
import { z } from '../zod';
import { addressSchema, paymentCardFields } from '../validation/forms';
import { pagingRequestSchema } from '../validation/paging';
import {
  emailSchema,
  nameFieldSchema,
  phoneSchema,
  securityCodeMatchesCard,
  strongPasswordSchema,
  type CardExpiryOptions,
} from '../validation/rules';
import { tenantDetailsSchema } from './identity';
import { tenantUserUpdateSchema } from './tenant-users';
import {
  adminMessages,
  corporationNameSchema,
  dayDateSchema,
  licenseCountSchema,
  optionalField,
  pagedResultSchema,
  searchSchema,
  siteUrlSchema,
  brandColourSchema,
  sortingOf,
  statusFilterSchema,
  timeZoneSchema,
} from './admin-fields';

export * from './admin-fields';
export * from './tenant-users';

// ---------------------------------------------------------------------------------------------
// Corporations
// ---------------------------------------------------------------------------------------------

/** Tenant site: how the corporation presents itself to its clients. */
export const tenantSiteSchema = z.object({
  siteName: corporationNameSchema,
  siteUrl: optionalField(siteUrlSchema),
  contactEmail: optionalField(emailSchema),
  contactPhone: phoneSchema,
  timeZone: timeZoneSchema,
  brandColour: optionalField(brandColourSchema),
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

/** The first administrator of a new corporation, named as any tenant user; the system administrator sets the password. */
export const firstAdministratorSchema = tenantUserUpdateSchema
  .pick({ email: true, firstName: true, lastName: true })
  .extend({ password: strongPasswordSchema });

/** AddCorporateAccounts: a corporation with its settings and its first administrator. */
export function corporationCreateSchema(options?: CardExpiryOptions) {
  return z.object({
    name: corporationNameSchema,
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

/** A row of the corporations grid: some of the corporation's details, and how much it uses. */
export const corporationListItemSchema = tenantDetailsSchema
  .pick({
    id: true,
    name: true,
    enabled: true,
    siteName: true,
    city: true,
    state: true,
    licensedProperties: true,
  })
  .extend({
    usedLicenses: z.number(),
    userCount: z.number(),
    createdAt: z.string(),
  });
export type CorporationListItem = z.infer<typeof corporationListItemSchema>;

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
  /**
   * Of `used`, the properties whose client unsubscribed: they get no reminders yet keep their
   * license, so starting again is never refused (docs/decisions/082).
   */
  unsubscribed: z.number(),
  /** The license's last day once it has ended (none is available then), else null. */
  licenseEndedOn: z.string().nullable(),
});
export type LicensingSummary = z.infer<typeof licensingSummarySchema>;
