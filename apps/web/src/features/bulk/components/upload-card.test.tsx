import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bulkMessages } from '@homeminder/shared/contracts/bulk';
import { renderWithProviders } from '../../../test/render';
import { signInEachTest } from '../../../test/session';
import { json, stubFetch } from '../../../test/fetch';
import { UploadCard } from './upload-card';

const tenant = '0b0b0b0b-0000-4000-8000-000000000b1c';

function csv(rows: number): File {
  const lines = ['First name,Last name,Email,Street address,City,State,ZIP'];
  for (let n = 1; n <= rows; n += 1)
    lines.push(`Client,Number${n},client.${n}@resend.test,${n} Harbor Road,Springfield,IL,62704`);
  return new File([lines.join('\n')], 'clients.csv', { type: 'text/csv' });
}

const rita = {
  id: '0b0b0b0b-0000-4000-8000-0000000000a1',
  firstName: 'Rita',
  lastName: 'Realtor',
  email: 'rita@example.com',
  enabled: true,
};

function renderCard() {
  return renderWithProviders(<UploadCard tenant={tenant} />);
}

const chooseFile = (container: HTMLElement, file: File) =>
  fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });

describe('UploadCard', () => {
  const fetchMock = stubFetch();
  signInEachTest({ tenantID: tenant });
  /** Each POST of rows: the GUIDs, lines and upload id it carried and whether it got through. */
  const posts: Array<{
    itemIds: string[];
    lines: number[];
    uploadId: string;
    defaultRealtorId?: string;
    ok: boolean;
  }> = [];
  /** The mapping the server keeps for the file's headers, as the card saved it. */
  let savedMapping: unknown = null;
  let dropSecondChunk = true;

  beforeEach(() => {
    posts.length = 0;
    savedMapping = null;
    dropSecondChunk = true;
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost')
        .pathname;
      if (path.endsWith('/mapping/find')) return json({ mapping: savedMapping });
      if (path.endsWith('/realtors')) return json([rita]);
      if (path.endsWith('/mapping')) {
        savedMapping = (JSON.parse(init!.body as string) as { mapping: unknown }).mapping;
        return new Response(null, { status: 204 });
      }
      if (init?.method !== 'POST') return json({});
      const { items, uploadId, defaultRealtorId } = JSON.parse(init.body as string) as {
        uploadId: string;
        defaultRealtorId?: string;
        items: Array<{ itemId: string; line: number }>;
      };
      const itemIds = items.map((item) => item.itemId);
      // The connection drops for the second chunk and for its retry: the 2nd and 3rd requests.
      const ok = !(dropSecondChunk && (posts.length === 1 || posts.length === 2));
      posts.push({ itemIds, lines: items.map((item) => item.line), uploadId, defaultRealtorId, ok });
      if (!ok) throw new TypeError('Failed to fetch');
      return json({ queued: items.length, replaced: 0, total: 0 });
    });
  });
  // Unmounted before fetch is restored (after hooks run last-registered first), so no query of the
  // screen reaches the network.
  afterEach(cleanup);

  it('after a chunk fails, sends only the rows not yet queued, under their first GUIDs', async () => {
    const { container } = renderCard();
    chooseFile(container, csv(1200));
    fireEvent.click(await screen.findByRole('button', { name: 'Add 1,200 rows to the queue' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      '500 of 1,200 rows were added before this; sending again adds only the remaining 700 rows.',
    );
    expect(posts.map((post) => [post.itemIds.length, post.ok])).toEqual([
      [500, true],
      [500, false],
      [500, false],
    ]);
    const [first, second] = posts;
    dropSecondChunk = false;

    fireEvent.click(screen.getByRole('button', { name: 'Add the remaining 700 rows' }));
    await screen.findByText('Drop a CSV file here', {}, { timeout: 5_000 });

    const resent = posts.slice(3);
    expect(resent.map((post) => [post.itemIds.length, post.ok])).toEqual([
      [500, true],
      [200, true],
    ]);
    // The failed chunk goes again with the same GUIDs (it may have arrived after all); the first does not.
    expect(resent[0]!.itemIds).toEqual(second!.itemIds);
    const queued = new Set([...first!.itemIds, ...resent.flatMap((post) => post.itemIds)]);
    expect(queued.size).toBe(1200);
    // One upload: every chunk carries its id, so none replaces another's rows; each row its line.
    expect(new Set(posts.map((post) => post.uploadId)).size).toBe(1);
    expect([...first!.lines, ...resent.flatMap((post) => post.lines)]).toEqual(
      Array.from({ length: 1200 }, (_, index) => index + 2),
    );
  });

  it('starts from the columns chosen for the last file with the same headers', async () => {
    dropSecondChunk = false;
    const first = renderCard();
    chooseFile(first.container, csv(2));
    // The guess takes "Street address" for the address, and no phone column.
    await screen.findByRole('button', { name: 'Add 2 rows to the queue' });
    expect(screen.getAllByDisplayValue('Street address')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 rows to the queue' }));
    await screen.findByText('Drop a CSV file here');
    expect(savedMapping).toMatchObject({ addressLine: 3, city: 4 });
    savedMapping = { ...(savedMapping as object), phone: 3 };
    cleanup();

    const second = renderCard();
    chooseFile(second.container, csv(1));
    expect(
      await screen.findByText(/The columns are those chosen for your last file with these headers\./),
    ).toBeTruthy();
    // The saved mapping, which also takes the street column for the phone.
    expect(screen.getAllByDisplayValue('Street address')).toHaveLength(2);
  });

  it("sends the realtor chosen for the file's rows without one", async () => {
    dropSecondChunk = false;
    const first = renderCard();
    chooseFile(first.container, csv(2));
    const picker = await screen.findByRole('combobox', { name: 'Realtor for rows without one' });
    expect(
      screen.getByText('No column holds the realtor: every row of this file gets this one.'),
    ).toBeTruthy();
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Rita Realtor', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 rows to the queue' }));
    await screen.findByText('Drop a CSV file here');
    expect(posts.map((post) => post.defaultRealtorId)).toEqual([rita.id]);
  });

  it('says an empty file is empty', async () => {
    const { container } = renderCard();
    chooseFile(container, new File([], 'empty.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toContain(bulkMessages.fileEmpty);
  });
});
