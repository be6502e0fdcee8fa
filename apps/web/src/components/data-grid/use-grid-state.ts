import { useState } from 'react';
import { defaultGridState, updateGridState, type GridConfig, type GridState } from './grid-url-state';
import type { GridUrlState } from './use-grid-url-state';

/** What a grid reads and changes of its state, wherever the state is kept. */
export type GridControl<C extends string = string, F extends string = string> = Pick<
  GridUrlState<C, F>,
  'state' | 'update'
>;

/**
 * A grid's state kept by the screen rather than the address bar: for a short list among others on
 * one screen, whose page a link or a reload need not keep. Changes follow the same rules as the
 * address bar's (a new order or size starts at page 1).
 */
export function useGridState<C extends string, F extends string = never>(
  config: GridConfig<C, F>,
  initial: Partial<GridState<C, F>> = {},
): GridControl<C, F> {
  const [state, setState] = useState(() => ({ ...defaultGridState(config), ...initial }));
  return { state, update: (change) => setState((current) => updateGridState(current, change)) };
}
