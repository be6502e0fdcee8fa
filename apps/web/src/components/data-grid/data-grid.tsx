import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
import { useEffect, useState, type ReactNode } from 'react';
import type { QueryObserverResult } from '@tanstack/react-query';
import { Box, Center, Checkbox, Loader, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { selectionMessages } from '@homeminder/shared/selection-words';
import { LoadError } from '../errors/load-error';
import { errorMessageOf } from '../../lib/api-error';
import { refreshLastQuery } from '../../lib/refresh';
import { GridFooter } from './grid-footer';
import { rowsPerPage } from './grid-url-state';
import { columnStyle, GridRow, type GridColumn, type GridRowAttributes } from './grid-row';
import { SortHeader } from './sort-header';
import type { GridSelection } from './use-grid-selection';
import type { GridControl } from './use-grid-state';

export type { GridColumn, GridRowAttributes } from './grid-row';

/** What a grid needs of its query (a TanStack Query result of one page, or of every row). */
export type GridQuery<T> = Pick<
  QueryObserverResult<unknown>,
  | 'isPending'
  | 'isError'
  | 'error'
  | 'isFetching'
  | 'isPlaceholderData'
  | 'refetch'
  | 'dataUpdatedAt'
  | 'errorUpdatedAt'
> & { data: { items: T[]; totalItemCount?: number } | undefined };

export interface DataGridProps<T> {
  /** Names the table (and the phone's list) for screen readers. */
  label: string;
  columns: GridColumn<T>[];
  query: GridQuery<T>;
  rowKey: (row: T) => string;
  /**
   * The state of a paged grid, from the address bar (`useGridUrlState`) or the screen
   * (`useGridState`); without it every row shows on one page.
   */
  grid?: GridControl<string, string> | undefined;
  /** The offered page sizes (`grid` only); one size offers no choice. */
  sizes?: readonly string[];
  /** What one row is called in the count line ('companies', 'entries'); none writes "1–10 of 40". */
  noun?: string;
  /** The heading of the error shown when the rows could not be loaded. */
  errorTitle: string;
  /** Shown instead of rows when there are none: text, or richer content. */
  empty: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** Taller than this, the rows scroll under a header that stays in sight. */
  maxHeight?: number;
  striped?: boolean;
  verticalSpacing?: 'xs' | 'sm' | number;
  /** Offers a Refresh button beside the paging. */
  refreshable?: boolean;
  /** The paging line only when there is more than one page: a short list among others on a screen. */
  hideSinglePage?: boolean;
  onRowClick?: (row: T) => void;
  /** Data attributes of each row's element. Keep the function the same from one render to the next. */
  rowAttributes?: (row: T) => GridRowAttributes;
  /** The phone's layout: the rows as cards rather than a table. */
  cards?: ((rows: T[]) => ReactNode) | undefined;
  /** Fewer page buttons and, with `cards`, cards instead of the table. */
  phone?: boolean;
  /** A checkbox per row and one for the page (`useGridSelection`); the cards show their own. */
  selection?: GridSelection<T> | undefined;
}

/** The header checkbox: checked when every row of the page is selected, mixed when some are. */
function PageCheckbox<T>({
  selection,
  rows,
  label,
}: {
  selection: GridSelection<T>;
  rows: T[];
  label?: string;
}) {
  const selected = rows.filter(selection.isSelected).length;
  return (
    <Checkbox
      aria-label={label ? undefined : selectionMessages.selectPage}
      label={label}
      checked={rows.length > 0 && selected === rows.length}
      indeterminate={selected > 0 && selected < rows.length}
      disabled={rows.length === 0}
      onChange={() => selection.onTogglePage(rows)}
    />
  );
}

function EmptyContent({ children }: { children: ReactNode }) {
  return typeof children === 'string' ? (
    <Text ta="center" c="gray.7" py="lg">
      {children}
    </Text>
  ) : (
    children
  );
}

/**
 * The table of every grid of the app: sortable headers, loading rows, empty and error states, and
 * the paging line under it, all driven by the grid's state in the address bar.
 */
export function DataGrid<T>({
  label,
  columns,
  query,
  rowKey,
  grid,
  sizes = [],
  noun,
  errorTitle,
  empty,
  minWidth = 720,
  maxHeight,
  striped = true,
  verticalSpacing = 'sm',
  refreshable = false,
  hideSinglePage = false,
  onRowClick,
  rowAttributes,
  cards,
  phone = false,
  selection,
}: DataGridProps<T>) {
  const { data, isPending, isError, error, isFetching, isPlaceholderData, refetch } = query;
  // Why Refresh did nothing, such as a refresh before the grid's first response (premature).
  const [refreshFailure, setRefreshFailure] = useState<string | null>(null);
  const state = grid?.state;
  const rows = data?.items ?? [];
  const total = data?.totalItemCount ?? rows.length;
  const pages = state ? Math.max(1, Math.ceil(total / rowsPerPage(state.pageSize))) : 1;
  // A page past the end (its last rows went, or an old link) shows the last page there is.
  const pastEnd = data !== undefined && !isPlaceholderData && state !== undefined && state.page > pages;
  useEffect(() => {
    if (pastEnd) grid?.update({ page: pages }, { replace: true });
  }, [pastEnd]); // eslint-disable-line react-hooks/exhaustive-deps
  if (isError && !data) return <LoadError title={errorTitle} error={error} onRetry={refetch} />;

  const loadingRows = Math.min(state ? rowsPerPage(state.pageSize) : 5, 10);
  const asCards = phone && cards !== undefined;
  // The checkbox column counts as one more for the rows that span the table.
  const span = columns.length + (selection ? 1 : 0);

  const body = asCards ? (
    isPending || (rows.length === 0 && total > 0) ? (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading the ${noun ?? label.toLowerCase()}`}>
        {Array.from({ length: loadingRows }, (_, index) => (
          <Skeleton key={index} h={72} />
        ))}
      </Stack>
    ) : rows.length === 0 ? (
      <EmptyContent>{empty}</EmptyContent>
    ) : (
      <Stack gap="xs">
        {selection ? (
          <Box px="sm">
            <PageCheckbox selection={selection} rows={rows} label={selectionMessages.selectPage} />
          </Box>
        ) : null}
        {cards(rows)}
      </Stack>
    )
  ) : (
    // A box that scrolls sideways must be reachable by keyboard to scroll it (axe: scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight={maxHeight}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table
        stickyHeader={maxHeight !== undefined}
        striped={striped}
        highlightOnHover
        verticalSpacing={verticalSpacing}
        aria-label={label}
        {...(data ? { 'aria-rowcount': total } : {})}
      >
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <PageCheckbox selection={selection} rows={rows} />
              </Table.Th>
            ) : null}
            {columns.map((column) =>
              column.sortable && grid && state ? (
                <SortHeader
                  key={column.key}
                  header={column.header}
                  column={column.key}
                  sort={state.sort}
                  onSort={(sort) => grid.update({ sort })}
                  align={column.align}
                  width={column.width}
                  visibleFrom={column.visibleFrom}
                />
              ) : (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align ?? 'left'}
                  visibleFrom={column.visibleFrom}
                  style={columnStyle(column)}
                >
                  {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending || (rows.length === 0 && total > 0) ? (
            Array.from({ length: loadingRows }, (_, row) => (
              <Table.Tr key={`loading-${row}`} aria-hidden>
                <Table.Td colSpan={span}>
                  <Skeleton h={20} />
                </Table.Td>
              </Table.Tr>
            ))
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <EmptyContent>{empty}</EmptyContent>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <GridRow
                key={rowKey(row)}
                row={row}
                columns={columns}
                onRowClick={onRowClick}
                selection={selection}
                rowAttributes={rowAttributes}
              />
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <Stack gap="sm">
      <Box
        pos="relative"
        style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={isFetching}
      >
        {body}
        {/* Only where people refresh by hand: a list that polls (sent mail) would blink. */}
        {refreshable && isFetching && !isPending && !asCards ? (
          <Center pos="absolute" top={8} right={8}>
            <Loader size="xs" aria-label="Refreshing" />
          </Center>
        ) : null}
      </Box>
      {isError && data ? <LoadError error={error} onRetry={refetch} /> : null}
      {grid && state && data && !(hideSinglePage && pages === 1) ? (
        <GridFooter
          page={state.page}
          pageSize={state.pageSize}
          sizes={sizes}
          total={total}
          noun={noun}
          compact={phone}
          onPage={(page) => grid.update({ page })}
          onPageSize={(pageSize) => grid.update({ pageSize })}
          onRefresh={
            refreshable
              ? () => {
                  setRefreshFailure(null);
                  refreshLastQuery(query).catch((failure: unknown) =>
                    setRefreshFailure(errorMessageOf(failure)),
                  );
                }
              : undefined
          }
          refreshing={isPending || isFetching}
        />
      ) : null}
      {/* A failed query shows its own error above; this is a refresh that could not start. */}
      {refreshFailure && !isError ? (
        <Text size="sm" c="red.8" role="alert">
          {refreshFailure}
        </Text>
      ) : null}
    </Stack>
  );
}
