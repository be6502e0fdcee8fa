import type { ReactNode } from 'react';
import { Skeleton, Table, Text } from '@mantine/core';

/** Placeholder rows while a table's first page loads, each one cell across every column. */
export function TableLoadingRows({
  columns,
  rows = 5,
  height = 20,
}: {
  columns: number;
  rows?: number;
  height?: number;
}) {
  return Array.from({ length: rows }, (_, index) => (
    <Table.Tr key={index} aria-hidden>
      <Table.Td colSpan={columns}>
        <Skeleton h={height} />
      </Table.Td>
    </Table.Tr>
  ));
}

/** The one row of a table with nothing to show: plain text, or richer content, centred across it. */
export function TableEmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        {typeof children === 'string' ? (
          <Text ta="center" c="gray.7" py="lg">
            {children}
          </Text>
        ) : (
          children
        )}
      </Table.Td>
    </Table.Tr>
  );
}
