import { paging } from '@homeminder/shared/constants';

/**
 * The state of a server-paged grid as it is kept in the address bar (docs/requirements.md §15.2),
 * so that a link, a reload or the Back button shows the same list:
 * `?page=2&size=25&sort=email:desc&q=maple` and the grid's own filters (`status`, `realtor`, ...).
 * Anything unreadable (a page of 'x', an unknown column) falls back to its default rather than
 * failing the page: a hand-edited or old link still opens the grid.
 */

export interface GridSort<C extends string = string> {
  column: C;
  dir: 'asc' | 'desc';
}

/** A filter kept in the address: its reading of the parameter (null when absent or unreadable) and its default. */
export interface GridFilter {
  parse: (value: string | null) => string | null;
}

export interface GridConfig<C extends string = string, F extends string = string> {
  /** The offered page sizes ('all' is served as 200 rows); the first is the default unless `defaultSize` says. */
  sizes: readonly string[];
  defaultSize?: string;
  /** The largest other whole number of rows a link may ask for (none when 0). */
  maxSize?: number;
  /** The sortable columns; a sort on another column is dropped. */
  sortColumns: readonly C[];
  /** The order without a `sort` parameter; `sort=none` asks for no order at all. */
  defaultSort?: GridSort<C> | null;
  /** The grid's other parameters, each by its name in the address. */
  filters?: Record<F, GridFilter>;
  /** The longest search kept (characters). */
  searchMaxLength?: number;
}

export interface GridState<C extends string = string, F extends string = string> {
  page: number;
  pageSize: string;
  sort: GridSort<C> | null;
  search: string;
  filters: Record<F, string | null>;
}

/** The largest page number read from an address. */
const maxPage = 100_000;

/** A choice among `choices`, letter case and surrounding spaces aside. */
export function oneOf<T extends string>(
  choices: readonly T[],
  value: string | null | undefined,
): T | undefined {
  if (value === null || value === undefined) return undefined;
  return choices.find((choice) => choice.toLowerCase() === value.trim().toLowerCase());
}

/** A filter whose value is one of `choices` (letter case aside). */
export function choiceFilter(choices: readonly string[]): GridFilter {
  return { parse: (value) => oneOf(choices, value) ?? null };
}

/** A filter whose value is kept as written (an id, a view name). */
export const textFilter: GridFilter = { parse: (value) => value?.trim() || null };

const defaultSizeOf = (config: GridConfig<string, string>) => config.defaultSize ?? config.sizes[0] ?? '10';

/** A size from the address: an offered one, else a whole number of rows from 1 to `maxSize`. */
function pageSizeOf(config: GridConfig<string, string>, value: string | null): string | undefined {
  const offered = oneOf(config.sizes, value);
  if (offered) return offered;
  const rows = Number(value?.trim());
  return value?.trim() && Number.isInteger(rows) && rows >= 1 && rows <= (config.maxSize ?? 0)
    ? `${rows}`
    : undefined;
}

/** The state of a plain visit. */
export function defaultGridState<C extends string, F extends string>(
  config: GridConfig<C, F>,
): GridState<C, F> {
  const filters = Object.fromEntries(Object.keys(config.filters ?? {}).map((name) => [name, null])) as Record<
    F,
    string | null
  >;
  return { page: 1, pageSize: defaultSizeOf(config), sort: config.defaultSort ?? null, search: '', filters };
}

