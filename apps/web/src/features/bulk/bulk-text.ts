import { formatCount, formatNumber, plural } from '@homeminder/shared/format';
import type { AddUserResults } from './bulk-state';

/*
 * The counted sentences of the bulk screens, in one place so each says "1 row" and "2 rows"
 * correctly.
 */

/** The send button: every row, or after a failure only the rows not yet in the queue. */
export function addRowsLabel(rows: number, sent = 0): string {
  return sent > 0
    ? `Add the remaining ${formatCount(rows - sent, 'row')}`
    : `Add ${formatCount(rows, 'row')} to the queue`;
}

export const sendingText = (sent: number, total: number) =>
  `Sent ${formatNumber(sent)} of ${formatCount(total, 'row')}…`;

export const queuedText = (rows: number, fileName: string, replaced = 0) =>
  `${formatCount(rows, 'row')} from ${fileName} ${plural(rows, 'is', 'are')} in the queue below` +
  (replaced > 0
    ? `; ${formatCount(replaced, 'row')} queued before ${plural(replaced, 'was', 'were')} replaced. `
    : '. ') +
  `${plural(rows, 'Check it', 'Check them')}, then create the clients.`;

/** The delete-problems confirmation: how many rows go, and that they are not created. */
export const deleteProblemsConfirmText = (rows: number) =>
  `${rows === 1 ? 'The row with a problem is' : `All ${formatCount(rows, 'row')} with problems are`} removed ` +
  'from the queue and will not be created. Rows without problems stay.';

export const waitingAsPendingLabel = (rows: number) =>
  `Create the ${formatCount(rows, 'row')} waiting for a license as pending`;

export const waitingAsPendingHint =
  'A pending property uses no license and gets no reminder emails until it is made active on the Clients screen.';

/** After a failed chunk: what is in the queue already, and what sending again does. */
export function partlySentText(sent: number, total: number): string {
  if (sent === 0) return 'No rows were added; sending again sends them all.';
  return (
    `${formatNumber(sent)} of ${formatCount(total, 'row')} ${plural(sent, 'was', 'were')} added before this; ` +
    `sending again adds only the remaining ${formatCount(total - sent, 'row')}.`
  );
}

export const queueSummaryText = (total: number, withProblems: number) =>
  `${formatCount(total, 'row')} in the queue, ${formatNumber(withProblems)} with problems`;

export const removedText = (removed: number) => `${formatCount(removed, 'row')} removed from the queue.`;

export const clearConfirmText = (total: number) =>
  `${total === 1 ? 'The queued row is' : `All ${formatCount(total, 'queued row')} are`} removed. Clients already created stay.`;

export const createLabel = (toCreate: number) =>
  toCreate > 0 ? `Create ${formatCount(toCreate, 'client')}` : 'Create clients';

export const licensesMissingText = (rows: number) =>
  `${formatCount(rows, 'ready row')} ${plural(rows, 'needs', 'need')} more licenses than your company has free. ` +
  `${plural(rows, 'It stays', 'They stay')} in the queue until licenses are added.`;

export const resultsText = (
  results: Pick<AddUserResults, 'added' | 'pending' | 'errors' | 'licenseOverage'>,
) =>
  `${formatCount(results.added, 'client')} created` +
  (results.pending ? `, ${formatNumber(results.pending)} of them pending` : '') +
  `. ${formatCount(results.errors, 'row')} with problems. ` +
  `${formatCount(results.licenseOverage, 'row')} ${plural(results.licenseOverage, 'needs a license', 'need licenses')}.`;
