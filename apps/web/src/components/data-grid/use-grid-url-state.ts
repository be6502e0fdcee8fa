import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  gridParamsOf,
  parseGridParams,
  updateGridState,
  type GridChange,
  type GridConfig,
  type GridState,
} from './grid-url-state';

export interface GridUrlState<C extends string = string, F extends string = string> {
  state: GridState<C, F>;
  /** Changes the grid state; a new history entry unless `replace` (typing, corrections). */
  update(this: void, change: GridChange<C, F>, options?: { replace?: boolean }): void;
  /** Another parameter of the address the grid does not own ('open', 'company'). */
  param(this: void, name: string): string | null;
  /**
   * Sets (or, with null, removes) another parameter, keeping the grid where it is; `state` goes
   * with the history entry (what a reload keeps but a shared link need not carry).
   */
  setParam(
    this: void,
    name: string,
    value: string | null,
    options?: { replace?: boolean; state?: unknown },
  ): void;
}

/**
 * Paging kept in the path rather than the query string (`/sys/notifications/:pageSize/:page`,
 * docs/requirements.md §2.4): the page reads its (clamped) values and says how to write a path.
 */
export interface PathPaging {
  page: number;
  pageSize: number;
  path: (pageSize: string, page: number) => string;
}

/**
 * The one way a grid keeps its page, page size, order, search and filters: in the address bar,
 * so a link, a reload or the Back button shows the same list.
 */
export function useGridUrlState<C extends string, F extends string = never>(
  config: GridConfig<C, F>,
  options: { replace?: boolean; pathPaging?: PathPaging } = {},
): GridUrlState<C, F> {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { pathPaging } = options;
  const search = params.toString();
  const parsed = useMemo(
    () => parseGridParams(config, new URLSearchParams(search)),
    // The config is a constant of the grid; the address is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search],
  );
  const state = useMemo(
    () => (pathPaging ? { ...parsed, page: pathPaging.page, pageSize: String(pathPaging.pageSize) } : parsed),
    [parsed, pathPaging?.page, pathPaging?.pageSize], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // Two changes made before the router renders the first (a filter, then another) must build on
  // each other: the next change starts from the last one asked for while the address is unchanged.
  const requested = useRef<{ from: string; state: GridState<C, F>; search: string } | null>(null);
  const address = location.pathname + location.search;
  useEffect(() => {
    requested.current = null;
  }, [address]);

  // A change of the list keeps what the entry holds beside its address (the row a client's details
  // were opened from, say), as the parameters it leaves alone stay.
  const update: GridUrlState<C, F>['update'] = (change, updateOptions = {}) => {
    const replace = updateOptions.replace ?? options.replace ?? false;
    const entryState: unknown = location.state;
    const pending = requested.current?.from === address ? requested.current : null;
    const next = updateGridState(pending?.state ?? state, change);
    const nextParams = gridParamsOf(config, next, new URLSearchParams(pending?.search ?? location.search));
    requested.current = { from: address, state: next, search: nextParams.toString() };
    if (pathPaging) {
      nextParams.delete('page');
      nextParams.delete('size');
      const query = nextParams.toString();
      void navigate(`${pathPaging.path(next.pageSize, next.page)}${query ? `?${query}` : ''}`, {
        replace,
        state: entryState,
      });
    } else setParams(nextParams, { replace, state: entryState });
  };

  return {
    state,
    update,
    param: (name) => params.get(name),
    setParam: (name, value, paramOptions = {}) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: paramOptions.replace ?? options.replace ?? false, state: paramOptions.state },
      ),
  };
}
