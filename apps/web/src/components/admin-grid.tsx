import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/SegmentedControl.css';
import type { ReactNode } from 'react';
import { ActionIcon, Menu, SegmentedControl } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { paging } from '@homeminder/shared/constants';
import {
  DataGrid,
  GridSearch,
  choiceFilter,
  type DataGridProps,
  type GridColumn,
  type GridConfig,
  type GridUrlState,
} from './data-grid';

/** The page sizes of the administration grids; 'all' is served as 200 rows. */
export const adminPageSizes = ['10', '25', '50', '100', 'all'] as const;

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

type AnyGrid = GridUrlState<string, string>;

/** The search box of an administration grid; its label is for screen readers only. */
export function AdminSearch({
  grid,
  label,
  placeholder,
}: {
  grid: AnyGrid;
  label: string;
  placeholder: string;
}) {
  return (
    <GridSearch
      value={grid.state.search}
      onSearch={(search) => grid.update({ search })}
      label={label}
      hideLabel
      placeholder={placeholder}
      w={{ base: '100%', sm: 320 }}
      maxLength={100}
    />
  );
}

const statusChoices = [
  { value: 'all', label: 'All' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
];

/** The Status filter of an administration grid (`statusFilter` in its config): all, enabled or disabled. */
export function StatusFilterControl({ grid }: { grid: AnyGrid }) {
  return (
    <SegmentedControl
      aria-label="Status"
      data={statusChoices}
      value={grid.state.filters['status'] ?? 'all'}
      onChange={(value) => grid.update({ filters: { status: value === 'all' ? null : value } })}
    />
  );
}

/**
 * An administration grid: rows keyed by their id, the administration page sizes, Refresh, and a
 * failure named after what it lists (`noun`).
 */
export function AdminDataGrid<T extends { id: string }>(
  props: Omit<DataGridProps<T>, 'rowKey' | 'sizes' | 'refreshable' | 'errorTitle'> & { noun: string },
) {
  return (
    <DataGrid
      {...props}
      rowKey={(row) => row.id}
      sizes={adminPageSizes}
      refreshable
      errorTitle={`The ${props.noun} could not be loaded`}
    />
  );
}

/** The last column of an administration grid: a menu of the row's actions, named after the row. */
export function actionsColumn<T>(name: (row: T) => string, items: (row: T) => ReactNode): GridColumn<T> {
  return {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (row) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name(row)}`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{items(row)}</Menu.Dropdown>
      </Menu>
    ),
  };
}
