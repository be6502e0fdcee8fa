import path from 'node:path';
import type { Page } from '@playwright/test';
import { attentionDigestHour } from '@homeminder/shared/constants';
import { untilLocalTime } from '../apps/api/src/test/clock';
import { checkAtWidths, shotsFolder } from './axe';
import {
  apiLogin,
  appUrl,
  createSignIn,
  defaultSubscriptions,
  expect,
  loginToHome,
  setupClientViaApi,
  test,
  untilHydrated,
} from './fixtures';
import { mailTo, pageOnPortal, mailPortalForJourneys } from './mail-portal';
import { linkIn } from './outbox';

/**
 * Realtors see who needs them (docs/decisions/063), on a portal that sends its mail to a real SMTP
 * server and whose clock the test moves: a homeowner asks for help from a reminder email, the
 * realtor's Home lists it within a minute, the realtor marks it handled with a note, it leaves the
 * list and shows in the client's Activity and on the homeowner's page; the next morning's digest
 * lists what is still open.
 */

const shots = shotsFolder('attention');
const runId = Date.now().toString(36);

const portal = mailPortalForJourneys({ movableClock: true });

const checkAtBothSizes = (page: Page, name: string) => checkAtWidths(page, name, { shotsDir: shots });

test('a help request reaches the realtor, is handled with a note, and the next morning digest lists what is still open', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const realtorEmail = 'realtor@acme.test';
  const hana = { email: `hana.${runId}@example.org`, firstName: 'Hana', lastName: `Helpme${runId}` };
  const omar = { email: `omar.${runId}@example.org`, firstName: 'Omar', lastName: `Openend${runId}` };
  const password = 'Hana-Home2026!';

  // The realtor sets up two clients, one reminder each, and invites Hana.
  const realtorPage = await pageOnPortal(portal, browser);
  const { token } = await apiLogin(realtorPage.request, realtorEmail);
  const headers = { Authorization: `Bearer ${token}` };
  const subscriptions = await defaultSubscriptions(realtorPage.request, token, [
    'Clean gutters and downspouts',
  ]);
  const clientIds: string[] = [];
  for (const [client, line] of [
    [hana, '12 Porch Light Way'],
    [omar, '40 Open End Road'],
  ] as const) {
    const setUp = await setupClientViaApi(realtorPage.request, token, {
      ...client,
      line,
      subscriptions,
    });
    expect(setUp.status(), await setUp.text()).toBe(201);
    clientIds.push(((await setUp.json()) as { id: string }).id);
  }
  const invited = await realtorPage.request.post(`api/clients/invite/${clientIds[0]}`, { headers });
  expect(invited.status(), await invited.text()).toBe(202);

  // Hana makes her sign-in from the invitation email.
  const home = await pageOnPortal(portal, browser);
  const invitation = await mailTo(portal, hana.email, (mail) => mail.text.includes('/ui/register?token='));
  await home.goto(linkIn(invitation, 'register'));
  await untilHydrated(home);
  await createSignIn(home, password);
  await expect(home).toHaveURL(appUrl('/my-home'));

  // Both reminders fall due now; the dispatcher emails them.
  await portal.query(
    `update reminder_subscriptions s set next_due_at = now() - interval '1 minute'
       from properties p where p.tenant_id = s.tenant_id and p.id = s.property_id and p.client_user_id = any($1)`,
    [clientIds],
  );
  const helpLink = async (address: string) => {
    const reminder = await mailTo(portal, address, (mail) => mail.text.includes('/ui/answer/help?token='));
    return /https?:\/\/\S+\/ui\/answer\/help\?token=[\w%-]+/.exec(reminder.text)![0];
  };

  // The realtor is on Home when the request comes.
  await loginToHome(realtorPage, realtorEmail);
  const card = realtorPage.getByRole('region', { name: 'Needs attention' });
  await expect(card).toBeVisible();
  // A desk's width shows the list as a table, a row a client.
  const rowOf = (client: { lastName: string }) => card.getByRole('row').filter({ hasText: client.lastName });
  await expect(rowOf(hana)).toHaveCount(0);

  // Hana asks for help from her reminder email.
  await home.goto(await helpLink(hana.email));
  await home.getByLabel('Note (optional)').fill('Water comes over the gutter at the back');
  await home.getByRole('button', { name: 'Send my request' }).click();
  await expect(home.getByRole('status')).toContainText('Your request has been sent.');

  // Within a minute, without reloading, the realtor's Home lists her, with why, since when and how to reach her.
  const hanaRow = rowOf(hana);
  await expect(hanaRow).toBeVisible({ timeout: 75_000 });
  await expect(hanaRow).toContainText('Asked for help');
  await expect(hanaRow).toContainText('Asked today');
  await expect(hanaRow).toContainText('Water comes over the gutter at the back');
  await expect(hanaRow.getByRole('link', { name: hana.email })).toHaveAttribute(
    'href',
    `mailto:${hana.email}`,
  );
  await checkAtBothSizes(realtorPage, 'home-needs-attention');

  // Omar asks too; his request stays open.
  const omarPage = await pageOnPortal(portal, browser);
  await omarPage.goto(await helpLink(omar.email));
  await omarPage.getByRole('button', { name: 'Send my request' }).click();
  await expect(omarPage.getByRole('status')).toContainText('Your request has been sent.');

  // The realtor calls Hana and marks her request handled, with a note.
  await hanaRow.getByRole('button', { name: 'Mark handled' }).click();
  const dialog = realtorPage.getByRole('dialog', { name: 'Mark the help request handled' });
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(dialog.getByText('Say what was done, in a few words.')).toBeVisible();
  await checkAtBothSizes(realtorPage, 'mark-handled-dialog');
  await dialog.getByLabel('What was done?').fill('Called her; the gutter man comes Monday');
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(
    realtorPage.getByText(`Marked handled. Hana ${hana.lastName}'s request is off the list.`),
  ).toBeVisible();
  await expect(hanaRow).toHaveCount(0);
  await expect(rowOf(omar)).toBeVisible({ timeout: 75_000 });

  // Hana's Activity says who handled it, when and how.
  await realtorPage.goto(`clients?q=${encodeURIComponent(hana.lastName)}`);
  const rows = realtorPage.getByRole('table', { name: 'Clients' }).locator('tbody tr');
  await rows.filter({ hasText: hana.email }).first().getByRole('button').click();
  const activity = realtorPage
    .getByRole('dialog', { name: 'Client details' })
    .getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText('Help handled');
  await expect(activity).toContainText('by Rita Realtor');
  await expect(activity).toContainText('Called her; the gutter man comes Monday');
  await expect(activity).toContainText('Help asked');

  // Hana's own page says her realtor has it in hand.
  await home.goto('my-home');
  const history = home.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Help asked');
  await expect(history).toContainText('Your realtor has this in hand since');
  await checkAtBothSizes(home, 'my-home-help-in-hand');

  // The next time the digest hour begins in the corporation's zone: the digest lists Omar, not Hana.
  // The hour's start, never a minute within it: a portal started within the hour has already
  // decided today's digest.
  const before = portal.received.length;
  await portal.moveClock(untilLocalTime(new Date(), 'America/New_York', attentionDigestHour));
  const digest = await mailTo(
    portal,
    realtorEmail,
    (mail) => / need(s)? your attention$/.test(mail.subject) && mail.text.includes(omar.lastName),
    90_000,
  );
  expect(portal.received.length).toBeGreaterThan(before);
  expect(digest.text).toContain(`Omar ${omar.lastName}: Asked for help`);
  expect(digest.text).not.toContain(hana.lastName);
  expect(digest.text).toContain('Manage My Account');
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.setContent(digest.html);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: path.join(shots, 'digest-email-390.png'), fullPage: true });
});
