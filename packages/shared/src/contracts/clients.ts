/**
 * Contracts of the clients area (docs/requirements.md §8.2 "Clients", under `api/clients` and `api/admin/clientUsers`, and the
 * reminder subscription query): request bodies built from the shared field rules, and the shapes the
 * server responds with. The same schema validates the set-up form in the browser and the request on the
 * server.
 */
import { leadDayChoices } from '../reminder-timing';
import { emailCadences } from '../email-cadence';
import { z } from '../zod';
import { addressShape, optionalAddressShape } from './shapes';
import {
  clientFieldSortNames,
  clientOwnFieldRules,
  clientOwnFieldsShape,
  type ClientFieldSortName,
} from './client-fields';
import { newHomeSchema } from './new-home';
import { addressSchema } from '../validation/forms';
import { idSchema, propertyIdSchema, tenantIdSchema } from '../validation/ids';
import { messages } from '../validation/messages';
import { formatCount, plural } from '../format';
import { pagingRequestSchema } from '../validation/paging';
import { acceptNumericText, isBlank, frequencyIdSchema } from '../validation/rules';
import { pagedResultSchema, searchSchema, sortingOf } from './admin';
import {
  clientActivityFilters,
  clientAttentionFilters,
  clientRowStatuses,
  clientHealthFilters,
  clientStatusFilters,
  clientSystemFilters,
} from './grid-options';

export * from './client-catalogue';

/** Messages of the clients area that the field rules do not already have; each written once. */
export const clientMessages = {
  emailTaken: 'A client with this email address already exists in your company.',
  /** Refusal of a property that would need a license when none is free (docs/requirements.md §12 Licensing). */
  licenseExhausted: (licensed: number, free: number) =>
    `Not enough licenses: ${free} of ${formatCount(licensed, 'license')} ${plural(free, 'is', 'are')} free, and an active property needs one. ` +
    'Disable another property, mark this one as pending, or ask your administrator for more licenses.',
  duplicateReminder: 'Each reminder can be chosen only once.',
  reminderUnknown: 'The chosen reminder is not in the catalogue.',
  frequencyUnknown: 'Choose how often the reminder should be sent.',
  realtorUnknown: 'The chosen realtor was not found in your company.',
  realtorOnlyOwn: 'As a realtor you can set up only your own clients.',
  subscriptionNotFound: 'The reminder subscription was not found.',
  tooManySubscriptions: (max: number) => `A property can have at most ${max} reminders.`,
  notUnsubscribed: 'This client has not unsubscribed: their reminders are not stopped.',
  propertyToChange:
    'This client has more than one property: name the one whose reminders change (propertyId).',
  noPropertyYet: 'This client has no property yet: set it up with its address (clientUser and property).',
  lastDoneInvalid: 'Choose the month the task was last done, or "Never / not sure".',
  lastDoneInFuture: 'The month a task was last done cannot be in the future.',
  seasonNotHere: (task: string, where: string) =>
    `"${task}" is not sent to a property in ${where}: its season does not happen there.`,
  /** A client's link that names no client the person can see: deleted, mistyped, or not theirs. */
  notFoundHere:
    'This client was not found. They may have been deleted, or they are not one of the clients you can see.',
} as const;

/** Most reminder subscriptions one property may have (the catalogue holds about twenty). */
export const maxSubscriptionsPerProperty = 50;

/** Blank text and null mean "not given"; anything else must be an id. */
export const optionalId = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && isBlank(value)) ? undefined : value),
  idSchema.optional(),
);

// ---------------------------------------------------------------------------------------------
// The client grid
// ---------------------------------------------------------------------------------------------

/** A property is enabled (uses a license), pending (waiting, no license) or disabled. */
export const propertyStatuses = ['enabled', 'pending', 'disabled'] as const;
export type PropertyStatus = (typeof propertyStatuses)[number];

export {
  clientActivityFilters,
  clientActivityFilterLabels,
  clientAttentionFilters,
  clientAttentionFilterLabels,
  clientRowStatuses,
  clientStatusFilters,
  clientStatusLabels,
  clientSystemFilters,
  clientSystemFilterLabels,
  clientHealthFilters,
  clientHealthFilterLabels,
  notSentLabels,
  type ClientActivityFilter,
  type ClientAttentionFilter,
  type ClientRowStatus,
  type ClientStatusFilter,
  type ClientSystemFilter,
} from './grid-options';

/** What the client grid sorts by: the client's whole name, each described field that sorts, and more. */
export type ClientSortColumn =
  | 'clientName'
  | ClientFieldSortName
  | 'status'
  | 'realtorName'
  | 'nextDueAt'
  | 'createdAt'
  | 'lastActivityAt'
  | 'attention'
  | 'healthScore';