/** Reads the grid state from the address bar. */
export function parseGridParams<C extends string, F extends string>(
  config: GridConfig<C, F>,
  params: URLSearchParams,
): GridState<C, F> {
  const defaults = defaultGridState(config);
  const page = Number(params.get('page'));
  const sortParam = params.get('sort');
  let sort = defaults.sort;
  if (sortParam?.trim().toLowerCase() === 'none') sort = null;
  else if (sortParam !== null) {
    const [column, dir] = sortParam.split(':');
    const sortColumn = oneOf(config.sortColumns, column);
    const sortDir = oneOf(['asc', 'desc'] as const, dir ?? 'asc');
    sort = sortColumn && sortDir ? { column: sortColumn, dir: sortDir } : null;
  }
  const filters = { ...defaults.filters };
  for (const [name, filter] of Object.entries(config.filters ?? {}) as Array<[F, GridFilter]>)
    filters[name] = filter.parse(params.get(name));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= maxPage ? page : defaults.page,
    pageSize: pageSizeOf(config, params.get('size')) ?? defaults.pageSize,
    sort,
    search: (params.get('q') ?? '').trim().slice(0, config.searchMaxLength ?? 100),
    filters,
  };
}

/**
 * The address-bar form of a grid state over the current parameters: defaults are left out so a
 * plain visit reads `/clients`, and parameters the grid does not own (`company`, `open`) stay.
 */
export function gridParamsOf<C extends string, F extends string>(
  config: GridConfig<C, F>,
  state: GridState<C, F>,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(current);
  const set = (name: string, value: string | null) =>
    value === null || value === '' ? params.delete(name) : params.set(name, value);
  const defaultSort = config.defaultSort ?? null;
  set('page', state.page === 1 ? null : String(state.page));
  set('size', state.pageSize === defaultSizeOf(config) ? null : state.pageSize);
  set(
    'sort',
    state.sort
      ? sameSort(state.sort, defaultSort)
        ? null
        : `${state.sort.column}:${state.sort.dir}`
      : defaultSort
        ? 'none'
        : null,
  );
  set('q', state.search.trim() || null);
  for (const name of Object.keys(config.filters ?? {}) as F[]) set(name, state.filters[name]);
  return params;
}

function sameSort(first: GridSort | null, second: GridSort | null): boolean {
  return first?.column === second?.column && first?.dir === second?.dir;
}

export type GridChange<C extends string, F extends string> = Partial<Omit<GridState<C, F>, 'filters'>> & {
  filters?: Partial<Record<F, string | null>>;
};

/**
 * A change to the grid state. Changing what is listed (filter, search, size, order) starts again
 * at page 1, so the user never lands on a page that no longer exists.
 */
export function updateGridState<C extends string, F extends string>(
  state: GridState<C, F>,
  change: GridChange<C, F>,
): GridState<C, F> {
  const filters = { ...state.filters, ...change.filters };
  const listChanged =
    (['pageSize', 'search'] as const).some((key) => key in change && change[key] !== state[key]) ||
    ('sort' in change && !sameSort(change.sort ?? null, state.sort)) ||
    (Object.keys(change.filters ?? {}) as F[]).some((name) => filters[name] !== state.filters[name]);
  return {
    ...state,
    ...change,
    filters,
    page: change.page ?? (listChanged ? 1 : state.page),
  };
}

/** Clicking a column header: ascending, then descending, then back to the default order. */
export function nextSort<C extends string>(current: GridSort<C> | null, column: C): GridSort<C> | null {
  if (current?.column !== column) return { column, dir: 'asc' };
  return current.dir === 'asc' ? { column, dir: 'desc' } : null;
}

/** Rows per page of a size, for the "1–10 of 40" line and the page count ('all' is 200). */
export function rowsPerPage(pageSize: string): number {
  return pageSize.toLowerCase() === 'all' ? paging.allPageSize : Number(pageSize);
}

/** The paging request of docs/requirements.md §5, the direction as meant (docs/decisions/004). */
export function pagingRequest<C extends string>(state: GridState<C, string>) {
  return {
    page: state.page,
    pageSize: state.pageSize.toLowerCase() === 'all' ? ('all' as const) : Number(state.pageSize),
    sorting: state.sort ? [{ propertyName: state.sort.column, dir: state.sort.dir }] : [],
    ...(state.search ? { search: state.search } : {}),
  };
}
