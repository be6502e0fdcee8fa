import type { ClientGridQueryInput } from '@homeminder/shared/contracts/clients';
import {
  clientSortColumns,
  clientStatusFilters,
  searchMaxLength,
  type ClientSortColumn,
  type ClientStatusFilter,
} from '@homeminder/shared/contracts/grid-options';
import { isGuid } from '@homeminder/shared/validation/predicates';
import { paging } from '@homeminder/shared/constants';

/** The page sizes the grid offers; 'all' is served as 200 rows (docs/requirements.md §10). */
export const pageSizeChoices = ['10', '25', '50', '100', 'all'] as const;
/** One of the offered sizes, or another whole number of rows a link asks for (1 to 200). */
export type PageSizeChoice = (typeof pageSizeChoices)[number] | `${number}`;

/** A size from the address: an offered one, else a whole number of rows the server serves. */
function pageSizeOf(value: string | null): PageSizeChoice | undefined {
  const offered = oneOf(pageSizeChoices, value);
  if (offered) return offered;
  const rows = Number(value?.trim());
  return value?.trim() && Number.isInteger(rows) && rows >= 1 && rows <= paging.maxPageSize
    ? `${rows}`
    : undefined;
}

export interface GridSort {
  column: ClientSortColumn;
  dir: 'asc' | 'desc';
}

/** What the client grid shows; it lives in the address bar so a link or a reload keeps it. */
export interface GridState {
  page: number;
  pageSize: PageSizeChoice;
  sort: GridSort | null;
  search: string;
  status: ClientStatusFilter;
  realtorId: string | null;
}

export const defaultGridState: GridState = {
  page: 1,
  pageSize: '10',
  sort: null,
  search: '',
  status: 'all',
  realtorId: null,
};

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  if (value === null) return undefined;
  return choices.find((choice) => choice.toLowerCase() === value.trim().toLowerCase());
}

/**
 * Reads the grid state from the address bar. Anything unreadable (a page of 'x', an unknown
 * column, a realtor id that is not an id) falls back to its default rather than failing the page:
 * a hand-edited or old link still opens the grid.
 * Format: `?page=2&size=25&sort=email:desc&q=maple&status=pending&realtor=<id>`.
 */
export function parseGridState(params: URLSearchParams): GridState {
  const page = Number(params.get('page'));
  const [column, dir] = (params.get('sort') ?? '').split(':');
  const sortColumn = oneOf(clientSortColumns, column ?? null);
  const sortDir = oneOf(['asc', 'desc'] as const, dir ?? 'asc');
  const realtor = params.get('realtor')?.trim() ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : defaultGridState.page,
    pageSize: pageSizeOf(params.get('size')) ?? defaultGridState.pageSize,
    sort: sortColumn && sortDir ? { column: sortColumn, dir: sortDir } : null,
    search: (params.get('q') ?? '').trim().slice(0, searchMaxLength),
    status: oneOf(clientStatusFilters, params.get('status')) ?? defaultGridState.status,
    realtorId: isGuid(realtor) ? realtor.toLowerCase() : null,
  };
}

/** The address-bar form of a grid state; defaults are left out so a plain visit reads `/clients`. */
export function gridStateToParams(state: GridState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== defaultGridState.page) params.set('page', String(state.page));
  if (state.pageSize !== defaultGridState.pageSize) params.set('size', state.pageSize);
  if (state.sort) params.set('sort', `${state.sort.column}:${state.sort.dir}`);
  if (state.search.trim()) params.set('q', state.search.trim());
  if (state.status !== defaultGridState.status) params.set('status', state.status);
  if (state.realtorId) params.set('realtor', state.realtorId);
  return params;
}

/**
 * A change to the grid state. Changing what is listed (filter, search, size, order) starts again
 * at page 1, so the user never lands on a page that no longer exists.
 */
export function updateGridState(state: GridState, change: Partial<GridState>): GridState {
  const listChanged = (['pageSize', 'sort', 'search', 'status', 'realtorId'] as const).some(
    (key) => key in change && JSON.stringify(change[key]) !== JSON.stringify(state[key]),
  );
  return { ...state, ...change, page: change.page ?? (listChanged ? 1 : state.page) };
}

/** Clicking a column header: ascending, then descending, then back to the default order. */
export function nextSort(current: GridSort | null, column: ClientSortColumn): GridSort | null {
  if (current?.column !== column) return { column, dir: 'asc' };
  return current.dir === 'asc' ? { column, dir: 'desc' } : null;
}

/** The API query of a grid state, the direction as meant (docs/decisions/004). */
export function gridQueryOf(state: GridState): ClientGridQueryInput {
  return {
    page: state.page,
    pageSize: state.pageSize === 'all' ? 'all' : Number(state.pageSize),
    sorting: state.sort ? [{ propertyName: state.sort.column, dir: state.sort.dir }] : [],
    ...(state.search ? { search: state.search } : {}),
    status: state.status,
    ...(state.realtorId ? { realtorId: state.realtorId } : {}),
    // The pending flag: its total is the pending count, which the grid keeps (api.ts).
    ...(state.status === 'pending' ? { pending: 1 as const } : {}),
  };
}

/** Rows per page of a state, for the "1-10 of 40" line and the page count. */
export function rowsPerPage(state: Pick<GridState, 'pageSize'>): number {
  return state.pageSize === 'all' ? 200 : Number(state.pageSize);
}
