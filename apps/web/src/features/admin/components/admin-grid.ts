import { paging } from '@homeminder/shared/constants';
import { choiceFilter, type GridConfig } from '../../../components/data-grid';

/** The page sizes of the administration grids; 'all' is served as 200 rows. */
export const adminPageSizes = ['10', '25', '50', '100', 'all'] as const;

/** The choices of the Status filter of the administration grids. */
export const statusChoices = [
  { value: 'all', label: 'All' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
];

/** The Status filter in the address: `status=enabled` or `status=disabled`; all without it. */
export const statusFilter = choiceFilter(['enabled', 'disabled']);

/** The address-bar state of an administration grid over `sortColumns`, ordered by `defaultColumn` first. */
export function adminGridConfig<C extends string, F extends string = never>(
  sortColumns: readonly C[],
  defaultColumn: C,
  filters?: GridConfig<C, F>['filters'],
): GridConfig<C, F> {
  return {
    sizes: adminPageSizes,
    maxSize: paging.maxPageSize,
    sortColumns,
    defaultSort: { column: defaultColumn, dir: 'asc' },
    ...(filters ? { filters } : {}),
  };
}