export const clientSortColumns = [
  'clientName',
  ...clientFieldSortNames,
  'status',
  'realtorName',
  'nextDueAt',
  'createdAt',
  'lastActivityAt',
  'attention',
  'healthScore',
] as [ClientSortColumn, ...ClientSortColumn[]];

/** One of the grid's filters, 'all' when not given; a value it does not take is refused by name. */
function gridFilter<const Choices extends readonly ['all', ...string[]]>(name: string, choices: Choices) {
  return z.enum(choices, { error: messages.filterInvalid(name, choices) }).default('all');
}

/**
 * The client grid query. `pending: 1` lists pending properties only, so the total is the pending
 * count (docs/requirements.md §5); `realtorId` narrows a manager's list to one realtor's clients.
 */
export const clientGridQuerySchema = pagingRequestSchema.extend({
  sorting: sortingOf(clientSortColumns),
  search: searchSchema,
  status: gridFilter('status', clientStatusFilters),
  activity: gridFilter('activity', clientActivityFilters),
  attention: gridFilter('attention', clientAttentionFilters),
  systems: gridFilter('systems', clientSystemFilters),
  health: gridFilter('health', clientHealthFilters),
  realtorId: optionalId,
  pending: acceptNumericText(z.union([z.literal(0), z.literal(1)], { error: messages.invalidValue })).default(
    0,
  ),
});
export type ClientGridQueryInput = z.input<typeof clientGridQuerySchema>;
export type ClientGridQuery = z.output<typeof clientGridQuerySchema>;

/** "Next" in the client detail: the row after `currentId` (a grid row id) under the same query. */
export const nextTenantQuerySchema = clientGridQuerySchema.extend({ currentId: idSchema });
export type NextTenantQueryInput = z.input<typeof nextTenantQuerySchema>;

/** One row of the grid: a client with one of their properties (a client without one shows once). */
export const clientGridRowSchema = z.object({
  /** The property's id, or the client's when they have no property. */
  rowId: z.string(),
  clientId: z.string(),
  propertyId: z.string().nullable(),
  ...clientOwnFieldsShape,
  realtorId: z.string().nullable(),
  realtorName: z.string().nullable(),
  ...optionalAddressShape,
  status: z.enum(clientRowStatuses),
  subscriptionCount: z.number(),
  /** The earliest next due date of the property's reminders (ISO text). */
  nextDueAt: z.string().nullable(),
  /** When the client stopped their reminder emails with the link of one (ISO text), or null. */
  unsubscribedAt: z.string().nullable(),
  /** When the client last replied to a reminder (ISO text), or null (docs/decisions/064). */
  lastActivityAt: z.string().nullable(),
  /** The home's health score as last kept (docs/decisions/095), or null before it is scored. */
  healthScore: z.number().nullable(),
  createdAt: z.string(),
});
export type ClientGridRow = z.infer<typeof clientGridRowSchema>;

export const clientGridSchema = pagedResultSchema(clientGridRowSchema);
export type ClientGrid = z.infer<typeof clientGridSchema>;
export const clientListSchema = z.object({ items: z.array(clientGridRowSchema) });

// ---------------------------------------------------------------------------------------------
// A client in detail
// ---------------------------------------------------------------------------------------------

export const subscriptionSchema = z.object({
  id: z.string(),
  reminderId: z.string(),
  reminderName: z.string(),
  category: z.string(),
  maintenanceFrequencyId: z.number(),
  frequencyName: z.string(),
  nextDueAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const propertyDetailSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  clientUserId: z.string(),
  ...addressShape,
  enabled: z.boolean(),
  pending: z.boolean(),
  status: z.enum(propertyStatuses),
  /** How many days before the due date its reminders go (docs/decisions/102). */
  leadDays: z.literal(leadDayChoices),
  /** How often its owner is emailed, and how many reminders in a row they left unanswered (docs/decisions/103). */
  emailCadence: z.enum(emailCadences),
  unansweredReminders: z.number(),
  /** Soonest first. */
  subscriptions: z.array(subscriptionSchema),
});
export type PropertyDetail = z.infer<typeof propertyDetailSchema>;

