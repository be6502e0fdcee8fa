import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { seriousViolations, shotsFolder } from './axe';
import { careRecordLabels } from '@homeminder/shared/contracts/care-record';
import { expect, loginToHome, test, withScriptOff } from './fixtures';
import { mailTo, mailPortalForJourneys } from './mail-portal';

/**
 * A homeowner replies to a reminder from its email, on a portal that sends its mail to a real SMTP
 * server: "Done" starts the schedule again from today, "Remind me later" moves the reminder a
 * week, "I'd like help" emails the realtor at once. Each link opens a page that asks first.
 */

interface Due {
  id: string;
  email: string;
  next_due_at: Date;
}

/** Where the screenshots of the reply pages and the emails go, to look at. */
const shots = shotsFolder('answers');

const portal = mailPortalForJourneys();

/** Three reminders of different clients of the demo realtor, made due now; their links once the emails land. */
async function sendReminders(): Promise<
  Array<Due & { links: Record<'done' | 'later' | 'help', string>; html: string }>
> {
  const due = await portal.query<Due>(
    `select distinct on (c.id) s.id::text as id, c.email, s.next_due_at
       from reminder_subscriptions s
       join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
       join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
       join tenant_users r on r.tenant_id = c.tenant_id and r.id = c.realtor_id
      where r.email = 'realtor@acme.test' and c.enabled and p.enabled and not p.pending
      order by c.id, s.id limit 3`,
  );
  expect(due).toHaveLength(3);
  await portal.query(
    `update reminder_subscriptions set next_due_at = now() - interval '1 minute' where id = any($1)`,
    [due.map((one) => one.id)],
  );
  return Promise.all(
    due.map(async (one) => {
      const mail = await mailTo(portal, one.email);
      const link = (kind: string) => {
        const found = new RegExp(`https?://\\S+/ui/answer/${kind}\\?token=[\\w%-]+`).exec(mail.text)?.[0];
        expect(found, `the ${kind} link in the text part`).toBeTruthy();
        expect(mail.html).toContain(found);
        return found!;
      };
      const [row] = await portal.query<Due>(
        'select id::text as id, next_due_at from reminder_subscriptions where id = $1',
        [one.id],
      );
      return {
        ...one,
        next_due_at: row!.next_due_at,
        links: { done: link('done'), later: link('later'), help: link('help') },
        html: mail.html,
      };
    }),
  );
}

/** No serious accessibility problem at a desktop's and a phone's width; a screenshot at the phone's. */
async function checkPage(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await seriousViolations(page), `${name} at ${width}px`).toEqual([]);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
}

const replyCount = async () =>
  Number((await portal.query<{ n: string }>('select count(*) as n from reminder_answers'))[0]!.n);

