import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { careRecordLabels as labels } from '@homeminder/shared/contracts/care-record';
import { readPdf } from '../apps/api/src/test/pdf';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { appUrl, createSignIn, expect, login, test, untilHydrated } from './fixtures';
import { invitedHomeowner, realtorOnClient } from './homes';
import { mailPortalForJourneys, mailTo, pageOnPortal } from './mail-portal';
import { linkIn } from './outbox';

/**
 * A home handed to its next owner (docs/decisions/096), on a portal with a real SMTP server and a
 * clock the test moves: the homeowner records a new water heater; her realtor marks the home sold;
 * on the closing date the buyer is invited, registers on a phone and finds the home's record, and
 * the seller gets the report by email and keeps it on My home, without the home.
 */

const shots = shotsFolder('home-profile');
const portal = mailPortalForJourneys({ movableClock: true });
const password = 'Paula-Home2026!';

/** The corporation's date (Acme keeps New York's time) `days` from now. */
const acmeDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test('a sold home passes to its buyer on the closing date, with its record; the seller keeps the report', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { home, email, lastName, id } = await invitedHomeowner(portal, browser, {
    first: 'sally',
    last: 'Seller',
    line: '14 Sale Street',
  });
  const buyerEmail = `bo.${id}@example.org`;

  // The homeowner records a new water heater, by a plumber, with its cost.
  const record = home.getByRole('region', { name: 'Your care record' });
  await record.getByRole('button', { name: 'Record work' }).click();
  const form = home.getByRole('form', { name: 'Record work on the home' });
  await form.getByRole('textbox', { name: labels.title }).fill('Replaced the water heater');
  await form.getByRole('textbox', { name: labels.cost }).fill('2,400');
  await form.getByRole('textbox', { name: labels.proName }).fill('Blue Pipe Plumbing');
  await form.getByRole('button', { name: 'Save to the record' }).click();
  await expect(form).toBeHidden();
  await expect(record).toContainText('Replaced the water heater');

  // Her realtor marks the home sold, closing tomorrow, to a buyer with Ray Reyes as his realtor.
  const { realtor, details } = await realtorOnClient(portal, browser, lastName, email);
  await details.getByRole('button', { name: 'Mark 14 Sale Street, Portland, OR 97205 as sold' }).click();
  const dialog = realtor.getByRole('dialog', { name: /^Mark 14 Sale Street/ });
  const sale = dialog.getByRole('form', { name: /^Sale of 14 Sale Street/ });
  await sale.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(sale.getByText('Give the closing date.')).toBeVisible();
  await sale.getByLabel('Closing date').fill(acmeDay(1));
  await sale.getByRole('textbox', { name: "Buyer's first name" }).fill('Bo');
  await sale.getByRole('textbox', { name: "Buyer's last name" }).fill(`Buyer${id}`);
  await sale.getByRole('textbox', { name: "Buyer's email" }).fill(buyerEmail);
  await sale.getByRole('combobox', { name: "Buyer's realtor" }).click();
  await realtor.getByRole('option', { name: 'Ray Reyes' }).click();
  await checkAtWidths(realtor, 'sale-dialog', { shotsDir: shots });
  await sale.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(dialog).toBeHidden();
  const marked = details.getByRole('alert', { name: /^Sold: passes to its buyer on / });
  await expect(marked).toBeVisible();
  await expect(marked).toContainText(`Bo Buyer${id} (${buyerEmail}) · Buyer's realtor: Ray Reyes`);
  await expect(details.getByRole('region', { name: 'Activity' })).toContainText('Marked a home sold');
  await checkAtWidths(realtor, 'sale-marked', { shotsDir: shots });

  // The seller is told on My home.
  await home.reload();
  await expect(home.getByRole('alert').filter({ hasText: 'This home is sold' })).toContainText(
    'it passes to its buyer',
  );

  // The closing date comes.
  await portal.moveClock(2 * 86_400_000);

  // The buyer is invited, registers on a phone and finds the home's record.
  const invitation = await mailTo(
    portal,
    buyerEmail,
    (mail) => mail.subject === 'The care record of 14 Sale Street, Portland, OR 97205 is waiting for you',
    120_000,
  );
  expect(invitation.text).toContain('Congratulations on your new home.');
  const buyer = await pageOnPortal(portal, browser);
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.goto(linkIn(invitation, 'register'));
  await untilHydrated(buyer);
  await createSignIn(buyer, 'Bo-NewHome2026!');
  await expect(buyer).toHaveURL(appUrl('/my-home'));
  await expect(buyer.getByRole('region', { name: /14 Sale Street/ })).toBeVisible();
  const buyerRecord = buyer.getByRole('region', { name: 'Your care record' });
  await expect(buyerRecord).toContainText('Replaced the water heater');
  await expect(buyerRecord).toContainText('By Blue Pipe Plumbing');
  await checkAtWidths(buyer, 'sale-buyer-my-home', { shotsDir: shots, widths: phoneFirst });

  // The seller's email carries the report as it stood at the closing.
  await mailTo(
    portal,
    email,
    (mail) => mail.subject.startsWith('Your home report of 14 Sale Street'),
    60_000,
  );
  const raw = portal.received.find(
    (mail) => mail.to.includes(email) && mail.raw.includes('Your home report'),
  );
  const attachment = (await simpleParser(raw!.raw)).attachments[0]!;
  expect(attachment.filename).toBe('Home report - 14 Sale Street.pdf');
  expect(readPdf(attachment.content).text).toContain('Replaced the water heater');

  // Her session ended with the days gone by; signed in again, she keeps the report, not the home.
  await login(home, email, password);
  await expect(home).toHaveURL(appUrl('/my-home'));
  await expect(home.getByRole('region', { name: /14 Sale Street, Portland/ })).toHaveCount(0);
  const sold = home.getByRole('region', { name: 'Homes you sold' });
  await expect(sold).toContainText('14 Sale Street, Portland, OR 97205');
  await checkAtWidths(home, 'sale-seller-my-home', { shotsDir: shots, widths: phoneFirst });
  const downloading = home.waitForEvent('download');
  await sold.getByRole('button', { name: /Download the home report of 14 Sale Street/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Home report - 14 Sale Street.pdf');
  expect(readPdf(readFileSync(await download.path())).text).toContain('Blue Pipe Plumbing');
});
