import { Group, Pagination, Text } from '@mantine/core';
import { formatNumber } from '@homeminder/shared/format';

/** The pages under one of Home's lists, with how many rows it has in all; nothing for one page. */
export function ListPager({
  total,
  pageSize,
  page,
  onChange,
  countText,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  /** The count in words, e.g. "1,204 reminders". */
  countText: (formattedTotal: string) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="gray.7">
        {countText(formatNumber(total))}
      </Text>
      <Pagination
        size="sm"
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      />
    </Group>
  );
}
