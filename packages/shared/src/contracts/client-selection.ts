/**
 * Acting on many rows of a grid at once (docs/decisions/080): the client grid's selection (a
 * page's rows by id, or every row of the grid's filter, resolved by the server) and Manage users'
 * selection, each sent as one request, and the response saying what was done and what was skipped.
 */
import { z } from '../zod';
import { formatCount, formatNumber } from '../format';
import { messages } from '../validation/messages';
import { idSchema, tenantIdSchema, userIdSchema } from '../validation/ids';
import { clientGridQuerySchema } from './clients';
import { maxSelectedIds } from '../selection-words';

export * from '../selection-words';

/** The grid's filter without the page: what "every row of the filter" means. */
export const clientSelectionFilterSchema = clientGridQuerySchema.omit({ page: true, pageSize: true });

/** Rows of the client grid: those of a page by their row ids, or every row of a filter. */
export const clientSelectionSchema = z.union([
  z.object({
    ids: z
      .array(idSchema)
      .min(1, { error: 'Select at least one row.' })
      .max(maxSelectedIds, { error: `Select at most ${formatNumber(maxSelectedIds)} rows by hand.` }),
  }),
  z.object({ filter: clientSelectionFilterSchema }),
]);
export type ClientSelection = z.input<typeof clientSelectionSchema>;
export type ClientSelectionParsed = z.output<typeof clientSelectionSchema>;

/** What a selection of the client grid can have done to it, besides being exported. */
export const clientBulkActions = ['assignRealtor', 'invite', 'enable', 'disable', 'delete'] as const;
export type ClientBulkAction = (typeof clientBulkActions)[number];

const selection = { selection: clientSelectionSchema };
export const clientBulkRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assignRealtor'), realtorId: idSchema, ...selection }),
  z.object({ action: z.literal('invite'), ...selection }),
  z.object({ action: z.literal('enable'), ...selection }),
  z.object({ action: z.literal('disable'), ...selection }),
  z.object({ action: z.literal('delete'), ...selection }),
]);
export type ClientBulkRequest = z.input<typeof clientBulkRequestSchema>;

/** The export of a selection: the same rows the actions take. */
export const clientSelectionExportSchema = z.object(selection);

/** Why a row was left alone. Another corporation's row is "not found": it is never revealed. */
export const bulkSkipReasons = [
  'notFound',
  'notYours',
  'noProperty',
  'unchanged',
  'noLicense',
  'registered',
  'clientDisabled',
  'emailStopped',
  'limited',
  'yourself',
  'operatorUser',
] as const;
export type BulkSkipReason = (typeof bulkSkipReasons)[number];

/** How many of each reason, in the order of `bulkSkipReasons`; a reason of none is left out. */
export const bulkSkippedSchema = z.array(z.object({ reason: z.enum(bulkSkipReasons), count: z.number() }));
export type BulkSkipped = z.infer<typeof bulkSkippedSchema>;

export const bulkResultSchema = z.object({
  /** Rows (clients, properties or users) changed. */
  done: z.number(),
  skipped: bulkSkippedSchema,
  /** The sentence to show: "72 clients assigned to Rhea Realtor. 6 skipped: not yours." */
  message: z.string(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Manage users: enable or disable the selected users of one corporation. */
export const tenantUserBulkRequestSchema = z.object({
  action: z.enum(['enable', 'disable'], { error: messages.invalidValue }),
  tenantId: tenantIdSchema,
  userIds: z
    .array(userIdSchema)
    .min(1, { error: 'Select at least one user.' })
    .max(maxSelectedIds, { error: `Select at most ${formatNumber(maxSelectedIds)} users.` }),
});
export type TenantUserBulkRequest = z.input<typeof tenantUserBulkRequestSchema>;

// ─── Wording ─────────────────────────────────────────────────────────────────────────────────

/** The reason of a skipped row, said after its count ("6 not yours"), per action where it differs. */
export function skipReasonText(
  reason: BulkSkipReason,
  action: ClientBulkAction | 'enableUser' | 'disableUser',
) {
  switch (reason) {
    case 'notFound':
      return 'not found';
    case 'notYours':
      return 'not yours';
    case 'noProperty':
      return 'no property';
    case 'unchanged':
      return action === 'assignRealtor'
        ? 'theirs already'
        : action === 'enable' || action === 'enableUser'
          ? 'already enabled'
          : 'already disabled';
    case 'noLicense':
      return 'no free license';
    case 'registered':
      return 'signed up already';
    case 'clientDisabled':
      return 'disabled';
    case 'emailStopped':
      return 'their address bounced or reported spam';
    case 'limited':
      return 'invited too often this hour';
    case 'yourself':
      return 'your own account';
    case 'operatorUser':
      return "the operator's own user";
  }
}

/** "6 skipped: not yours" with one reason, "6 skipped: 4 not yours, 2 no property" with more. */
export function skippedText(skipped: BulkSkipped, action: ClientBulkAction | 'enableUser' | 'disableUser') {
  const total = skipped.reduce((sum, one) => sum + one.count, 0);
  if (total === 0) return '';
  const reasons =
    skipped.length === 1
      ? skipReasonText(skipped[0]!.reason, action)
      : skipped.map((one) => `${formatNumber(one.count)} ${skipReasonText(one.reason, action)}`).join(', ');
  return `${formatNumber(total)} skipped: ${reasons}.`;
}

/** What one action did, said of what it counts: clients, properties or users. */
const doneText: Record<
  ClientBulkAction | 'enableUser' | 'disableUser',
  (done: number, realtor?: string) => string
> = {
  assignRealtor: (done, realtor) => `${formatCount(done, 'client')} assigned to ${realtor ?? 'the realtor'}.`,
  invite: (done) => `${formatCount(done, 'client')} invited to sign in.`,
  enable: (done) => `${formatCount(done, 'property', 'properties')} enabled.`,
  disable: (done) => `${formatCount(done, 'property', 'properties')} disabled.`,
  delete: (done) => `${formatCount(done, 'client')} deleted.`,
  enableUser: (done) => `${formatCount(done, 'user')} enabled.`,
  disableUser: (done) => `${formatCount(done, 'user')} disabled.`,
};

/** The response's sentence: "72 clients assigned to Rhea Realtor. 6 skipped: not yours." */
export function bulkResultMessage(
  action: ClientBulkAction | 'enableUser' | 'disableUser',
  done: number,
  skipped: BulkSkipped,
  realtorName?: string,
): string {
  return [doneText[action](done, realtorName), skippedText(skipped, action)].filter(Boolean).join(' ');
}
