import '@mantine/core/styles/Table.css';
import type { CSSProperties } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';

/**
 * A table's head: a header for each column and, with `actions`, a last column of the rows' buttons
 * whose header only screen readers hear.
 */
export function TableHead({
  columns,
  actions = false,
  actionsStyle,
}: {
  columns: string[];
  actions?: boolean;
  actionsStyle?: CSSProperties;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
        {actions ? (
          <Table.Th style={actionsStyle}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );
}
