/**
 * The grid's "needs attention" (docs/decisions/063): the filter lists exactly Home's clients, the
 * sort puts them first by their newest reason, a realtor keeps to their own, and the CSV export
 * writes each client's reasons in words.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AttentionList } from '@homeminder/shared/contracts/attention';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { askedHelp, attentionClientsOf, type AttentionClient } from '../../test/attention';
import { clientGridOf, clientsOf } from '../../test/client-grid';
import { describeEachDriver, signInBeforeAll } from '../../test/test-app';

const dayMs = 86_400_000;

describeEachDriver("the grid's needs attention", (t) => {
  const token = signInBeforeAll(t, ['manager@acme.test', 'realtor@acme.test', 'realtor2@acme.test']);
  const ago = (days: number) => new Date(t.clock.nowMs() - days * dayMs).toISOString();
  /** The realtor's first two clients and realtor2's first. */
  let first: AttentionClient, second: AttentionClient, other: AttentionClient;

  const { grid, nextRow, rowsOf, exportLines } = clientGridOf(t, token, 200);
  /** Every client on Home's list for that person, every page. */
  const homeList = async (as: string) => {
    const ids = new Set<string>();
    for (let page = 1; ; page++) {
      const response = await t.api({ path: `/home/attention?page=${page}`, token: token(as) });
      const list = response.json<AttentionList>();
      if (list.items.length === 0) return ids;
      for (const item of list.items) ids.add(item.clientId);
    }
  };
  const unsubscribe = (client: AttentionClient, at: string | null) =>
    t.rows(sql`update client_users set unsubscribed_at = ${at}::timestamptz where id = ${client.id}`);

  beforeAll(async () => {
    const own = await attentionClientsOf(t, ACME_TENANT_ID, 'realtor@acme.test');
    [first, second] = [own[0]!, own[1]!];
    other = (await attentionClientsOf(t, ACME_TENANT_ID, 'realtor2@acme.test'))[0]!;
    await unsubscribe(first, ago(1));
    await askedHelp(t, second, 3, 'The roof leaks');
    await unsubscribe(second, ago(5));
    await askedHelp(t, other, 2, 'Who can fix the furnace?');
  });

  it("filters to exactly Home's list, for the corporation and for each realtor", async () => {
    const needed = await grid({ attention: 'needed' });
    expect(new Set(clientsOf(needed))).toEqual(await homeList('manager@acme.test'));
    expect(new Set(clientsOf(needed))).toEqual(new Set([first.id, second.id, other.id]));
    expect(needed.totalItemCount).toBe(await rowsOf([first.id, second.id, other.id]));

    const own = await grid({ attention: 'needed' }, 'realtor@acme.test');
    expect(new Set(clientsOf(own))).toEqual(new Set([first.id, second.id]));
    expect(new Set(clientsOf(own))).toEqual(await homeList('realtor@acme.test'));
    expect(clientsOf(await grid({ attention: 'needed' }, 'realtor2@acme.test'))).toEqual([other.id]);
    // With the other filters, as usual.
    expect(clientsOf(await grid({ attention: 'needed', search: other.email }))).toEqual([other.id]);
    expect(
      (await grid({ attention: 'needed', status: 'unsubscribed' })).items.every((row) =>
        [first.id, second.id].includes(row.clientId),
      ),
    ).toBe(true);
  });

  it('sorts those needing attention first, newest reason first, then by name', async () => {
    const sorted = await grid({ sorting: [{ propertyName: 'attention', dir: 'desc' }] });
    const all = await grid({});
    expect(sorted.totalItemCount).toBe(all.totalItemCount);
    expect(clientsOf(sorted).slice(0, 3)).toEqual([first.id, other.id, second.id]);
    // The rest in the usual order.
    const rest = clientsOf(all).filter((id) => ![first.id, other.id, second.id].includes(id));
    expect(clientsOf(sorted).slice(3, 13)).toEqual(rest.slice(0, 10));
  });

  it('pages through that order without losing or repeating a row, the total on every page', async () => {
    for (const sorting of [
      [{ propertyName: 'attention', dir: 'desc' }],
      [
        { propertyName: 'attention', dir: 'desc' },
        { propertyName: 'nextDueAt', dir: 'asc' },
      ],
    ]) {
      const whole = await grid({ sorting });
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(await grid({ sorting, page, pageSize: 5 }));
      expect(pages.flatMap((one) => one.items)).toEqual(whole.items.slice(0, 20));
      expect(pages.map((one) => one.totalItemCount)).toEqual(Array(4).fill(whole.totalItemCount));
    }
    const needed = await grid({ attention: 'needed', sorting: [{ propertyName: 'attention', dir: 'desc' }] });
    const pastTheEnd = await grid({ attention: 'needed', page: 3, pageSize: needed.totalItemCount });
    expect(pastTheEnd.items).toEqual([]);
    expect(pastTheEnd.totalItemCount).toBe(needed.totalItemCount);
  });

  it("walks to the next client in that order, as the grid's rows run", async () => {
    for (const query of [
      { sorting: [{ propertyName: 'attention', dir: 'desc' }] },
      { attention: 'needed', sorting: [{ propertyName: 'nextDueAt', dir: 'asc' }] },
    ]) {
      const whole = await grid(query);
      const shown = whole.items.slice(0, 4);
      for (const [index, row] of shown.slice(0, -1).entries())
        expect(await nextRow(query, row.rowId)).toEqual({
          items: [shown[index + 1]],
          totalItemCount: whole.totalItemCount,
        });
    }
    const needed = await grid({ attention: 'needed' });
    const last = needed.items.at(-1)!;
    expect(await nextRow({ attention: 'needed' }, last.rowId)).toEqual({ items: [], totalItemCount: 0 });
  });

  it('counts again once someone is off the list', async () => {
    expect((await grid({ attention: 'needed' }, 'realtor@acme.test')).totalItemCount).toBe(
      await rowsOf([first.id, second.id]),
    );
    await unsubscribe(first, null);
    expect((await grid({ attention: 'needed' }, 'realtor@acme.test')).totalItemCount).toBe(
      await rowsOf([second.id]),
    );
    await unsubscribe(first, ago(1));
  });

  it('writes the reasons in words in the export, empty for the others', async () => {
    const lines = await exportLines(
      { status: 'all', sorting: [{ propertyName: 'attention', dir: 'desc' }] },
      'realtor@acme.test',
    );
    expect(lines[0]).toMatch(/,Last activity,Needs attention$/);
    const firstRows = await rowsOf([first.id]);
    const secondRows = await rowsOf([second.id]);
    const reasons = lines.slice(1).map((line) => /,([^,]*)$/.exec(line)![1]);
    expect(reasons.slice(0, firstRows)).toEqual(Array(firstRows).fill('Unsubscribed'));
    expect(reasons.slice(firstRows, firstRows + secondRows)).toEqual(
      Array(secondRows).fill('Asked for help; Unsubscribed'),
    );
    expect(reasons.slice(firstRows + secondRows).every((cell) => cell === '')).toBe(true);
    expect(reasons.length).toBeGreaterThan(firstRows + secondRows);
  });
});
