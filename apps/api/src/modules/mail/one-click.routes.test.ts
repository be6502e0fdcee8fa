/**
 * The one-click unsubscribe of RFC 8058 as mail programs post it: the one field as a URL-encoded
 * form or as multipart/form-data, with or without other fields, as often as the button is pressed;
 * given a 200 response with no cookie, no session.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { unsubscribeMessages } from '@homeminder/shared/contracts/mail';
import { demoRemindersDueAtStart } from '../../db/demo-data';
import { testDispatcher } from '../../test/dispatch';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { REMINDER_KIND } from '../../db/email-outbox';

interface Reminder {
  to_address: string;
  headers: Record<string, string>;
}

/** A body as a browser or a mail program encodes it, with the content type it goes with. */
async function encoded(body: FormData | URLSearchParams) {
  const request = new Request('http://mail.example/', { method: 'POST', body });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describeEachDriver('one-click unsubscribe', (t) => {
  let reminders: Reminder[];

  beforeAll(async () => {
    t.clock.advance(60_000);
    expect(await testDispatcher(t, 'http://localhost:8080/ui/').dispatchDue()).toBe(demoRemindersDueAtStart);
    reminders = await t.rows<Reminder>(
      sql`select to_address, headers from email_outbox where kind = ${REMINDER_KIND} order by to_address`,
    );
    expect(new Set(reminders.map((reminder) => reminder.to_address)).size).toBe(demoRemindersDueAtStart);
  });

  /** Posts `body` to the one-click address of the `index`-th reminder's List-Unsubscribe header. */
  const press = async (index: number, body: FormData | URLSearchParams) => {
    const oneClick = /^<(http[^>]+)>/.exec(reminders[index]!.headers['List-Unsubscribe']!)![1]!;
    const url = new URL(oneClick);
    const { payload, contentType } = await encoded(body);
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': contentType },
      payload,
    });
    await t.app.settled();
    return response;
  };

  const unsubscribedAt = async (index: number) => {
    const [row] = await t.rows<{ unsubscribed_at: string | Date | null }>(
      sql`select unsubscribed_at from client_users where lower(email) = lower(${reminders[index]!.to_address})`,
    );
    return row!.unsubscribed_at;
  };

  const expectDone = (response: Awaited<ReturnType<typeof press>>) => {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: unsubscribeMessages.done });
    expect(response.headers['set-cookie']).toBeUndefined();
  };

  it('takes the multipart form, unsubscribes the client and sets no cookie', async () => {
    expect(await unsubscribedAt(0)).toBeNull();
    expectDone(await press(0, form([['List-Unsubscribe', 'One-Click']])));
    expect(await unsubscribedAt(0)).not.toBeNull();
  });

  it('takes the URL-encoded form', async () => {
    expect(await unsubscribedAt(1)).toBeNull();
    expectDone(await press(1, new URLSearchParams({ 'List-Unsubscribe': 'One-Click' })));
    expect(await unsubscribedAt(1)).not.toBeNull();
  });

  it('passes over the other fields a mail program adds, in either form', async () => {
    expectDone(
      await press(
        2,
        form([
          ['client', 'webmail'],
          ['List-Unsubscribe', 'One-Click'],
          ['List-Unsubscribe-Extra', 'x'],
        ]),
      ),
    );
    expect(await unsubscribedAt(2)).not.toBeNull();
    expectDone(
      await press(
        3,
        new URLSearchParams([
          ['source', 'button'],
          ['List-Unsubscribe', 'One-Click'],
        ]),
      ),
    );
    expect(await unsubscribedAt(3)).not.toBeNull();
  });

  it('responds to a repeated press the same, changing and recording nothing more', async () => {
    const before = await unsubscribedAt(0);
    for (const body of [
      form([['List-Unsubscribe', 'One-Click']]),
      new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    ]) {
      expectDone(await press(0, body));
    }
    expect(new Date((await unsubscribedAt(0))!).getTime()).toBe(new Date(before!).getTime());
    const [{ n }] = (await t.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log a join client_users c on c.id::text = a.record_id::text
           where a.action = 'client.unsubscribed' and lower(c.email) = lower(${reminders[0]!.to_address})`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('refuses a form without the one-click field, in either form, and unsubscribes nobody', async () => {
    expectErrors(await press(4, form([['List-Unsubscribe', 'Yes']])), 400, unsubscribeMessages.oneClickOnly);
    expectErrors(await press(4, form([['other', 'One-Click']])), 400, unsubscribeMessages.oneClickOnly);
    expectErrors(
      await press(4, new URLSearchParams({ other: 'One-Click' })),
      400,
      unsubscribeMessages.oneClickOnly,
    );
    expect(await unsubscribedAt(4)).toBeNull();
  });
});
