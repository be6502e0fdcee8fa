import '@mantine/core/styles/Table.css';
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

/**
 * One labelled line of a record's details, in a vertical table; "Not set" where there is no value.
 * The label column takes the widest `labelWidth` given, so the first row's is enough.
 */
export function DetailRow({
  label,
  labelWidth,
  children,
}: {
  label: string;
  labelWidth?: number;
  children: ReactNode;
}) {
  return (
    <Table.Tr>
      <Table.Th w={labelWidth} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td>
        {children ?? (
          <Text size="sm" c="gray.7">
            Not set
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
