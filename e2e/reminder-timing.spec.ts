import { simpleParser } from 'mailparser';
import { untilLocalTime } from '../apps/api/src/test/clock';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, test } from './fixtures';
import { invitedHomeowner, nextDueAt, realtorOnClient, setDue } from './homes';
import { mailPortalForJourneys, pageOnPortal, type ParsedMail } from './mail-portal';

/**
 * When reminders go (docs/decisions/102), on a portal that sends to a real SMTP server, keeps the
 * quiet hours and whose clock the test moves: a homeowner chooses "1 week before" on her phone;
 * her reminder, claimed at 22:00, waits until 8:00 and arrives a week ahead; nothing more comes on
 * the day; a week after it, with no reply, one nudge comes (again not before 8:00), and its Done
 * link records the task. Her realtor finds the choice in her details and changes it.
 */

const shots = shotsFolder('reminder-timing');
const zone = 'America/New_York';
const dayMs = 86_400_000;
const portal = mailPortalForJourneys({ movableClock: true, env: { QUIET_HOURS: 'on' } });

test('a reminder a week ahead, held through the night, then one nudge; its Done link records the task', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'tia',
    last: 'Timing',
    line: '5 Early Lane',
  });
  // Until the test says when, nothing of hers is due for months.
  await setDue(portal, email, { next: new Date(Date.now() + 200 * dayMs) });

  // On her phone she chooses to hear a week before.
  await home.getByRole('link', { name: 'Preferences' }).click();
  const timing = home.getByRole('radiogroup', { name: 'When to remind me' });
  await timing.getByRole('radio', { name: '1 week before' }).click();
  await expect(home.getByText('Reminders for this home will now come 1 week before.')).toBeVisible();
  await expect(timing.getByRole('radio', { name: '1 week before' })).toBeChecked();
  await checkAtWidths(home, 'reminder-timing-choice', { shotsDir: shots, widths: phoneFirst });

  // The server's clock moves to 22:00 in New York; her filter is due a week later, at 21:59.
  let serverNow = Date.now();
  const moveTo = async (ms: number) => {
    await portal.moveClock(ms);
    serverNow += ms;
  };
  await moveTo(untilLocalTime(new Date(serverNow), zone, 22));
  const due = new Date(serverNow + 7 * dayMs - 60_000);
  const subscription = await setDue(portal, email, { next: due });

  // Queued at night, it waits in the outbox for 8:00.
  const outbox = () =>
    portal.query<{ kind: string; status: string; next_attempt_at: Date }>(
      'select kind, status, next_attempt_at from email_outbox where subscription_id = $1 order by created_at',
      [subscription],
    );
  await expect.poll(async () => (await outbox()).length, { timeout: 30_000 }).toBe(1);
  const [held] = await outbox();
  expect(held!.status).toBe('pending');
  expect(hourIn(held!.next_attempt_at)).toBe(8);
  await home.waitForTimeout(6_000);
  expect(await remindersTo(email)).toHaveLength(0);

  // At 8:00 it goes: a week ahead, saying when.
  await moveTo(untilLocalTime(new Date(serverNow), zone, 8));
  await expect.poll(async () => (await remindersTo(email)).length, { timeout: 60_000 }).toBe(1);
  const [ahead] = await remindersTo(email);
  expect(ahead!.subject).toBe('Coming up: Replace HVAC filter at 5 Early Lane');
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' }).format(due);
  expect(ahead!.text).toMatch(new RegExp(`Due this ${weekday}, `));

  // The due day passes without a second email.
  await moveTo(due.getTime() + 120_000 - serverNow);
  await expect
    .poll(() => nextDueAt(portal, subscription), { timeout: 30_000 })
    .toBeGreaterThan(due.getTime());
  expect(await remindersTo(email)).toHaveLength(1);

  // A week after the due date nobody has replied: the nudge, held to 8:00 as well.
  await moveTo(due.getTime() + 7 * dayMs + 120_000 - serverNow);
  await expect.poll(async () => (await outbox()).length, { timeout: 30_000 }).toBe(2);
  const nudgeQueued = (await outbox())[1]!;
  expect(nudgeQueued.kind).toBe('reminder-nudge');
  expect(hourIn(nudgeQueued.next_attempt_at)).toBe(8);
  expect(await remindersTo(email)).toHaveLength(1);
  await moveTo(untilLocalTime(new Date(serverNow), zone, 8));
  await expect.poll(async () => (await remindersTo(email)).length, { timeout: 60_000 }).toBe(2);
  const nudge = (await remindersTo(email))[1]!;
  expect(nudge.subject).toBe('Still to do: Replace HVAC filter at 5 Early Lane');

  // Its Done link answers the week-old date.
  const done = /https?:\/\/\S+\/ui\/(answer\/done\?token=[\w%-]+)/.exec(nudge.text);
  expect(done, nudge.text).toBeTruthy();
  const answer = await pageOnPortal(portal, browser);
  await answer.setViewportSize({ width: 390, height: 844 });
  await answer.goto(done![1]!);
  await answer.getByRole('button', { name: 'Mark as done' }).click();
  await expect(answer.getByRole('status')).toContainText('Thank you: the task is marked as done.');

  // Her realtor sees the choice in her details, and may change it.
  const { realtor, details } = await realtorOnClient(portal, browser, lastName, email);
  const staffChoice = details.getByRole('radiogroup', { name: 'When reminders are sent' });
  await expect(staffChoice.getByRole('radio', { name: '1 week before' })).toBeChecked();
  await staffChoice.getByRole('radio', { name: '3 days before' }).click();
  await expect(realtor.getByText('Reminders for this home will now come 3 days before.')).toBeVisible();
  await checkAtWidths(realtor, 'reminder-timing-staff', { shotsDir: shots, widths: phoneFirst });
  const [chosen] = await portal.query<{ reminder_lead_days: number }>(
    'select p.reminder_lead_days from properties p join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id where c.email = $1',
    [email],
  );
  expect(chosen!.reminder_lead_days).toBe(3);
});

function hourIn(instant: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(instant),
  );
}

/** The reminder emails the SMTP server took for the address, oldest first. */
async function remindersTo(address: string): Promise<ParsedMail[]> {
  const mails: ParsedMail[] = [];
  for (const raw of portal.received.filter((one) => one.to.includes(address))) {
    const parsed = await simpleParser(raw.raw);
    const mail = { subject: parsed.subject ?? '', text: parsed.text ?? '', html: String(parsed.html) };
    if (/^(Coming up|Reminder|Still to do): /.test(mail.subject)) mails.push(mail);
  }
  return mails;
}