export const clientDetailSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  ...clientOwnFieldsShape,
  enabled: z.boolean(),
  realtorId: z.string().nullable(),
  realtorName: z.string().nullable(),
  /** The client has created a sign-in of their own (/register). */
  registered: z.boolean(),
  /**
   * When the client stopped their reminder emails with the link of one (ISO text), or null. While
   * set, none of their reminders is sent (docs/decisions/028).
   */
  unsubscribedAt: z.string().nullable(),
  /**
   * The client's address is on the corporation's suppression list, after a hard bounce or a spam
   * complaint the mail relay reported (docs/decisions/101): nothing is sent to it. Null otherwise.
   */
  emailStopped: z
    .object({
      reason: z.enum(['bounce', 'complaint']),
      since: z.string(),
      /** The relay's words, such as the mail server's refusal. */
      detail: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  properties: z.array(propertyDetailSchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Set-up and edit
// ---------------------------------------------------------------------------------------------

/** The client's own fields, under their described rules (client-fields.ts). */
export const clientUserSchema = z.object(clientOwnFieldRules, { error: messages.required });

export const setupPropertySchema = z.object(
  {
    ...addressSchema.shape,
    /** The property to change; without it a new property is added. */
    propertyId: optionalId,
    /** Waiting to be confirmed (for example, a sale not yet closed): uses no license. */
    pending: z.boolean({ error: messages.invalidValue }).default(false),
  },
  { error: messages.required },
);

/** A month as "2026-03", or blank / null for "Never / not sure". */
export const lastDoneSchema = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && isBlank(value)) ? undefined : value),
  z
    .string({ error: clientMessages.lastDoneInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: clientMessages.lastDoneInvalid })
    .optional(),
);

/**
 * The fields of a reminder subscription people choose, each described once: its label on the
 * set-up form, its rule and whether it is required, and an example for the OpenAPI document.
 */
export const subscriptionFields = {
  reminderID: {
    label: 'Reminder',
    required: true,
    rule: idSchema,
    example: '9d2f1c4e-5b6a-4c3d-8e7f-1a2b3c4d5e6f',
  },
  /** When the task was last done (docs/decisions/058); left out for "Never / not sure". */
  lastDoneOn: { label: 'Last done', required: false, rule: lastDoneSchema, example: '2026-03' },
  maintenanceFrequencyID: {
    label: 'How often',
    required: true,
    rule: frequencyIdSchema(clientMessages.frequencyUnknown),
    example: 3,
  },
} as const;

type SubscriptionFieldName = keyof typeof subscriptionFields;

export const subscriptionItemSchema = z.object(
  Object.fromEntries(
    (Object.keys(subscriptionFields) as SubscriptionFieldName[]).map((name) => [
      name,
      describedSubscriptionRule(name),
    ]),
  ) as { [Name in SubscriptionFieldName]: (typeof subscriptionFields)[Name]['rule'] },
);

/** A subscription field's rule, carrying its label and example to the OpenAPI document. */
function describedSubscriptionRule<Name extends SubscriptionFieldName>(
  name: Name,
): (typeof subscriptionFields)[Name]['rule'] {
  const { rule, label, example } = subscriptionFields[name];
  return rule.meta({ description: label, example });
}
export type SubscriptionItemInput = z.input<typeof subscriptionItemSchema>;

/** A property's whole list of reminder subscriptions, each reminder once. */
export const subscriptionListSchema = z
  .array(subscriptionItemSchema, { error: messages.invalidValue })
  .max(maxSubscriptionsPerProperty, {
    error: clientMessages.tooManySubscriptions(maxSubscriptionsPerProperty),
  })
  .default(() => [])
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = item.reminderID.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: clientMessages.duplicateReminder,
          path: [index, 'reminderID'],
        });
      }
      seen.add(key);
    });
  });

/**
 * The set-up item (docs/requirements.md §5): realtor, client user, property and reminder subscriptions.
 * Without `tenantUserID` a new client is created; with it that client is changed. The subscriptions
 * are the property's whole list: reminders left out are removed. `home` is kept for a property the
 * set-up creates (docs/decisions/092). `tenantId` (PUT) and `tenantID` (POST) may name the
 * corporation; they must be the one the request acts for.
 */
export const clientSetupSchema = z.object(
  {
    realtorID: optionalId,
    tenantId: optionalId,
    tenantID: optionalId,
    tenantUserID: optionalId,
    clientUser: clientUserSchema,
    property: setupPropertySchema,
    subscriptions: subscriptionListSchema,
    /** What a new property's home is known to be: a few answers of its profile and its main systems. */
    home: newHomeSchema.optional(),
  },
  { error: messages.required },
);
export type ClientSetupInput = z.input<typeof clientSetupSchema>;
export type ClientSetup = z.output<typeof clientSetupSchema>;

/** Enable/disable payload (docs/requirements.md §5) for client accounts: one property of the tenant. */
export const propertyToggleSchema = z.object({ propertyId: propertyIdSchema, tenantId: tenantIdSchema });
export type PropertyToggle = z.infer<typeof propertyToggleSchema>;

export const propertyToggleResultSchema = z.object({
  propertyId: z.string(),
  enabled: z.boolean(),
  status: z.enum(propertyStatuses),
});
export type PropertyToggleResult = z.infer<typeof propertyToggleResultSchema>;
