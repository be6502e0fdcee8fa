import type { Page } from '@playwright/test';
import { attentionDigestHour } from '@homeminder/shared/constants';
import { untilLocalTime } from '../apps/api/src/test/clock';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, test } from './fixtures';
import { invitedHomeowner, needsAttentionRow, realtorOnHome } from './homes';
import { mailTo, mailPortalForJourneys } from './mail-portal';

/**
 * A home's systems wearing out (docs/decisions/093), on a portal that sends its mail to a real SMTP
 * server and whose clock the test moves: a homeowner lists an old water heater and her furnace on a
 * phone and is told on the card and once by email; her realtor finds "Likely replacement soon" on
 * Home and in the next morning's digest; her next reminder names the furnace's filter size.
 */

const shots = shotsFolder('home-profile');
const portal = mailPortalForJourneys({ movableClock: true });

const noticeSubject = 'Your water heater may need replacing soon';

/** Adds a system on the homeowner's phone, through the form. */
async function addSystem(home: Page, fill: (form: ReturnType<Page['getByRole']>) => Promise<void>) {
  const systems = home.getByRole('region', { name: 'Your systems and appliances' });
  await systems.getByRole('button', { name: 'Add a system or appliance' }).click();
  const adding = home.getByRole('form', { name: 'Add a system or appliance' });
  await fill(adding);
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adding).toBeHidden();
}

test('an old water heater is told to the homeowner once, listed for the realtor and in the morning digest; the next reminder names the filter', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'walt',
    last: 'Worn',
    line: '8 Tank Lane',
  });

  // The furnace with its filter, and a gas tank water heater of 2010.
  await addSystem(home, async (form) => {
    await form.getByRole('radio', { name: 'Gas furnace' }).check();
    await form.getByRole('textbox', { name: 'Year installed' }).fill('2019');
    await form.getByRole('textbox', { name: 'Filter size' }).fill('16x25x1');
  });
  await addSystem(home, async (form) => {
    await form.getByRole('combobox', { name: 'What is it?' }).click();
    await home.getByRole('option', { name: 'Water heater' }).click();
    await form.getByRole('radio', { name: 'Tank, gas' }).check();
    await form.getByRole('textbox', { name: 'Year installed' }).fill('2010');
  });
  const systems = home.getByRole('region', { name: 'Your systems and appliances' });
  await expect(systems).toContainText(
    /Your water heater is 1\d years old; gas tank water heaters usually last 8 to 12 years: have it checked, and plan for a replacement\./,
  );
  await checkAtWidths(home, 'wear-notice', { shotsDir: shots, widths: phoneFirst });

  // Her realtor's Home lists her, with the reason to call.
  const realtor = await realtorOnHome(portal, browser);
  const row = needsAttentionRow(realtor, lastName);
  await expect(row).toContainText('Likely replacement soon');
  await expect(row).toContainText(
    'The water heater, installed 2010, is near the end of its typical life: likely replacement soon.',
  );
  await checkAtWidths(realtor, 'home-replacement-soon', { shotsDir: shots });

  // The next morning's digest lists her too; by then her own email has gone, once.
  const moved = untilLocalTime(new Date(), 'America/New_York', attentionDigestHour);
  await portal.moveClock(moved);
  const digest = await mailTo(
    portal,
    'realtor@acme.test',
    (mail) => / need(s)? your attention$/.test(mail.subject) && mail.text.includes(lastName),
    90_000,
  );
  expect(digest.text).toContain(`Paula ${lastName}: The water heater, installed 2010, is near the end`);
  const notice = await mailTo(portal, email, (mail) => mail.subject === noticeSubject, 90_000);
  expect(notice.text).toMatch(
    /Your water heater is 1\d years old; gas tank water heaters usually last 8 to 12/,
  );
  expect(notice.text).toContain('Open My home: ');

  // Her next reminder, when it is due, names the furnace's filter.
  const [due] = await portal.query<{ next_due_at: Date }>(
    `select s.next_due_at from reminder_subscriptions s
       join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
       join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
      where lower(c.email) = $1`,
    [email],
  );
  const untilDue = due!.next_due_at.getTime() - (Date.now() + moved) + 60_000;
  if (untilDue > 0) await portal.moveClock(untilDue);
  const reminder = await mailTo(portal, email, (mail) => mail.text.includes('Filter 16x25x1'), 90_000);
  expect(reminder.subject).toContain('Replace HVAC filter');

  // One notice in all, however many times the servers looked.
  const notices = portal.received.filter(
    (mail) => mail.to.includes(email) && mail.raw.includes(noticeSubject),
  );
  expect(notices).toHaveLength(1);
});
