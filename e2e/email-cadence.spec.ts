import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { monthlyEmailDue } from '@homeminder/shared/email-cadence';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, test } from './fixtures';
import { invitedHomeowner, needsAttentionRow, nextDueAt, realtorOnClient, setDue } from './homes';
import { mailPortalForJourneys, mailTo, pageOnPortal, type ParsedMail } from './mail-portal';

/**
 * Fewer emails (docs/decisions/103), on a portal that sends to a real SMTP server and whose clock
 * the test moves: a homeowner chooses one email a month on her phone and, on the first Saturday,
 * gets one email with her three tasks, the overdue one first, whose Done links each record their
 * task. A client who left six reminders unanswered gets no more single reminders and shows to the
 * realtor as not answering; a Done restores them.
 */

const shots = shotsFolder('email-cadence');
const zone = 'America/New_York';
const dayMs = 86_400_000;
const portal = mailPortalForJourneys({ movableClock: true });
const tasks = ['Replace HVAC filter', 'Test smoke and CO detectors', 'Clean gutters and downspouts'];

let serverNow = Date.now();
const moveTo = async (at: number) => {
  await portal.moveClock(at - serverNow);
  serverNow = at;
};

async function subjectsTo(address: string): Promise<string[]> {
  const subjects = [];
  for (const raw of portal.received.filter((one) => one.to.includes(address)))
    subjects.push((await simpleParser(raw.raw)).subject ?? '');
  return subjects;
}

async function doneVia(browser: Browser, mail: ParsedMail, task: string) {
  const part = mail.text.slice(mail.text.indexOf(task));
  const link = /https?:\/\/\S+\/ui\/(answer\/done\?token=[\w%-]+)/.exec(part);
  expect(link, part).toBeTruthy();
  const page = await pageOnPortal(portal, browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link![1]!);
  await expect(page.getByText(task).first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you: the task is marked as done.');
  await page.context().close();
}

test('one email a month with three tasks, overdue first, whose links each record their task', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { home, email } = await invitedHomeowner(
    portal,
    browser,
    { first: 'mona', last: 'Monthly', line: '7 Calendar Court' },
    tasks,
  );
  for (const task of tasks)
    await setDue(portal, email, { task: task, next: new Date(serverNow + 200 * dayMs) });

  // This month's email is behind her: the test waits for next month's.
  await portal.query('update client_users set monthly_sent_for = $2 where email = $1', [
    email,
    monthlyEmailDue(new Date(serverNow), zone).month,
  ]);
  await home.getByRole('link', { name: 'Preferences' }).click();
  const cadence = home.getByRole('radiogroup', { name: 'How often to email me' });
  await cadence.getByRole('radio', { name: 'One email a month' }).click();
  await expect(home.getByText('Done. From now on: one email a month.')).toBeVisible();
  await expect(cadence.getByRole('radio', { name: 'One email a month' })).toBeChecked();
  await checkAtWidths(home, 'cadence-choice', { shotsDir: shots, widths: phoneFirst });

  // The first Saturday of next month, a minute after 9:00 in New York.
  const sendsAt = monthlyEmailDue(new Date(serverNow), zone).coversUntil.getTime();
  await setDue(portal, email, {
    task: tasks[2]!,
    next: new Date(sendsAt + 80 * dayMs),
    passed: new Date(sendsAt - 6 * dayMs),
  });
  await setDue(portal, email, { task: tasks[0]!, next: new Date(sendsAt + 4 * dayMs) });
  await setDue(portal, email, { task: tasks[1]!, next: new Date(sendsAt + 12 * dayMs) });
  await moveTo(sendsAt + 60_000);

  const monthly = await mailTo(portal, email, (mail) => / home maintenance: /.test(mail.subject), 120_000);
  expect(monthly.subject).toMatch(/^Your \w+ home maintenance: 3 tasks, 1 overdue$/);
  const positions = [tasks[2]!, tasks[0]!, tasks[1]!].map((task) => monthly.text.indexOf(task));
  expect(positions.every((at) => at >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(monthly.text).toContain(`OVERDUE: ${tasks[2]}`);

  mkdirSync(shots, { recursive: true });
  const reader = await browser.newPage();
  for (const width of [390, 600]) {
    await reader.setViewportSize({ width, height: 900 });
    await reader.setContent(monthly.html);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await reader.screenshot({ path: path.join(shots, `monthly-email-${width}.png`), fullPage: true });
  }
  await reader.close();

  for (const task of tasks) await doneVia(browser, monthly, task);
  const done = await portal.query<{ name: string }>(
    `select r.name from reminder_answers a join reminders r on r.id = a.reminder_id
       join client_users c on c.tenant_id = a.tenant_id and c.id = a.client_user_id
      where c.email = $1 and a.kind = 'done' order by r.name`,
    [email],
  );
  expect(done.map((row) => row.name)).toEqual([...tasks].sort());
  // Nothing else came: one email, not three.
  expect(
    (await subjectsTo(email)).filter((subject) => /^(Coming up|Reminder|Still to do|Your )/.test(subject)),
  ).toEqual([monthly.subject]);
});

test('a client who answers nothing hears monthly, shows as not answering, and a Done restores them', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'quinn',
    last: 'Quiet',
    line: '9 Silent Street',
  });
  await home.context().close();
  // Five reminders went unanswered already; the sixth goes now.
  await portal.query(`update client_users set unanswered_reminders = 5 where email = $1`, [email]);
  const subscription = await setDue(portal, email, { task: tasks[0]!, next: new Date(serverNow - 60_000) });
  const sixth = await mailTo(portal, email, (mail) => mail.subject.startsWith('Reminder: '), 60_000);
  const counted = async () =>
    (
      await portal.query<{ unanswered_reminders: number }>(
        'select unanswered_reminders from client_users where email = $1',
        [email],
      )
    )[0]!.unanswered_reminders;
  await expect.poll(counted, { timeout: 30_000 }).toBe(6);

  // Now quiet, the next due date sends no single reminder.
  await setDue(portal, email, { task: tasks[0]!, next: new Date(serverNow - 30_000) });
  await expect.poll(() => nextDueAt(portal, subscription), { timeout: 30_000 }).toBeGreaterThan(serverNow);
  expect((await subjectsTo(email)).filter((subject) => subject.startsWith('Reminder: '))).toHaveLength(1);

  // Her realtor sees it on Home and in her details.
  const { realtor, details } = await realtorOnClient(portal, browser, lastName, email);
  await expect(details.getByText(/No answer to the last 6 reminders/)).toBeVisible();
  await realtor.keyboard.press('Escape');
  await realtor.getByRole('link', { name: 'Home', exact: true }).first().click();
  const row = needsAttentionRow(realtor, lastName);
  await expect(row).toContainText('Not answering reminders');
  await checkAtWidths(realtor, 'quiet-client-home', { shotsDir: shots, widths: phoneFirst });

  // A Done on the last reminder she got restores her.
  await doneVia(browser, sixth, tasks[0]!);
  expect(await counted()).toBe(0);
  await realtor.reload();
  await expect(realtor.getByRole('region', { name: 'Needs attention' })).not.toContainText(lastName);
});