test.describe('replying to a reminder from its email', () => {
  test.beforeAll(() => mkdirSync(shots, { recursive: true }));

  test('done, remind me later and help, each asked on a page first', async ({
    page,
    browser,
    expectConsoleErrors,
  }) => {
    test.setTimeout(150_000);
    const [forDone, forLater, forHelp] = await sendReminders();

    // The email at a phone's width: three replies, nothing wider than the screen.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.setContent(forDone!.html);
    for (const label of ['Done', 'Remind me later', "I'd like help with this"]) {
      await expect(phone.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: path.join(shots, 'reminder-email-390.png'), fullPage: true });

    // ── Done: opening the link changes nothing; the button records it and moves the next date ──
    await page.goto(forDone!.links.done);
    await expect(page.getByRole('heading', { name: 'Mark this task as done' })).toBeVisible();
    await expect(page.getByText('Acme Realty Home Care')).toBeVisible();
    await expect(page.getByLabel('Date done')).toBeVisible();
    expect(await replyCount()).toBe(0);
    await checkPage(page, 'answer-done');
    await page.getByLabel('Note (optional)').fill('Used the 20x25 filter');
    await page.getByRole('button', { name: 'Mark as done' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you: the task is marked as done.');
    await expect(page.getByRole('status')).toContainText(/Your next reminder for this task: \w+day, /);
    const [done] = await portal.query<{ next_due_at: Date; anchor_on: string; today: string }>(
      `select s.next_due_at, s.anchor_on::text as anchor_on, (now() at time zone 'America/New_York')::date::text as today
         from reminder_subscriptions s where s.id = $1`,
      [forDone!.id],
    );
    // The schedule starts again from today. Its next date may still be the old one: at a month's
    // end both clamp to the same last day (30 November and 28 November, plus three months).
    expect(done!.anchor_on).toBe(done!.today);
    expect(done!.next_due_at.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    await checkPage(page, 'answer-done-recorded');
    // Twice: harmless, and it says so.
    await page.reload();
    await expect(page.getByRole('status')).toContainText('Already recorded on');

    // ── Remind me later: a week on ──
    await page.goto(forLater!.links.later);
    await expect(page.getByRole('heading', { name: 'Remind me later' })).toBeVisible();
    await expect(page.getByText(/^New date: /)).toBeVisible();
    await checkPage(page, 'answer-later');
    await page.getByRole('button', { name: 'Remind me in a week' }).click();
    await expect(page.getByRole('status')).toContainText('We will remind you again in a week.');
    const [later] = await portal.query<{ next_due_at: Date }>(
      'select next_due_at from reminder_subscriptions where id = $1',
      [forLater!.id],
    );
    const days = (later!.next_due_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThan(8);

    // ── I'd like help: the realtor's mailbox receives it ──
    await page.goto(forHelp!.links.help);
    await expect(page.getByRole('heading', { name: "I'd like help with this" })).toBeVisible();
    await expect(page.getByText('Your realtor at Acme Realty Home Care receives your request')).toBeVisible();
    await checkPage(page, 'answer-help');
    await page.getByLabel('Note (optional)').fill('The gutters are too high for my ladder <help>');
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByRole('status')).toContainText('Your request has been sent.');
    const help = await mailTo(portal, 'realtor@acme.test', undefined, 30_000);
    expect(help.subject).toMatch(/^Help asked: /);
    expect(help.text).toContain('The gutters are too high for my ladder <help>');
    expect(help.text).toContain(`Email: ${forHelp!.email}`);
    await phone.setContent(help.html);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: path.join(shots, 'help-email-390.png'), fullPage: true });
    await phone.close();

    // ── The realtor sees the client's reply in the client's Activity ──
    const [client] = await portal.query<{ last_name: string }>(
      `select c.last_name from client_users c join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
         join reminder_subscriptions s on s.tenant_id = p.tenant_id and s.property_id = p.id where s.id = $1`,
      [forDone!.id],
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${portal.origin}login`);
    await loginToHome(page, 'realtor@acme.test');
    await page.goto(`${portal.origin}clients?q=${encodeURIComponent(client!.last_name)}`);
    const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
    await rows.filter({ hasText: forDone!.email }).first().getByRole('button').click();
    const activity = page
      .getByRole('dialog', { name: 'Client details' })
      .getByRole('region', { name: 'Activity' });
    await expect(activity).toContainText('Done');
    await expect(activity).toContainText('“Used the 20x25 filter”');
    expect(
      await seriousViolations(page, { include: 'section[aria-labelledby="client-activity-title"]' }),
    ).toEqual([]);
    await activity.scrollIntoViewIfNeeded();
    await activity.screenshot({ path: path.join(shots, 'client-activity.png') });
    await page.evaluate(() => localStorage.clear());

    // ── A link replayed for another reply: one clear message, nothing recorded ──
    expectConsoleErrors(/status of 400/);
    const before = await replyCount();
    await page.goto(forLater!.links.later.replace('/answer/later', '/answer/help'));
    await expect(page.getByText('This link does not work')).toBeVisible();
    await checkPage(page, 'answer-invalid');
    expect(await replyCount()).toBe(before);
  });

  test('with JavaScript off, the page arrives with its reminder and the button records the reply', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const [forDone, forHelp] = await sendReminders();
    await withScriptOff(browser, { viewport: { width: 390, height: 844 } }, async (page) => {
      // The page is rendered on the server: the reminder is in its HTML.
      await page.goto(forDone!.links.done);
      await expect(page).toHaveTitle('HomeMinder - Your reminder');
      await expect(page.getByRole('heading', { name: 'Mark this task as done' })).toBeVisible();
      await expect(page.getByText('Acme Realty Home Care')).toBeVisible();
      const before = await replyCount();
      await page.getByLabel('Note (optional)').fill('Posted as a plain form');
      // Who did it and its cost open without script, and go to the home's care record.
      await page.getByText(careRecordLabels.details).click();
      await page.getByRole('textbox', { name: careRecordLabels.proName }).fill('Rivera Heating');
      await page.getByRole('textbox', { name: careRecordLabels.cost }).fill('$1,120.50');
      await page.getByRole('button', { name: 'Mark as done' }).click();
      await expect(page.getByRole('status')).toContainText('Thank you: the task is marked as done.');
      expect(await replyCount()).toBe(before + 1);
      const [row] = await portal.query<{ note: string; source: string }>(
        'select note, source from reminder_answers where subscription_id = $1',
        [forDone!.id],
      );
      expect(row?.note).toBe('Posted as a plain form');
      const [entry] = await portal.query<{ done_by: string; pro_name: string; cost_cents: number }>(
        `select e.done_by, e.pro_name, e.cost_cents from home_care_entries e
           join reminder_answers a on a.tenant_id = e.tenant_id and a.id = e.reply_id
          where a.subscription_id = $1`,
        [forDone!.id],
      );
      expect(entry).toEqual({ done_by: 'pro', pro_name: 'Rivera Heating', cost_cents: 112050 });
      await page.screenshot({ path: path.join(shots, 'answer-done-no-script-390.png'), fullPage: true });

      // Help, too: the realtor's mailbox receives it.
      await page.goto(forHelp!.links.help);
      await page.getByLabel('Note (optional)').fill('Sent without the page script');
      await page.getByRole('button', { name: 'Send my request' }).click();
      await expect(page.getByRole('status')).toContainText('Your request has been sent.');
      const help = await mailTo(
        portal,
        'realtor@acme.test',
        (mail) => mail.text.includes('Sent without the page script'),
        30_000,
      );
      expect(help.text).toContain(`Email: ${forHelp!.email}`);
    });
  });
});
