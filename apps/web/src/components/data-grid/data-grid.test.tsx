import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { renderScreen } from '../../test/render';
import { DataGrid, type GridColumn, type GridQuery } from './data-grid';
import type { GridConfig } from './grid-url-state';
import { useGridState } from './use-grid-state';
import { useGridUrlState } from './use-grid-url-state';

interface Mail {
  id: string;
  subject: string;
}

const columns: GridColumn<Mail>[] = [
  { key: 'subject', header: 'Subject', sortable: true, render: (row) => row.subject },
  { key: 'id', header: 'Id', render: (row) => row.id },
  { key: 'to', header: 'To', render: () => 'someone' },
  { key: 'actions', header: 'Actions', hideHeader: true, render: () => null },
];

const config: GridConfig<'subject'> = { sizes: ['10', '25', 'all'], maxSize: 200, sortColumns: ['subject'] };

function queryOf(data: GridQuery<Mail>['data'], pending = false): GridQuery<Mail> {
  return {
    data,
    isPending: pending,
    isError: false,
    error: null,
    isFetching: false,
    isPlaceholderData: false,
    refetch: () => Promise.resolve({}) as never,
    dataUpdatedAt: 1,
    errorUpdatedAt: 0,
  };
}

function screenOf(query: GridQuery<Mail>, empty = 'No email yet.', refreshable = false) {
  return function Grid() {
    const grid = useGridUrlState(config);
    return (
      <DataGrid
        label="Mail"
        noun="emails"
        errorTitle="The mail could not be loaded"
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        grid={grid}
        sizes={config.sizes}
        empty={empty}
        refreshable={refreshable}
      />
    );
  };
}

/** The grid's address state alone, at `path`; `grid()` is its latest render's. */
function renderGridState(path: string) {
  let latest: ReturnType<typeof useGridUrlState<'subject'>> | undefined;
  function Grid() {
    latest = useGridUrlState(config);
    return null;
  }
  const { router } = renderScreen(Grid, { path });
  return { router, grid: () => latest! };
}

const mail = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `m${index}`, subject: `Subject ${index}` }));

describe('DataGrid', () => {
  it('loading: placeholder rows across every column, hidden from screen readers', () => {
    renderScreen(screenOf(queryOf(undefined, true)));
    const rows = screen.getByRole('table', { name: 'Mail' }).querySelectorAll('tbody tr');
    // As many as a page holds, up to 10.
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.getAttribute('aria-hidden')).toBe('true');
      expect(row.querySelector('td')?.colSpan).toBe(4);
    }
    // Only the header row is seen by screen readers.
    expect(screen.queryAllByRole('row')).toHaveLength(1);
  });

  it('empty: one row across every column saying so', () => {
    renderScreen(screenOf(queryOf({ items: [], totalItemCount: 0 })));
    const row = screen.getAllByRole('row')[1]!;
    const cell = within(row).getByRole('cell');
    expect(cell.textContent).toBe('No email yet.');
    expect((cell as HTMLTableCellElement).colSpan).toBe(4);
  });

  it('counts with thousands separators and pages through the address', async () => {
    const { router } = renderScreen(screenOf(queryOf({ items: mail(10), totalItemCount: 1234 })), {
      path: '/mail?page=2',
    });
    expect(screen.getByText('11–20 of 1,234 emails')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('keeps both of two changes made before the address has moved', async () => {
    const { router, grid } = renderGridState('/mail?page=2');
    act(() => {
      grid().update({ sort: { column: 'subject', dir: 'desc' } });
      grid().update({ pageSize: '25' });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=subject%3Adesc&size=25'));
  });

  it('keeps what the entry holds beside its address when the list changes', async () => {
    const { router, grid } = renderGridState('/mail');
    act(() => grid().setParam('open', 'm1', { state: { rowId: 'r1' } }));
    await waitFor(() => expect(router.state.location.state).toEqual({ rowId: 'r1' }));
    act(() => grid().update({ pageSize: '25' }, { replace: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?open=m1&size=25'));
    expect(router.state.location.state).toEqual({ rowId: 'r1' });
  });

  it('sorts by a header, and a new order or size starts at page 1', async () => {
    const { router } = renderScreen(screenOf(queryOf({ items: mail(10), totalItemCount: 40 })), {
      path: '/mail?page=2',
    });
    const header = screen.getByRole('columnheader', { name: 'Subject' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    await userEvent.click(within(header).getByRole('button'));
    expect(router.state.location.search).toBe('?sort=subject%3Aasc');
    expect(screen.getByRole('columnheader', { name: 'Subject' }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    expect(router.state.location.search).toBe('?sort=subject%3Aasc&size=25');
  });

  it('names a column of buttons for screen readers only', () => {
    renderScreen(screenOf(queryOf({ items: mail(1), totalItemCount: 1 })));
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });

  it('says why Refresh did nothing when the page on show has not had its first response yet', async () => {
    // Another page was asked for: the last page's rows stand in while its first response is awaited.
    const waiting = {
      ...queryOf({ items: mail(3), totalItemCount: 30 }),
      isPlaceholderData: true,
      dataUpdatedAt: 0,
    };
    renderScreen(screenOf(waiting, 'No email yet.', true), { path: '/?page=2' });

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.refreshPremature);
  });

  it('shows the last page when the page asked for is past the end', async () => {
    const { router } = renderScreen(screenOf(queryOf({ items: [], totalItemCount: 12 })), {
      path: '/mail?page=9',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });
});

/** A short list among others on a screen: its page kept by the screen, 8 rows a page. */
function listOf(total: number) {
  const rows = mail(total);
  return function List() {
    const grid = useGridState({ sizes: ['8'], sortColumns: [] });
    const first = (grid.state.page - 1) * 8;
    return (
      <DataGrid
        label="Reminders"
        noun="reminders"
        errorTitle="The reminders could not be loaded"
        columns={columns}
        query={queryOf({ items: rows.slice(first, first + 8), totalItemCount: total })}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-testid': 'reminder', 'data-id': row.id })}
        grid={grid}
        hideSinglePage
        empty="No reminders."
      />
    );
  };
}

describe('DataGrid with its state kept by the screen', () => {
  it('shows no paging line for a single page', () => {
    renderScreen(listOf(8));
    expect(screen.getAllByTestId('reminder')).toHaveLength(8);
    expect(screen.queryByText(/of 8 reminders/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'next page' })).toBeNull();
  });

  it('counts the rows in words and moves between pages', async () => {
    renderScreen(listOf(1204));
    expect(screen.getByText('1–8 of 1,204 reminders')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(screen.getByText('9–16 of 1,204 reminders')).toBeTruthy();
    expect(screen.getAllByTestId('reminder')[0]!.getAttribute('data-id')).toBe('m8');
  });
});
