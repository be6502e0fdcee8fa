import { useState } from 'react';

/** What a grid shows of its selection: a checkbox per row and one for the page. */
export interface GridSelection<T> {
  /** The row checkbox's accessible name: "Select Jane Doe". */
  rowLabel: (row: T) => string;
  isSelected: (row: T) => boolean;
  onToggle: (row: T) => void;
  /** The header checkbox: selects every row of the page, or, when all are, none. */
  onTogglePage: (rows: T[]) => void;
}

interface SelectionState {
  /** The grid's query the selection belongs to: another filter, sort or page starts afresh. */
  key: string;
  ids: ReadonlySet<string>;
  /** Every row of the filter, the server's to resolve, rather than the ids (docs/decisions/080). */
  allMatching: boolean;
}

const none = (key: string): SelectionState => ({ key, ids: new Set(), allMatching: false });

/**
 * The rows chosen in a grid, by key, for the current query only (`queryKey`): a page's rows one
 * by one or all at once, then, as a mail client offers, every row of the filter.
 */
export function useGridSelection<T>(
  rowKey: (row: T) => string,
  queryKey: string,
  rowLabel: (row: T) => string,
) {
  const [stored, setStored] = useState<SelectionState>(() => none(queryKey));
  const state = stored.key === queryKey ? stored : none(queryKey);
  const change = (next: (current: SelectionState) => SelectionState) =>
    setStored((current) => next(current.key === queryKey ? current : none(queryKey)));

  const grid: GridSelection<T> = {
    rowLabel,
    isSelected: (row) => state.allMatching || state.ids.has(rowKey(row)),
    onToggle: (row) =>
      change((current) => {
        const ids = new Set(current.ids);
        const id = rowKey(row);
        if (current.allMatching || ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { key: current.key, ids, allMatching: false };
      }),
    onTogglePage: (rows) =>
      change((current) => {
        const keys = rows.map(rowKey);
        const all = current.allMatching || keys.every((id) => current.ids.has(id));
        return { key: current.key, ids: new Set(all ? [] : keys), allMatching: false };
      }),
  };

  return {
    grid,
    ids: [...state.ids],
    allMatching: state.allMatching,
    /** How many rows are selected, when the filter matches `total`. */
    count: (total: number) => (state.allMatching ? total : state.ids.size),
    /** True when each of `rows` (the page) is selected. */
    pageSelected: (rows: T[]) =>
      rows.length > 0 && (state.allMatching || rows.every((row) => state.ids.has(rowKey(row)))),
    selectAllMatching: () => change((current) => ({ ...current, allMatching: true })),
    clear: () => setStored(none(queryKey)),
  };
}
export type GridSelectionState<T> = ReturnType<typeof useGridSelection<T>>;
