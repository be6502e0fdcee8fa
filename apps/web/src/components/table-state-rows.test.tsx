import { screen, within } from '@testing-library/react';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { TableEmptyRow, TableLoadingRows } from './table-state-rows';

const inTable = (body: ReactNode) => () => (
  <Table aria-label="Mail">
    <Table.Tbody>{body}</Table.Tbody>
  </Table>
);

describe('table state rows', () => {
  it('loading: placeholder rows across every column, hidden from screen readers', () => {
    renderScreen(inTable(<TableLoadingRows columns={4} rows={3} />));
    const rows = screen.getByRole('table', { name: 'Mail' }).querySelectorAll('tr');
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.getAttribute('aria-hidden')).toBe('true');
      expect(row.querySelector('td')?.colSpan).toBe(4);
    }
    expect(screen.queryAllByRole('row')).toHaveLength(0);
  });

  it('empty: one row across every column saying so', () => {
    renderScreen(inTable(<TableEmptyRow columns={5}>No email yet.</TableEmptyRow>));
    const row = screen.getByRole('row');
    const cell = within(row).getByRole('cell');
    expect(cell.textContent).toBe('No email yet.');
    expect((cell as HTMLTableCellElement).colSpan).toBe(5);
  });
});
