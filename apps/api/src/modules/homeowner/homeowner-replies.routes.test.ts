import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { replyMessages, putOffWithinDays } from '@homeminder/shared/reply-words';
import {
  homeownerMessages,
  type HomeownerReplyResult,
  type HomeownerHistory,
} from '@homeminder/shared/contracts/homeowner';
import { formatDueDateInWords } from '@homeminder/shared/due-date';
import { audienceMessages } from '../../access/auth-context';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import {
  homeownerOverview,
  homeownerPassword,
  twoHomeowners,
  type TestHomeowner,
} from '../../test/homeowners';

const zone = 'America/New_York';

describeEachDriver('homeowner replies', (t) => {
  let owner: TestHomeowner;
  let other: TestHomeowner;
  let token: string;
  let otherToken: string;

  const reminders = async (as = token) =>
    (await homeownerOverview(t, as)).homes.flatMap((home) => home.reminders);
  const reply = (id: string, body: Record<string, unknown>, as = token) => {
    // A minute between replies, so the history's order is theirs and not a tie.
    t.clock.advance(60_000);
    return t.api({ method: 'POST', path: `/homeowner/reminders/${id}/answer`, token: as, body });
  };
  const history = async (as = token) => {
    const response = await t.api({ path: '/homeowner/history', token: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeownerHistory>().items;
  };

  beforeAll(async () => {
    ({ owner, other, token } = await twoHomeowners(t));
    otherToken = await t.login(other.email, homeownerPassword);
  });

  it('shows an empty history before any reply', async () => {
    expect(await history()).toEqual([]);
  });

  it('"Remind me later" is refused for what is due more than a month ahead, and nothing moves', async () => {
    const [reminder] = await reminders();
    const later = new Date(t.clock.nowMs() + (putOffWithinDays + 30) * 86_400_000);
    await t.rows(sql`update reminder_subscriptions set next_due_at = ${later.toISOString()}::timestamptz
                      where id = ${reminder!.id}`);
    const before = (await reminders()).find((one) => one.id === reminder!.id)!;
    expectErrors(await reply(reminder!.id, { kind: 'later' }), 409, replyMessages.notDueSoon);
    expect((await reminders()).find((one) => one.id === reminder!.id)!.nextDueAt).toBe(before.nextDueAt);
    expect(
      await t.rows(
        sql`select 1 from reminder_answers where subscription_id = ${reminder!.id} and kind = 'later'`,
      ),
    ).toEqual([]);
  });

  it('"Done" starts the schedule again from today and says the next date', async () => {
    const [reminder] = await reminders();
    const response = await reply(reminder!.id, { kind: 'done', note: '  16x25 filter  ' });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await reminders()).find((one) => one.id === reminder!.id)!;
    expect(after.nextDueAt).not.toBe(reminder!.nextDueAt);
    expect(response.json<HomeownerReplyResult>()).toEqual({
      message: homeownerMessages.replyDone(formatDueDateInWords(after.nextDueAt, zone)),
      recorded: true,
    });
    const [row] = await t.rows<{ source: string; actor_user_id: string; note: string; done_on: string }>(
      sql`select source, actor_user_id, note, done_on::text from reminder_answers where subscription_id = ${reminder!.id}`,
    );
    expect(row).toMatchObject({ source: 'signed-in', actor_user_id: owner.id, note: '16x25 filter' });
    expect(row!.done_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("refuses a date done in the future with the rule's message", async () => {
    const [, reminder] = await reminders();
    expectErrors(
      await reply(reminder!.id, { kind: 'done', doneOn: '2999-01-01' }),
      400,
      replyMessages.doneOnInFuture,
    );
  });

  it('"Remind me later" moves the next date a week, three times at most', async () => {
    const [, reminder] = await reminders();
    // Due within the month in which it may be put off.
    const soon = new Date(t.clock.nowMs() + 3 * 86_400_000);
    await t.rows(sql`update reminder_subscriptions set next_due_at = ${soon.toISOString()}::timestamptz
                      where id = ${reminder!.id}`);
    for (let time = 1; time <= 3; time += 1) {
      const before = (await reminders()).find((one) => one.id === reminder!.id)!;
      const response = await reply(reminder!.id, { kind: 'later' });
      expect(response.statusCode, response.body).toBe(200);
      const after = (await reminders()).find((one) => one.id === reminder!.id)!;
      expect(new Date(after.nextDueAt).getTime()).toBeGreaterThan(new Date(before.nextDueAt).getTime());
      expect(response.json<HomeownerReplyResult>().message).toBe(
        homeownerMessages.replyLater(formatDueDateInWords(after.nextDueAt, zone)),
      );
    }
    expectErrors(await reply(reminder!.id, { kind: 'later' }), 409, replyMessages.tooManyPutOffs);
  });

  it('"I\'d like help" tells the realtor by name and emails them the note', async () => {
    const [, reminder] = await reminders();
    const response = await reply(reminder!.id, { kind: 'help', note: 'The gutter is high' });
    expect(response.json<HomeownerReplyResult>()).toEqual({
      message: homeownerMessages.replyHelp('Rita Realtor', ''),
      recorded: true,
    });
    const emails = await t.rows<{ to_address: string; text: string }>(
      sql`select to_address, text from email_outbox where kind = 'help-request'`,
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to_address: 'realtor@acme.test' });
    expect(emails[0]!.text).toContain('The gutter is high');
    // Asking again for the same date records nothing more.
    expect((await reply(reminder!.id, { kind: 'help' })).json<HomeownerReplyResult>().recorded).toBe(false);
  });

  it("responds 404 for another client's reminder and changes nothing", async () => {
    const [theirs] = await reminders(otherToken);
    for (const kind of ['done', 'later', 'help']) {
      expectErrors(await reply(theirs!.id, { kind }), 404, homeownerMessages.reminderNotFound);
    }
    expect(await t.rows(sql`select 1 from reminder_answers where subscription_id = ${theirs!.id}`)).toEqual(
      [],
    );
    expect((await reminders(otherToken)).find((one) => one.id === theirs!.id)!.nextDueAt).toBe(
      theirs!.nextDueAt,
    );
  });

  it('lists only their own replies, newest first', async () => {
    const [theirs] = await reminders(otherToken);
    expect((await reply(theirs!.id, { kind: 'help' }, otherToken)).statusCode).toBe(200);
    const mine = await history();
    const rows = await t.rows<{ id: string }>(
      sql`select id from reminder_answers where client_user_id = ${owner.id} order by created_at desc, id desc`,
    );
    expect(mine.map((item) => item.id)).toEqual(rows.map((row) => row.id));
    expect(mine.map((item) => item.kind)).toEqual(['help', 'later', 'later', 'later', 'done']);
    expect(mine.at(-1)).toMatchObject({ source: 'signed-in', note: '16x25 filter' });
    const theirHistory = await history(otherToken);
    expect(theirHistory.map((item) => item.kind)).toEqual(['help']);
    expect(mine.some((item) => item.id === theirHistory[0]!.id)).toBe(false);
  });

  it('serves a homeowner only: staff are refused, nobody must sign in', async () => {
    const [reminder] = await reminders();
    const staff = await t.login('admin@acme.test');
    expectErrors(await reply(reminder!.id, { kind: 'done' }, staff), 403, audienceMessages.clientOnly);
    expectErrors(await t.api({ path: '/homeowner/history', token: staff }), 403, audienceMessages.clientOnly);
    expect((await t.api({ path: '/homeowner/history' })).statusCode).toBe(401);
  });
});
