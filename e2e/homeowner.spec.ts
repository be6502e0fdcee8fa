import type { Page } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { appUrl, createSignIn, expect, inviteClientViaApi, test, untilHydrated } from './fixtures';
import { checkAtWidths, seriousViolations } from './axe';
import { mailTo, pageOnPortal, mailPortalForJourneys } from './mail-portal';
import { linkIn } from './outbox';

/**
 * The homeowner's journey (docs/decisions/062), on a portal that sends its mail to a real SMTP
 * server: invited by their realtor, they create a sign-in from the email, sign in on the same Login page as staff and land on their own pages, change a
 * preference, mark a reminder done from their page and find it in their history, subscribe to their
 * calendar and sign out; a staff address is refused.
 */

const runId = Date.now().toString(36);
/** Where the screenshots of the pages go when HOMEOWNER_SHOTS names a folder. */
const shots = process.env['HOMEOWNER_SHOTS'];

/** Checks the page with axe at both sizes, and keeps a picture of each when asked to. */
async function checkAtBothSizes(page: Page, name: string) {
  // The page as it rests: no message of the last change on top.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await checkAtWidths(page, name, { shotsDir: shots });
}

const portal = mailPortalForJourneys();

test('a homeowner registers from the invitation, sees their reminders, changes a preference, subscribes to the calendar and signs out', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await pageOnPortal(portal, browser);
  const email = `hana.${runId}@example.org`;
  const password = 'Hana-Home2026!';

  // The realtor sets the client up with two reminders and invites them.
  await inviteClientViaApi(
    page.request,
    'realtor2@acme.test',
    ['Replace HVAC filter', 'Test smoke and CO detectors'],
    { email, firstName: 'Hana', lastName: `Homeowner${runId}`, line: '12 Porch Light Way' },
  );

  // The homeowner follows the email's link (the realtor worked through the API only).
  const home = page;
  const invitation = await mailTo(portal, email, (mail) => mail.text.includes('/ui/register?token='));
  await home.goto(linkIn(invitation, 'register'));
  await untilHydrated(home);
  await createSignIn(home, password);

  // Registering signs the homeowner in: they land on their own page, told what will come.
  await expect(home).toHaveURL(appUrl('/my-home'));
  await expect(home.getByText('Your HomeMinder sign-in is ready.')).toBeVisible();
  // The homeowner's pages carry the corporation's site name, the one brand name of its emails.
  await expect(home).toHaveTitle('Acme Realty Home Care - My Home');
  await expect(home.getByRole('heading', { name: 'My Home', level: 1 })).toBeVisible();
  const section = home.getByRole('region', { name: /12 Porch Light Way/ });
  const hvac = section.getByRole('listitem', { name: 'Replace HVAC filter' });
  await expect(hvac).toBeVisible();
  await expect(hvac).toContainText(
    /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \w+ \d{1,2}, \d{4}/,
  );
  await expect(home.getByText('Ray Reyes')).toBeVisible();
  await expect(home.getByRole('link', { name: 'Clients' })).toHaveCount(0);
  await checkAtBothSizes(home, 'my-home');

  // "Done" from the page, as the email's link would: the next date moves and History shows it.
  const dateInWords = /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \w+ \d{1,2}, \d{4}/;
  const dueBefore = dateInWords.exec((await hvac.textContent()) ?? '')?.[0];
  const history = section.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Nothing yet.');
  await hvac.getByRole('button', { name: 'Done' }).click();
  const doneDialog = home.getByRole('dialog', { name: 'Mark "Replace HVAC filter" as done' });
  // Forty days ago: the next date counts from then, so it moves whatever the first one was.
  const doneOn = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  await doneDialog.getByLabel('Date done').fill(doneOn);
  await doneDialog.getByLabel('Note (optional)').fill('Used a 16x25 filter');
  expect(await seriousViolations(home), 'the Done dialog').toEqual([]);
  if (shots) await home.screenshot({ path: `${shots}/my-home-done-dialog-1280.png` });
  await doneDialog.getByRole('button', { name: 'Mark as done' }).click();
  await expect(home.getByText(/^Recorded\. Next due /)).toBeVisible();
  await expect(doneDialog).toHaveCount(0);
  await expect.poll(async () => dateInWords.exec((await hvac.textContent()) ?? '')?.[0]).not.toBe(dueBefore);
  const reply = history.getByRole('listitem').first();
  await expect(reply).toContainText('Replace HVAC filter');
  await expect(reply).toContainText('Done');
  await expect(reply).toContainText('Used a 16x25 filter');
  await checkAtBothSizes(home, 'my-home-history');

  // The calendar address, fetched as a calendar program would and read by an iCalendar parser.
  await home.getByRole('button', { name: 'Get my calendar address' }).click();
  const address = await home.getByRole('textbox', { name: 'Your private calendar address' }).inputValue();
  const feed = await home.request.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const events = Object.values(ical.sync.parseICS(await feed.text())).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
  const hvacEvents = events.filter((event) => event.summary === 'Replace HVAC filter');
  expect(hvacEvents.length).toBeGreaterThan(1);
  expect(hvacEvents[0]!.description).toContain('/ui/my-home');
  const lastDay = Math.max(...events.map((event) => event.start.getTime()));
  expect(lastDay).toBeLessThanOrEqual(Date.now() + 367 * 86_400_000);
  await checkAtBothSizes(home, 'my-home-calendar');

  // A preference: one reminder off.
  await home.getByRole('link', { name: 'Preferences' }).click();
  await expect(home).toHaveURL(appUrl('/my-home/preferences'));
  const toggle = home.getByRole('switch', { name: /^Test smoke and CO detectors/ });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(home.getByText('The "Test smoke and CO detectors" reminder is off.').first()).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await checkAtBothSizes(home, 'my-preferences');
  await home.getByRole('link', { name: 'My home' }).click();
  await expect(
    section.getByRole('listitem', { name: 'Test smoke and CO detectors' }).getByText('Turned off'),
  ).toBeVisible();

  // A paused home and stopped emails: the page says so, and what to do.
  await home.getByRole('link', { name: 'Preferences' }).click();
  await home.getByRole('button', { name: 'Pause this home' }).click();
  await home.getByRole('dialog').getByRole('button', { name: 'Pause this home' }).click();
  await expect(home.getByRole('button', { name: 'Resume reminders' })).toBeVisible();
  await home.getByRole('button', { name: 'Stop all reminder emails' }).click();
  await home.getByRole('dialog').getByRole('button', { name: 'Stop all reminder emails' }).click();
  await expect(home.getByRole('button', { name: 'Start reminder emails again' })).toBeVisible();
  await home.getByRole('link', { name: 'My home' }).click();
  await expect(section.getByText('Reminders for this home are paused')).toBeVisible();
  await expect(home.getByText('You have stopped all reminder emails')).toBeVisible();
  await checkAtBothSizes(home, 'my-home-paused');
  await home.getByRole('link', { name: 'Start reminder emails again' }).click();
  await home.getByRole('button', { name: 'Start reminder emails again' }).click();
  await home.getByRole('button', { name: 'Resume reminders' }).click();
  await expect(home.getByRole('button', { name: 'Pause this home' })).toBeVisible();
  await expect(home.getByRole('button', { name: 'Stop all reminder emails' })).toBeVisible();

  // A staff address typed by the homeowner opens Access Denied.
  await home.goto('clients');
  await expect(home).toHaveURL(appUrl('/access-denied?from=%2Fclients'));
  await expect(home.getByRole('heading', { name: /access denied/i })).toBeVisible();

  // Signing out ends the session on the server too.
  await home.goto('my-home');
  await home.getByRole('link', { name: 'Sign out' }).click();
  await expect(home).toHaveURL(appUrl('/login'));
  await page.context().close();
});
