// The choices and limits of the grids' queries, free of zod so that the browser's grid screens can
// read them without loading it; admin.ts and clients.ts re-export them beside their schemas.

export const searchMaxLength = 100;

/**
 * `enabled` lists the properties getting reminders (enabled, not pending, the client has not
 * unsubscribed); `unsubscribed` the enabled ones whose client asked to stop reminder emails.
 */
export const clientStatusFilters = ['all', 'enabled', 'disabled', 'pending', 'unsubscribed'] as const;
export type ClientStatusFilter = (typeof clientStatusFilters)[number];

export const clientSortColumns = [
  'clientName',
  'lastName',
  'firstName',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'status',
  'realtorName',
  'nextDueAt',
  'createdAt',
] as const;
export type ClientSortColumn = (typeof clientSortColumns)[number];
