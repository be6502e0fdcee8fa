import '@mantine/core/styles/Table.css';
import { useState, type ReactNode } from 'react';
import { Button, Collapse, Table } from '@mantine/core';
import { TableHead } from '../../components/table-head';

/**
 * A chart's numbers as a table, folded under a button: the chart is hidden from screen readers,
 * and the table, a press of the button away, carries the same numbers for them.
 */
export function FoldedNumbers({
  unit,
  label,
  minWidth,
  columns,
  children,
}: {
  /** 'day' or 'month': "Show the numbers by day". */
  unit: string;
  label: string;
  minWidth: number;
  /** The column headings, the period's first. */
  columns: string[];
  /** The table's rows. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" size="xs" w="fit-content" onClick={() => setOpen((shown) => !shown)}>
        {open ? `Hide the numbers by ${unit}` : `Show the numbers by ${unit}`}
      </Button>
      {/* Made when shown: folded, the rows would cost every render of the page, on the server too. */}
      <Collapse expanded={open} keepMounted={false}>
        <Table.ScrollContainer minWidth={minWidth} mah={340}>
          <Table striped fz="sm" aria-label={label}>
            <TableHead columns={columns} />
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </>
  );
}
