/**
 * The grid's last activity (docs/decisions/064): each client's latest reply, shown on their rows,
 * sorted either way with the never-active last, filtered by how recent, and in the CSV export.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { clientGridOf, clientsOf } from '../../test/client-grid';
import { describeEachDriver, signInBeforeAll } from '../../test/test-app';

const dayMs = 86_400_000;

describeEachDriver("the grid's last activity", (t) => {
  const token = signInBeforeAll(t, ['manager@acme.test', 'realtor@acme.test', 'realtor2@acme.test']);
  /** Three of the realtor's clients, who replied 5, 60 and 200 days ago. */
  let recent: string, older: string, oldest: string;
  const ago = (days: number) => new Date(t.clock.nowMs() - days * dayMs).toISOString();

  const { grid, rowsOf, exportLines } = clientGridOf(t, token, 100);

  beforeAll(async () => {
    const clients = await t.rows<{ id: string }>(sql`
      select c.id from client_users c join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
      where c.tenant_id = ${ACME_TENANT_ID} and r.email = 'realtor@acme.test' order by c.email limit 3`);
    [recent, older, oldest] = clients.map((client) => client.id) as [string, string, string];
    const stamp = (id: string, at: string) =>
      t.rows(sql`update client_users set last_activity_at = ${at}::timestamptz where id = ${id}`);
    await stamp(recent, ago(5));
    await stamp(older, ago(60));
    await stamp(oldest, ago(200));
  });

  it('shows the last activity on the rows and sorts newest or oldest first, the never-active last', async () => {
    const newest = await grid({ sorting: [{ propertyName: 'lastActivityAt', dir: 'desc' }] });
    expect(clientsOf(newest).slice(0, 3)).toEqual([recent, older, oldest]);
    expect(newest.items[0]!.lastActivityAt).toBe(ago(5));
    const oldestFirst = await grid({ sorting: [{ propertyName: 'lastActivityAt', dir: 'asc' }] });
    expect(clientsOf(oldestFirst).slice(0, 3)).toEqual([oldest, older, recent]);
    expect(oldestFirst.items.at(-1)!.lastActivityAt).toBeNull();
  });

  it('filters by how recent, with totals that follow a new reply', async () => {
    const all = (await grid({})).totalItemCount;
    const within30 = await grid({ activity: 'within30' });
    expect(clientsOf(within30)).toEqual([recent]);
    expect(within30.totalItemCount).toBe(await rowsOf([recent]));
    expect(new Set(clientsOf(await grid({ activity: 'within90' })))).toEqual(new Set([recent, older]));
    const quiet = await grid({ activity: 'quiet90' });
    expect(quiet.totalItemCount).toBe(all - (await rowsOf([recent, older])));
    expect(clientsOf(quiet)).not.toContain(recent);
    expect((await grid({ activity: 'never' })).totalItemCount).toBe(
      all - (await rowsOf([recent, older, oldest])),
    );

    // The oldest replies again: the cached total is not used once the client changed.
    await t.rows(sql`update client_users set last_activity_at = ${ago(1)}::timestamptz where id = ${oldest}`);
    expect((await grid({ activity: 'within30' })).totalItemCount).toBe(await rowsOf([recent, oldest]));
  });

  it('keeps a realtor to their own clients and writes the column in the export', async () => {
    expect((await grid({ activity: 'within90' }, 'realtor2@acme.test')).totalItemCount).toBe(0);
    expect((await grid({ activity: 'within90' }, 'realtor@acme.test')).totalItemCount).toBeGreaterThan(0);
    const lines = await exportLines({ status: 'all', activity: 'within30' }, 'realtor@acme.test');
    expect(lines[0]).toMatch(/,Last activity,Needs attention$/);
    expect(lines.length - 1).toBe(await rowsOf([recent, oldest]));
    expect(lines.slice(1).every((line) => /,\d{2}[A-Z]{3}\d{4},[^,]*$/.test(line))).toBe(true);
  });
});
