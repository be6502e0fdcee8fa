import { useState, type ReactNode } from 'react';
import { Button, Collapse, Table } from '@mantine/core';

/**
 * A chart's numbers as a table, folded under a button: the chart is hidden from screen readers,
 * and the table, in the page even while folded, carries the same numbers for them.
 */
export function FoldedNumbers({
  unit,
  label,
  minWidth,
  children,
}: {
  /** 'day' or 'month': "Show the numbers by day". */
  unit: string;
  label: string;
  minWidth: number;
  /** The table's head and body. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" size="xs" w="fit-content" onClick={() => setOpen((shown) => !shown)}>
        {open ? `Hide the numbers by ${unit}` : `Show the numbers by ${unit}`}
      </Button>
      <Collapse expanded={open}>
        <Table.ScrollContainer minWidth={minWidth} mah={340}>
          <Table striped fz="sm" aria-label={label}>
            {children}
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </>
  );
}
