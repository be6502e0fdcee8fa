export {
  DataGrid,
  type DataGridProps,
  type GridColumn,
  type GridQuery,
  type GridRowAttributes,
} from './data-grid';
export { GridEmptyState } from './grid-empty';
export { GridFooter, rangeText } from './grid-footer';
export { GridSearch } from './grid-search';
export { SortHeader } from './sort-header';
export { corporationColumn } from './corporation-column';
export {
  choiceFilter,
  defaultGridState,
  gridParamsOf,
  nextSort,
  oneOf,
  pagingRequest,
  parseGridParams,
  rowsPerPage,
  textFilter,
  updateGridState,
  type GridChange,
  type GridConfig,
  type GridFilter,
  type GridSort,
  type GridState,
} from './grid-url-state';
export { useGridUrlState, type GridUrlState, type PathPaging } from './use-grid-url-state';
export { useGridState, type GridControl } from './use-grid-state';
export { SelectionAction, SelectionBar, SelectionResult } from './selection-bar';
export { useGridSelection, type GridSelection, type GridSelectionState } from './use-grid-selection';
