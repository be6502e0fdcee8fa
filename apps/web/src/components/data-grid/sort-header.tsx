import '@mantine/core/styles/Table.css';
import { Group, Table, UnstyledButton, type MantineBreakpoint } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { nextSort, type GridSort } from './grid-url-state';

/** A sortable column's header: ascending, then descending, then back to the default order. */
export function SortHeader({
  header,
  column,
  sort,
  onSort,
  align,
  width,
  visibleFrom,
}: {
  header: string;
  column: string;
  sort: GridSort | null;
  onSort: (sort: GridSort | null) => void;
  align?: 'left' | 'right' | 'center' | undefined;
  width?: number | string | undefined;
  visibleFrom?: MantineBreakpoint | undefined;
}) {
  const active = sort?.column === column ? sort.dir : null;
  const Icon = active === 'asc' ? IconSortAscending : active === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th
      w={width}
      ta={align ?? 'left'}
      visibleFrom={visibleFrom}
      aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton onClick={() => onSort(nextSort(sort, column))} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {header}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
