import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkPaging } from '@homeminder/shared/constants';
import type { BulkItem, BulkPage } from '@homeminder/shared/contracts/bulk';
import { usePhone } from '../../../lib/phone';
import { useBulkState } from '../bulk-state';
import { renderWithProviders } from '../../../test/render';
import { signInEachTest } from '../../../test/session';
import { json, stubFetch } from '../../../test/fetch';
import { QueueGrid } from './queue-grid';

vi.mock(import('../../../lib/phone'), async (importOriginal) => ({
  ...(await importOriginal()),
  usePhone: vi.fn(() => false),
}));

const tenant = '0a0a0a0a-0000-4000-8000-000000000ac3';

/**
 * The tester's queue of 1,684 rows in pages of 1,000, scaled down to pages of 10 (drawing 1,000
 * rows is slow here): 17 rows, 5 with a problem on the first page and row 12 on the second.
 */
const pageSize = 10;
const queue: BulkItem[] = Array.from({ length: 17 }, (_, index) => {
  const rowNumber = index + 1;
  const broken = (rowNumber <= 10 && rowNumber % 2 === 0) || rowNumber === 12;
  return {
    id: rowNumber,
    itemId: `00000000-0000-4000-8000-${String(rowNumber).padStart(12, '0')}`,
    tenantID: tenant,
    rowNumber,
    // Row n of the file is on line n + 1, under the header.
    fileName: 'clients.csv',
    line: rowNumber + 1,
    data: { firstName: 'Client', lastName: `Number${rowNumber}`, email: `client.${rowNumber}@grid.test` },
    validationError: broken ? 'ZIP: Value must be 5 digits long' : null,
    waitingForLicense: false,
    status: 'queued',
  };
});

/** The server's response to GET api/bulk/{tenant}/{page}/{pageSize}[?filter=problems]. */
function respond(url: URL): BulkPage {
  const [page = 1, size = 1] = url.pathname.split('/').slice(-2).map(Number);
  const listed =
    url.searchParams.get('filter') === 'problems' ? queue.filter((item) => item.validationError) : queue;
  const start = (page - 1) * size;
  return {
    items: listed.slice(start, start + size),
    totalItemCount: listed.length,
    errorCount: queue.filter((item) => item.validationError).length,
    fileNames: ['clients.csv'],
    page,
    pageSize: size,
  };
}

const rowsShown = () => screen.getAllByTestId('queue-row').map((row) => row.getAttribute('data-line'));

describe('QueueGrid', () => {
  const fetchMock = stubFetch();
  signInEachTest({ tenantID: tenant });

  beforeEach(() => {
    useBulkState.setState({ pageSize });
    vi.mocked(usePhone).mockReturnValue(false);
    fetchMock.mockImplementation(async (input) =>
      json(respond(new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'))),
    );
  });
  afterEach(() => {
    // Unmounted before fetch is restored (after hooks run last-registered first), so no query of the
    // screen reaches the network.
    cleanup();
    useBulkState.setState({ pageSize: bulkPaging.pageSize });
    vi.restoreAllMocks();
  });

  function renderGrid() {
    renderWithProviders(<QueueGrid tenant={tenant} />);
  }

  it('downloads the rows with problems of every page', async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:rows';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderGrid();
    await waitFor(() =>
      expect(screen.getByTestId('queue-summary').textContent).toBe('17 rows in the queue, 6 with problems'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download rows with problems' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await files[0]!.text()).trim().split('\r\n');
    // The header row, then the 6 rows, the last from the second page of the queue.
    expect(lines.map((line) => line.replace(/^\uFEFF/, '').split(',')[0])).toEqual([
      'Line',
      '3',
      '5',
      '7',
      '9',
      '11',
      '13',
    ]);
  });

  it('lists the rows with problems of every page when only those are asked for', async () => {
    renderGrid();
    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    fireEvent.click(screen.getByRole('switch', { name: 'Only rows with problems' }));
    await waitFor(() => expect(rowsShown()).toEqual(['3', '5', '7', '9', '11', '13']));
    // Six rows fit one page.
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    expect(screen.getByTestId('queue-summary').textContent).toBe('17 rows in the queue, 6 with problems');
  });

  it("shows each row's problem under the client's name on a phone, in the first columns", async () => {
    vi.mocked(usePhone).mockReturnValue(true);
    renderGrid();
    await waitFor(() => expect(rowsShown()).toHaveLength(10));
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(0, 2)).toEqual(['Line', 'Client and problem']);
    expect(headers).not.toContain('Problem');
    const secondRow = screen.getAllByTestId('queue-row')[1]!;
    // The client's cell, the second of the row, carries the problem.
    expect(secondRow.querySelectorAll('td')[1]!.textContent).toContain('ZIP: Value must be 5 digits long');
  });
});
