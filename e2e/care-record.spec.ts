import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { careRecordLabels as labels } from '@homeminder/shared/contracts/care-record';
import { readPdf } from '../apps/api/src/test/pdf';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, test } from './fixtures';
import { invitedHomeowner, realtorOnClient, smallPhoto } from './homes';
import { mailPortalForJourneys } from './mail-portal';

/**
 * A home's care record (docs/decisions/094), on a phone: the homeowner marks a reminder done with
 * the professional who did it and its cost, keeps the receipt's photo, and records a new water
 * heater, whose age starts again; the realtor sees the same record in the client's details.
 */

const shots = shotsFolder('home-profile');
const portal = mailPortalForJourneys();

const checkAtBothSizes = (page: Page, name: string) =>
  checkAtWidths(page, name, { shotsDir: shots, widths: phoneFirst });

test('a homeowner keeps a care record on a phone: a Done with its professional, cost and receipt, and a new water heater', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'rory',
    last: 'Record',
    line: '21 Record Road',
  });
  const section = home.getByRole('region', { name: /21 Record Road/ });
  const record = home.getByRole('region', { name: 'Your care record' });
  await expect(record).toContainText('Every reminder you mark done is kept here.');

  // "Done", with who did it and what it cost.
  await section.getByRole('button', { name: 'Done', exact: true }).first().click();
  const done = home.getByRole('dialog', { name: 'Mark "Replace HVAC filter" as done' });
  await done.getByText(labels.details).click();
  await done.getByRole('textbox', { name: labels.proName }).fill('Rivera Heating');
  await done.getByRole('textbox', { name: labels.proPhone }).fill('555 201 3344');
  await done.getByRole('textbox', { name: labels.cost }).fill('185.50');
  await checkAtBothSizes(home, 'care-done-details');
  await done.getByRole('button', { name: 'Mark as done' }).click();
  await expect(done).toBeHidden();
  const filterEntry = record.getByRole('listitem').filter({ hasText: 'Replace HVAC filter' });
  await expect(filterEntry).toContainText('By Rivera Heating · (555) 201-3344');
  await expect(filterEntry).toContainText('$185.50');
  await expect(filterEntry).toContainText('From a reminder marked done');

  // The receipt's photo, kept with the entry.
  const chooser = home.waitForEvent('filechooser');
  await filterEntry.getByRole('button', { name: 'Add a photo or receipt' }).click();
  await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: smallPhoto });
  await expect(filterEntry.getByRole('img', { name: 'receipt.png, of "Replace HVAC filter"' })).toBeVisible();

  // A water heater of 2010, then its replacement recorded by hand: its age starts again.
  const systems = home.getByRole('region', { name: 'Your systems and appliances' });
  await systems.getByRole('button', { name: 'Add a system or appliance' }).click();
  const adding = home.getByRole('form', { name: 'Add a system or appliance' });
  await adding.getByRole('combobox', { name: 'What is it?' }).click();
  await home.getByRole('option', { name: 'Water heater' }).click();
  await adding.getByRole('radio', { name: 'Tank, gas' }).check();
  await adding.getByRole('textbox', { name: 'Year installed' }).fill('2010');
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(systems).toContainText(/Installed 2010, 1\d years ago/);
  // The form took the place of the button pressed: the focus goes back to the section, not the page's start.
  await expect(systems).toBeFocused();
  // The plan proposes the water heater's own task.
  await expect(
    home.getByRole('region', { name: "Your home's plan" }).getByRole('list', { name: 'Reminders to add' }),
  ).toContainText('Flush the water heater');
  // The home's health loses points for it, and says so.
  const health = home.getByRole('region', { name: "Your home's health" });
  await expect(health).toContainText('90 out of 100');
  await expect(health.getByRole('list', { name: 'Why it lost points' })).toContainText(
    /−10: Your water heater is 1\d years old, past its typical life/,
  );
  await expect(health).toContainText('What would raise it most: Replace the water heater.');
  await checkAtBothSizes(home, 'health-score');

  await record.getByRole('button', { name: 'Record work' }).click();
  const form = home.getByRole('form', { name: 'Record work on the home' });
  await expect(form.getByRole('heading', { name: 'Record work on the home' })).toBeFocused();
  await form.getByRole('textbox', { name: labels.title }).fill('Replaced the water heater');
  await form.getByRole('textbox', { name: labels.cost }).fill('twelve');
  await form.getByRole('button', { name: 'Save to the record' }).click();
  await expect(form.getByText('The cost must be an amount in dollars')).toBeVisible();
  await form.getByRole('textbox', { name: labels.cost }).fill('2,400');
  await form.getByRole('combobox', { name: labels.system }).click();
  await home.getByRole('option', { name: 'Water heater (Tank, gas)' }).click();
  await form.getByRole('checkbox', { name: labels.replacesSystem }).check();
  await form.getByRole('textbox', { name: labels.proName }).fill('Blue Pipe Plumbing');
  await checkAtBothSizes(home, 'care-record-form');
  await form.getByRole('button', { name: 'Save to the record' }).click();
  await expect(form).toBeHidden();
  await expect(record).toBeFocused();
  const heaterEntry = record.getByRole('listitem').filter({ hasText: 'Replaced the water heater' });
  await expect(heaterEntry).toContainText('Water heater (Tank, gas) · By Blue Pipe Plumbing');
  await expect(heaterEntry).toContainText('$2,400');
  await expect(systems).toContainText(/Installed \w+ 20\d\d, this year/);
  await expect(health).toContainText('100 out of 100');
  await expect(record.getByRole('definition').first()).toContainText('$2,585.502 entries');

  // The record of one system.
  await record.getByRole('combobox', { name: 'Show' }).click();
  await home.getByRole('option', { name: 'Water heater (Tank, gas)' }).click();
  await expect(record.getByRole('listitem')).toHaveCount(1);
  await checkAtBothSizes(home, 'care-record');

  // The home report, a PDF, holds the work with its dates, costs and who did it.
  const downloading = home.waitForEvent('download');
  await record.getByRole('button', { name: 'Download the home report' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Home report - 21 Record Road.pdf');
  const { text, size } = readPdf(readFileSync(await download.path()));
  expect(size).toBe('612 x 792');
  for (const expected of ['Acme Realty', 'Rita Realtor', 'Replace HVAC filter', 'Rivera Heating', '$185.50'])
    expect(text).toContain(expected);
  expect(text).toContain('Replaced the water heater');
  expect(text).toContain('$2,400');
  expect(text).toContain('receipt.png');

  // The realtor sees the same record in the client's details.
  const { realtor, details } = await realtorOnClient(portal, browser, lastName, email);
  const staffRecord = details.getByRole('region', { name: 'Care record' });
  await expect(staffRecord.getByRole('listitem').filter({ hasText: 'Replace HVAC filter' })).toContainText(
    'By Rivera Heating',
  );
  await expect(staffRecord).toContainText('Replaced the water heater');
  await expect(staffRecord.getByRole('img', { name: 'receipt.png, of "Replace HVAC filter"' })).toBeVisible();
  await expect(details.getByRole('region', { name: 'Home health' })).toContainText('100 out of 100');
  await checkAtWidths(realtor, 'care-record-staff', { shotsDir: shots });

  // Home shows the homes of the realtor's clients by health.
  await realtor.goto('.');
  const homes = realtor.getByRole('region', { name: "Homes' health" });
  await expect(homes.getByRole('list', { name: 'Homes by health' })).toContainText('Good');
  await checkAtWidths(realtor, 'homes-health', { shotsDir: shots });
});
