// The grids' selection limits and words, free of zod so that every screen with a grid loads them
// without the validation library; contracts/client-selection.ts re-exports them beside its schemas.
import { paging } from './constants';
import { formatCount, formatNumber, plural } from './format';

/** The most rows one request names by id: a whole page of the largest size. */
export const maxSelectedIds = paging.maxPageSize;

/** The most rows "every row of the filter" may act on; a narrower filter reaches the rest. */
export const maxSelectedRows = 5_000;

export const selectionMessages = {
  tooMany: (count: number) =>
    `The filter matches ${formatCount(count, 'row')}; at most ${formatNumber(maxSelectedRows)} can be changed at once. Narrow the filter and try again.`,
  unknownRealtor: 'Choose a realtor of this corporation.',
  /** The header checkbox's banner, as a mail client words it; `noun` names one row ("client"). */
  pageSelected: (count: number, noun: string) =>
    count === 1
      ? `The 1 ${noun} on this page is selected.`
      : `All ${formatNumber(count)} on this page are selected.`,
  selectAllMatching: (count: number, noun: string) =>
    `Select all ${formatNumber(count)} matching ${plural(count, noun)}`,
  allMatchingSelected: (count: number, noun: string) =>
    count === 1
      ? `The 1 matching ${noun} is selected.`
      : `All ${formatNumber(count)} matching ${plural(count, noun)} are selected.`,
  tooManyToSelect: (count: number, noun: string) =>
    `${formatCount(count, noun)} match; narrow the filter to ${formatNumber(maxSelectedRows)} or fewer to act on them all.`,
  clearSelection: 'Clear selection',
  selectedCount: (count: number) => `${formatNumber(count)} selected`,
  selectPage: 'Select all on this page',
  selectRow: (name: string) => `Select ${name}`,
  confirmDelete: 'Their properties and every reminder go with them. This cannot be undone.',
  confirmDeleteTitle: (count: number) => `Delete ${formatCount(count, 'client')}?`,
  confirmDeleteButton: (count: number) => `Delete ${formatCount(count, 'client')}`,
};
