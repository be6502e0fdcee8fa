import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pagination.css';
import { Button, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatNumber } from '@homeminder/shared/format';
import { rowsPerPage } from './grid-url-state';

/** "1–10 of 40 clients": the rows shown and the total, with thousands separators. */
export function rangeText(page: number, pageSize: string, total: number, noun?: string): string {
  const perPage = rowsPerPage(pageSize);
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}${noun ? ` ${noun}` : ''}`;
}

const sizeLabel = (size: string) => (size === 'all' ? 'All (up to 200)' : `${size} per page`);

/** The line under a grid: what is shown of how many, the page size, the pages, and Refresh. */
export function GridFooter({
  page,
  pageSize,
  sizes,
  total,
  noun,
  compact,
  onPage,
  onPageSize,
  onRefresh,
  refreshing,
}: {
  page: number;
  pageSize: string;
  /** The offered sizes; one size (or none) offers no choice. */
  sizes: readonly string[];
  total: number;
  noun?: string | undefined;
  /** Fewer page buttons, for a phone. */
  compact?: boolean | undefined;
  onPage: (page: number) => void;
  onPageSize: (pageSize: string) => void;
  onRefresh?: (() => void) | undefined;
  refreshing?: boolean | undefined;
}) {
  const pages = Math.max(1, Math.ceil(total / rowsPerPage(pageSize)));
  // A size a link asked for shows as chosen, not as the first offered one.
  const choices = sizes.includes(pageSize) ? [...sizes] : [...sizes, pageSize];
  const options = choices
    .sort((first, second) => rowsPerPage(first) - rowsPerPage(second))
    .map((value) => ({ value, label: sizeLabel(value) }));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="gray.7" aria-live="polite">
          {total === 0 ? (noun ? `No ${noun}` : '') : rangeText(page, pageSize, total, noun)}
        </Text>
        {sizes.length > 1 ? (
          <NativeSelect
            aria-label="Rows per page"
            data={options}
            value={pageSize}
            onChange={(event) => onPageSize(event.currentTarget.value)}
            w={160}
            size="xs"
          />
        ) : null}
        {onRefresh ? (
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            disabled={refreshing}
            onClick={onRefresh}
          >
            Refresh
          </Button>
        ) : null}
      </Group>
      {/* Always there, one page or many, so its place and its controls never move. */}
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        size="sm"
        siblings={compact ? 0 : 1}
        boundaries={1}
        aria-label="Pages"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
