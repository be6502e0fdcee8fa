import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { Checkbox, Table, type MantineBreakpoint } from '@mantine/core';
import { selectionMessages } from '@homeminder/shared/selection-words';
import type { GridSelection } from './use-grid-selection';

export interface GridColumn<T> {
  key: string;
  /** The column's title; a column of buttons may hide it from sight (`hideHeader`). */
  header: string;
  hideHeader?: boolean;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Cell props such as a width limit or no wrapping. */
  cell?: { maw?: number; nowrap?: boolean };
  /** Kept in sight at the right edge while the rest of a wide row scrolls (a column of buttons). */
  pinned?: 'right';
  /** Shown from this screen width up only: a narrow screen leaves the column out (by CSS, as rendered). */
  visibleFrom?: MantineBreakpoint;
}

/** A row's data attributes, for its tests or its styles: `data-line`, `data-testid`. */
export type GridRowAttributes = Record<`data-${string}`, string | number | undefined>;

const pinnedRight: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
};

/** The style of a column's cells, header cell included. */
export function columnStyle<T>(column: GridColumn<T>): CSSProperties | undefined {
  if (!column.pinned && !column.cell?.nowrap) return undefined;
  return { ...(column.cell?.nowrap ? { whiteSpace: 'nowrap' } : {}), ...(column.pinned ? pinnedRight : {}) };
}

function GridRowOf<T>({
  row,
  columns,
  onRowClick,
  selection,
  rowAttributes,
}: {
  row: T;
  columns: GridColumn<T>[];
  onRowClick: ((row: T) => void) | undefined;
  selection: GridSelection<T> | undefined;
  rowAttributes: ((row: T) => GridRowAttributes) | undefined;
}) {
  return (
    <Table.Tr
      {...rowAttributes?.(row)}
      {...(onRowClick ? { onClick: () => onRowClick(row), style: { cursor: 'pointer' } } : {})}
      {...(selection?.isSelected(row) ? { bg: 'blue.0' } : {})}
    >
      {selection ? (
        // Ticking the box selects the row; it does not open it.
        <Table.Td w={40} onClick={(event) => event.stopPropagation()}>
          <Checkbox
            aria-label={selectionMessages.selectRow(selection.rowLabel(row))}
            checked={selection.isSelected(row)}
            onChange={() => selection.onToggle(row)}
          />
        </Table.Td>
      ) : null}
      {columns.map((column) => (
        <Table.Td
          key={column.key}
          ta={column.align ?? 'left'}
          maw={column.cell?.maw}
          visibleFrom={column.visibleFrom}
          style={columnStyle(column)}
        >
          {column.render(row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/**
 * One row of a grid's table. Memoised: with the same row object and columns (a refetch keeps the
 * objects of rows that did not change), a long page draws again only the rows that changed.
 */
export const GridRow = memo(GridRowOf) as typeof GridRowOf;
