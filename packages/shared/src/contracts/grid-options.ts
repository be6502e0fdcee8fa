// The choices and limits of the grids' queries, free of zod so that the browser's grid screens can
// read them without loading it; admin.ts and clients.ts re-export them beside their schemas.

export const searchMaxLength = 100;

/**
 * `enabled` lists the properties getting reminders (enabled, not pending, the client has not
 * unsubscribed, one or more reminders); `unsubscribed` the enabled ones whose client asked to stop
 * reminder emails; `noReminders` the enabled ones that have no reminder at all.
 */
export const clientStatusFilters = [
  'all',
  'enabled',
  'noReminders',
  'disabled',
  'pending',
  'unsubscribed',
] as const;
export type ClientStatusFilter = (typeof clientStatusFilters)[number];

/**
 * The status of a grid row: its property's (enabled, pending, disabled), except that an enabled
 * property whose client unsubscribed from reminder emails is `unsubscribed`, and one with no
 * reminder at all is `noReminders`: both use a license but send nothing (docs/decisions/052).
 */
export const clientRowStatuses = ['enabled', 'pending', 'disabled', 'unsubscribed', 'noReminders'] as const;
export type ClientRowStatus = (typeof clientRowStatuses)[number];

/** Each status as people read it, on the screens and in the export. */
export const clientStatusLabels: Record<ClientRowStatus, string> = {
  enabled: 'Enabled',
  noReminders: 'No reminders',
  pending: 'Pending',
  disabled: 'Disabled',
  unsubscribed: 'Unsubscribed',
};

/**
 * What a row's "next reminder" reads when none will be sent: the state that stops it, never a
 * date that will not be sent. An enabled row shows its next due date instead.
 */
export const notSentLabels: Record<Exclude<ClientRowStatus, 'enabled'>, string> = {
  noReminders: 'No reminders',
  pending: 'Pending: not sent',
  disabled: 'Disabled: not sent',
  unsubscribed: 'Unsubscribed',
};

/**
 * The grid's filter by the client's last activity, their latest reply to a reminder
 * (docs/decisions/064): within the last 30 or 90 days, none in 90 days (never included), or never.
 */
export const clientActivityFilters = ['all', 'within30', 'within90', 'quiet90', 'never'] as const;
export type ClientActivityFilter = (typeof clientActivityFilters)[number];

export const clientActivityFilterLabels: Record<ClientActivityFilter, string> = {
  all: 'Any activity',
  within30: 'Active in the last 30 days',
  within90: 'Active in the last 90 days',
  quiet90: 'No activity in 90 days',
  never: 'Never answered',
};

/** The days back each activity filter looks. */
export const clientActivityDays = { within30: 30, within90: 90, quiet90: 90 } as const;

/**
 * The grid's filter by who needs attention (docs/decisions/063): every client, or only those with
 * at least one reason on Home's list.
 */
export const clientAttentionFilters = ['all', 'needed'] as const;
export type ClientAttentionFilter = (typeof clientAttentionFilters)[number];

export const clientAttentionFilterLabels: Record<ClientAttentionFilter, string> = {
  all: 'Any client',
  needed: 'Needs attention',
};

/**
 * The grid's filter by the home's systems (docs/decisions/093): every home, those with a system
 * near or past the end of its typical life, or with one installed at least 10 or 20 years ago.
 * Short, as they read under the filter's name "Systems" in half a phone's width.
 */
export const clientSystemFilters = ['all', 'replaceSoon', 'age10', 'age20'] as const;
export type ClientSystemFilter = (typeof clientSystemFilters)[number];

export const clientSystemFilterLabels: Record<ClientSystemFilter, string> = {
  all: 'Any systems',
  replaceSoon: 'Replace soon',
  age10: '10+ years old',
  age20: '20+ years old',
};

/**
 * The grid's filter by the home's health score (docs/decisions/095): every home, or those in one
 * band. The labels are the bands' own.
 */
export const clientHealthFilters = ['all', 'good', 'fair', 'poor'] as const;
export type ClientHealthFilter = (typeof clientHealthFilters)[number];

export const clientHealthFilterLabels: Record<ClientHealthFilter, string> = {
  all: 'Any health',
  good: 'Good',
  fair: 'Needs care',
  poor: 'At risk',
};

/** The years of each age filter. */
export const clientSystemAgeYears = { age10: 10, age20: 20 } as const;
