/**
 * The field rules and messages of the admin forms (corporations, tenant users, the own profile),
 * shared by their contracts.
 */
import { z } from '../zod';
import { Role } from '../permissions';
import { messages } from '../validation/messages';
import { sortSchema } from '../validation/paging';
import { isBlank, maxLength, numberSchema, requiredString } from '../validation/rules';
import { searchMaxLength } from './grid-options';
import { uploadMessages } from './upload-messages';

/** Messages of the admin forms that the field rules do not already have; each written once. */
export const adminMessages = {
  corporationNameInvalid:
    "Company name must start with a letter or number and may only use letters, numbers, spaces and & . , ' ( ) - _",
  siteUrlInvalid: 'Website must be a full address starting with http:// or https://',
  brandColourInvalid: 'Email colour must be # and six hexadecimal digits, such as #1864ab',
  timeZoneInvalid: 'Choose a time zone from the list',
  roleInvalid: 'Choose a role: corporate administrator, manager or realtor',
  licenseEndBeforeStart: 'The license must end on or after the day it starts',
  sortColumnInvalid: 'This column cannot be sorted',
  /** What the operator is asked first on a screen that works in one customer's data. */
  chooseCorporationToUpload: 'Choose the company whose clients you are uploading.',
  chooseCorporationForClients: 'Choose a company to see and set up its clients.',
  /** The operator's corporation choice, kept in the tab, names a corporation no longer offered. */
  chosenCorporationGone: 'The company chosen earlier is no longer offered: choose a company.',
  operatorHoldsNoClients:
    "The operator's own company holds no clients: choose the company to set them up in.",
} as const;

/** Largest number of licensed properties one corporation may hold. */
export const maxLicensedProperties = 1_000_000;
export const corporationNameMaxLength = 100;
export { searchMaxLength } from './grid-options';

/** Images of profiles and branding (docs/requirements.md §10 and §11): these types, up to 2 MB. */
export const imageUpload = {
  fieldName: 'newImage',
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'] as const,
} as const;

/** Why an image upload was refused; the browser checks type and size first with the same words. */
export const imageMessages = {
  ...uploadMessages({ noun: 'image', ...imageUpload }),
  missing: `No image was sent. Choose an image file (field "${imageUpload.fieldName}").`,
  wrongType: 'The file is not a PNG, JPEG or WebP image. Please choose an image in one of these formats.',
  unreadable: 'The image could not be read; it may be damaged. Please choose another image.',
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

/** A corporation's name: 'Acme Realty, Inc.', 'Smith & Sons (West)'. */
export const corporationNameSchema = maxLength(
  requiredString.superRefine((value, ctx) => {
    if (!isBlank(value) && !/^[\p{L}0-9][\p{L}\p{M}0-9 &.,'’()_-]*$/u.test(value)) {
      ctx.addIssue({ code: 'custom', message: adminMessages.corporationNameInvalid });
    }
  }),
  corporationNameMaxLength,
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

/** The colour of a corporation's emails, '#1864ab'; it comes out in lower case. */
export const brandColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, { error: adminMessages.brandColourInvalid })
  .transform((value) => value.toLowerCase());

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

/**
 * The roles an administrator may give a user of a corporation, the least powerful first: the add
 * forms offer the first, so a hurried click never makes an administrator.
 */
export const tenantUserRoles = [Role.Realtor, Role.Managers, Role.CorporateAdmin] as const;
export type TenantUserRole = (typeof tenantUserRoles)[number];
export const tenantUserRoleSchema = z.enum(tenantUserRoles, { error: adminMessages.roleInvalid });
export const roleLabels: Record<TenantUserRole, string> = {
  CorporateAdmin: 'Corporate administrator',
  Managers: 'Manager',
  Realtor: 'Realtor',
};

/** Sorting of a grid by one of `columns`, in the direction meant (docs/decisions/004). */
export function sortingOf<const C extends readonly [string, ...string[]]>(columns: C) {
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

export const searchSchema = z
  .string({ error: messages.invalidValue })
  .trim()
  .max(searchMaxLength, { error: messages.tooLong(searchMaxLength) })
  .optional();

export const statusFilterSchema = z
  .enum(['all', 'enabled', 'disabled'], { error: messages.invalidValue })
  .default('all');
export type StatusFilter = z.infer<typeof statusFilterSchema>;

export { pagedResultSchema, type PagedResult } from '../validation/paging';
