import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Box,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDatabaseOff,
  IconRefresh,
} from '@tabler/icons-react';
import type { PagedResult } from '@homeminder/shared/contracts/admin';
import { paging } from '@homeminder/shared/constants';
import { formatNumber } from '@homeminder/shared/format';
import { LoadError } from '../../../components/errors/load-error';
import { refreshLastQuery } from '../../../lib/refresh';

// ─── Grid state, kept in the address bar (docs/requirements.md §15.2) ─────────────────────────────────────

export const pageSizeChoices = ['10', '25', '50', '100', 'all'] as const;
export type PageSizeChoice = (typeof pageSizeChoices)[number];

export interface GridSort {
  column: string;
  dir: 'asc' | 'desc';
}

export interface GridState {
  page: number;
  size: PageSizeChoice;
  sort: GridSort | null;
  search: string;
  /** Any other filter kept in the address ('status', 'view', 'company'). */
  param: (name: string) => string | null;
  /** Changes parameters (null or '' removes one); any change but the page's goes back to page 1. */
  update: (changes: Record<string, string | null>) => void;
}

/** Page, page size ('all' is 200 rows), sorting and search of a grid, read from and written to the URL. */
export function useGridState(defaults: { sort?: GridSort } = {}): GridState {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const sizeParam = params.get('size') ?? '';
  const size = (pageSizeChoices as readonly string[]).includes(sizeParam)
    ? (sizeParam as PageSizeChoice)
    : '10';
  const sortParam = params.get('sort');
  let sort: GridSort | null = defaults.sort ?? null;
  if (sortParam === 'none') sort = null;
  else if (sortParam) {
    const [column = '', dir] = sortParam.split(':');
    sort = column ? { column, dir: dir === 'desc' ? 'desc' : 'asc' } : null;
  }
  return {
    page,
    size,
    sort,
    search: params.get('q') ?? '',
    param: (name) => params.get(name),
    update: (changes) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
  };
}

/**
 * The paging request of docs/requirements.md §5, with the direction as meant (docs/decisions/004). A sort
 * column the grid does not know (an edited address) is dropped rather than sent.
 */
export function pagingRequest<C extends string>(state: GridState, sortColumns: readonly C[]) {
  const sortable =
    state.sort && (sortColumns as readonly string[]).includes(state.sort.column) ? state.sort : null;
  return {
    page: state.page,
    pageSize: state.size === 'all' ? ('all' as const) : Number(state.size),
    sorting: sortable ? [{ propertyName: sortable.column as C, dir: sortable.dir }] : [],
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
  };
}

// ─── The grid ───────────────────────────────────────────────────────────────────────────────────

export interface GridColumn<T> {
  key: string;
  header: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

interface DataGridProps<T> {
  /** Names the table for screen readers. */
  label: string;
  columns: GridColumn<T>[];
  query: UseQueryResult<PagedResult<T>>;
  rowKey: (row: T) => string;
  state: GridState;
  empty: { title: string; description: ReactNode; action?: ReactNode };
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** What one row is called in the count line ('companies', 'users'). */
  noun: string;
}

function SortHeader({ column, state }: { column: GridColumn<unknown>; state: GridState }) {
  const active = state.sort?.column === column.key ? state.sort.dir : null;
  const next = () => {
    // asc, then desc, then back to the default order.
    const sort = active === null ? `${column.key}:asc` : active === 'asc' ? `${column.key}:desc` : 'none';
    state.update({ sort });
  };
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={next}
      aria-label={`Sort by ${column.header}`}
      style={{ fontWeight: 700, fontSize: 'inherit' }}
    >
      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : 'flex-start'}>
        <span>{column.header}</span>
        <Icon
          size={14}
          aria-hidden
          color={active ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-6)'}
        />
      </Group>
    </UnstyledButton>
  );
}

/** A server-paged grid: sortable headers, loading rows, empty and error states, paging footer. */
export function DataGrid<T>({
  label,
  columns,
  query,
  rowKey,
  state,
  empty,
  minWidth = 720,
  noun,
}: DataGridProps<T>) {
  const { data, isPending, isError, error, isFetching, isPlaceholderData, refetch } = query;
  const pageSize = state.size === 'all' ? paging.allPageSize : Number(state.size);
  const total = data?.totalItemCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (state.page - 1) * pageSize + 1;
  const last = Math.min(total, state.page * pageSize);

  if (isError && !data) {
    return <LoadError title={`The ${noun} could not be loaded`} error={error} onRetry={refetch} />;
  }

  const body = isPending ? (
    Array.from({ length: 5 }, (_, row) => (
      <Table.Tr key={`loading-${row}`}>
        {columns.map((column) => (
          <Table.Td key={column.key}>
            <Skeleton h={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ))
  ) : data.items.length === 0 ? (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>
        <EmptyState
          py="xl"
          icon={<IconDatabaseOff size={28} aria-hidden />}
          title={empty.title}
          description={empty.description}
        >
          {empty.action}
        </EmptyState>
      </Table.Td>
    </Table.Tr>
  ) : (
    data.items.map((row) => (
      <Table.Tr key={rowKey(row)}>
        {columns.map((column) => (
          <Table.Td key={column.key} ta={column.align ?? 'left'}>
            {column.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ))
  );

  return (
    <Stack gap="sm">
      <Box
        pos="relative"
        style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        aria-busy={isFetching}
      >
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-rowcount={total}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    ta={column.align ?? 'left'}
                    aria-sort={
                      state.sort?.column === column.key
                        ? state.sort.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sortable ? (
                      <SortHeader column={column as GridColumn<unknown>} state={state} />
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {isFetching && !isPending ? (
          <Center pos="absolute" top={8} right={8}>
            <Loader size="xs" aria-label="Refreshing" />
          </Center>
        ) : null}
      </Box>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="gray.7" aria-live="polite">
          {isPending
            ? 'Loading…'
            : total === 0
              ? `No ${noun}`
              : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} ${noun}`}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            disabled={isPending || isFetching}
            onClick={() => void refreshLastQuery(query).catch(() => undefined)}
          >
            Refresh
          </Button>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" component="label" htmlFor={`${noun}-page-size`}>
              Rows per page
            </Text>
            <Select
              id={`${noun}-page-size`}
              w={88}
              size="xs"
              allowDeselect={false}
              data={pageSizeChoices.map((choice) => ({
                value: choice,
                label: choice === 'all' ? 'All' : choice,
              }))}
              value={state.size}
              onChange={(value) => state.update({ size: value === '10' ? null : value })}
            />
          </Group>
          {pages > 1 ? (
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(state.page, pages)}
              onChange={(page) => state.update({ page: page === 1 ? null : String(page) })}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}
