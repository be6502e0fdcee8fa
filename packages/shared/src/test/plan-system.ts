import type { HomeSystemValues } from '../contracts/home-systems';
import type { HomeFacts } from '../home-plan';

/** A home's system as its plan reads it: no filter is known but what `more` gives. */
export function planSystem(
  kind: HomeFacts['systems'][number]['kind'],
  type: string | null,
  more: Partial<HomeSystemValues> = {},
) {
  return { kind, type, filterSize: null, waterFilter: null, ...more };
}
