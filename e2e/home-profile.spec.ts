import type { Page } from '@playwright/test';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, test, untilHydrated } from './fixtures';
import { invitedHomeowner, realtorOnClient, smallPhoto } from './homes';
import { mailPortalForJourneys } from './mail-portal';

/**
 * A home's profile and systems (docs/decisions/088 and 089), on a phone: the homeowner invited by
 * their realtor answers about their home a step at a time from My home, leaves it half done and
 * finishes later, and lists its furnace and water heater; the realtor sees the same in the client's
 * details and changes them, which the homeowner sees.
 */

const shots = shotsFolder('home-profile');
const portal = mailPortalForJourneys();

/** Checked and pictured at a phone's width first, where homeowners meet it, then a desktop's. */
const checkAtBothSizes = (page: Page, name: string) =>
  checkAtWidths(page, name, { shotsDir: shots, widths: phoneFirst });

test('a homeowner answers about their home a step at a time on a phone, and the realtor sees and changes it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const line = '8 Septic Lane';
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'paula',
    last: 'Profile',
    line,
  });

  // My home invites her to tell about the home; nothing is answered yet.
  const section = home.getByRole('region', { name: new RegExp(line) });
  const about = section.getByRole('region', { name: 'About your home' });
  await expect(about).toContainText('0 of 12 answered');
  await about.getByRole('button', { name: 'Tell us about your home' }).click();

  // Step 1: the house. A year that cannot be is refused by the shared rule, beside its field.
  const form = section.getByRole('form', { name: 'About the home' });
  await expect(form.getByRole('heading', { name: 'Step 1 of 4: The house' })).toBeFocused();
  await form.getByRole('radio', { name: 'Single-family house' }).check();
  const year = form.getByRole('textbox', { name: 'What year was it built?' });
  await year.fill('1500');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(form.getByText(/Year built must be a whole number from 1700 to \d{4}\./)).toBeVisible();
  await year.fill('1998');
  await form.getByRole('textbox', { name: 'About how big is it inside?' }).fill('2100');
  await checkAtBothSizes(home, 'profile-step-1');
  await form.getByRole('button', { name: 'Save and continue' }).click();

  // Step 2, then she stops for now: what she gave is kept.
  await expect(form.getByRole('heading', { name: 'Step 2 of 4: Inside' })).toBeVisible();
  await form
    .getByRole('radiogroup', { name: 'What is under the main floor?' })
    .getByRole('radio', { name: 'A basement' })
    .check();
  await form.getByRole('button', { name: 'Finish later' }).click();
  await expect(about).toContainText('4 of 12 answered');
  await expect(about).toBeFocused();
  await expect(about).toContainText('Single-family house');
  await expect(about).toContainText('2,100 sq ft');

  // Later, from a fresh load: she goes on to the end, "not sure" where she does not know.
  await home.reload();
  await untilHydrated(home);
  await about.getByRole('button', { name: 'Continue answering' }).click();
  await expect(form.getByRole('heading', { name: 'Step 1 of 4: The house' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'What year was it built?' })).toHaveValue('1998');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(form.getByRole('heading', { name: 'Step 3 of 4: Outside' })).toBeVisible();
  await form
    .getByRole('radiogroup', { name: 'Is there a pool or a spa?' })
    .getByRole('radio', { name: 'No', exact: true })
    .check();
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(form.getByRole('heading', { name: 'Step 4 of 4: Water and sewer' })).toBeVisible();
  await form.getByRole('radio', { name: 'A private well' }).check();
  await form.getByRole('radio', { name: 'A septic system' }).check();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(about).toContainText('7 of 12 answered');
  await expect(about).toContainText('A septic system');
  await checkAtBothSizes(home, 'profile-answered');

  // The realtor opens Paula's details: the same answers, and changes one.
  const { realtor, details } = await realtorOnClient(portal, browser, lastName, email);
  const staffView = details.getByRole('region', { name: 'About the home' });
  await expect(staffView).toContainText('7 of 12 answered');
  await expect(staffView).toContainText('A private well');
  await staffView.getByRole('button', { name: 'Continue answering' }).click();
  const staffForm = details.getByRole('form', { name: 'About the home' });
  await staffForm.getByRole('button', { name: 'Save and continue' }).click();
  await staffForm
    .getByRole('radiogroup', { name: 'Is there a garage?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await staffForm.getByRole('button', { name: 'Finish later' }).click();
  await expect(staffView).toContainText('8 of 12 answered');
  // The client's Activity lists both: who changed what, before and after.
  const activity = details.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText("Changed a home's profile");
  await expect(activity).toContainText('by Rita Realtor');
  await expect(activity).toContainText('by the homeowner, signed in');
  await expect(activity).toContainText('Garage');
  await checkAtWidths(realtor, 'profile-staff', { shotsDir: shots });

  // Paula sees what her realtor added.
  await home.reload();
  await expect(about).toContainText('8 of 12 answered');
  await expect(about).toContainText('Garage:');
});

test('a homeowner lists their furnace and water heater on a phone, and the realtor sees and changes them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'sam',
    last: 'Systems',
    line: '12 Furnace Road',
  });
  const systems = home.getByRole('region', { name: 'Your systems and appliances' });
  const section = (page: Page) => page.getByRole('region', { name: /12 Furnace Road/ });
  await expect(systems).toContainText('Add your furnace, water heater, roof and appliances');
  await checkAtBothSizes(home, 'systems-empty');

  // The furnace: its type, its year, and a filter size written loosely, refused then kept tidied.
  await systems.getByRole('button', { name: 'Add a system or appliance' }).click();
  const adding = home.getByRole('form', { name: 'Add a system or appliance' });
  await adding.getByRole('radio', { name: 'Gas furnace' }).check();
  await adding.getByRole('textbox', { name: 'Year installed' }).fill('2009');
  const filter = adding.getByRole('textbox', { name: 'Filter size' });
  await filter.fill('sixteen');
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adding.getByText('Write the filter size as width x height x depth')).toBeVisible();
  await filter.fill('16 x 25 x 1');
  await checkAtBothSizes(home, 'systems-form');
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(systems).toContainText('Heating (Gas furnace)');
  await expect(systems).toContainText('filter size 16x25x1');

  // The water heater: another kind asks its own details.
  await systems.getByRole('button', { name: 'Add a system or appliance' }).click();
  await adding.getByRole('combobox', { name: 'What is it?' }).click();
  await home.getByRole('option', { name: 'Water heater' }).click();
  await expect(adding.getByRole('textbox', { name: 'Filter size' })).toHaveCount(0);
  await adding.getByRole('radio', { name: 'Tank, gas' }).check();
  await adding.getByRole('textbox', { name: 'Year installed' }).fill('2013');
  await adding.getByRole('textbox', { name: 'Capacity' }).fill('50');
  await adding.getByRole('textbox', { name: 'Brand' }).fill('Rheem');
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(systems).toContainText('Water heater (Tank, gas)');
  await expect(systems).toContainText('Rheem');
  await expect(systems).toContainText('2 listed');
  await checkAtBothSizes(home, 'systems-listed');

  // The plan made from them: the furnace and the tank call for their own tasks, said why; she confirms.
  const plan = home.getByRole('region', { name: "Your home's plan" });
  await expect(plan).toContainText('Your answers change your plan');
  // Its seasons follow the climate of its ZIP code, said in plain words.
  await expect(plan).toContainText(
    'Climate: Zone 4C, mixed and marine (ZIP code 97205). Seasons here: mild winters.',
  );
  const toAdd = plan.getByRole('list', { name: 'Reminders to add' });
  await expect(toAdd).toContainText('Service heating system');
  await expect(toAdd).toContainText("The home's heating: gas furnace.");
  await expect(toAdd).toContainText('Flush the water heater');
  await expect(plan.getByRole('list', { name: 'Reminders that fit the home' })).toContainText(
    'Filter 16x25x1',
  );
  await checkAtBothSizes(home, 'plan-proposed');
  await plan.getByRole('button', { name: 'Update my plan' }).click();
  await expect(home.getByText('2 reminders added. Their history is kept.')).toBeVisible();
  await expect(plan).not.toContainText('Your answers change your plan');
  await expect(plan.getByRole('list', { name: 'Reminders that fit the home' })).toContainText(
    'Service heating system',
  );
  await expect(section(home)).toContainText('Flush the water heater');

  // The realtor sees both, changes the furnace's filter and removes nothing else.
  const { realtor, details } = await realtorOnClient(portal, browser, lastName, email);
  const staffView = details.getByRole('region', { name: 'Systems and appliances' });
  await expect(staffView).toContainText('Water heater (Tank, gas)');
  await staffView.getByRole('button', { name: 'Change heating (gas furnace)' }).click();
  const changing = details.getByRole('form', { name: 'Change heating (gas furnace)' });
  await changing.getByRole('textbox', { name: 'Filter size' }).fill('20x25x1');
  await changing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staffView).toContainText('filter size 20x25x1');
  const activity = details.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText('Added a system or appliance');
  await expect(activity).toContainText('Changed a system or appliance');
  await expect(activity).toContainText('Filter size');
  await checkAtWidths(realtor, 'systems-staff', { shotsDir: shots });

  // The homeowner sees the change; she removes the water heater.
  await home.reload();
  await expect(systems).toContainText('filter size 20x25x1');
  await systems.getByRole('button', { name: 'Change water heater (tank, gas)' }).click();
  const removing = home.getByRole('form', { name: 'Change water heater (tank, gas)' });
  await removing.getByRole('button', { name: 'Remove' }).click();
  await removing.getByRole('alert').getByRole('button', { name: 'Remove' }).click();
  await expect(systems).toContainText('1 listed');
  await expect(systems).not.toContainText('Water heater');
});

test("a homeowner adds a photo of the furnace's label on a phone, and the realtor sees it too", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'paula.label',
    last: 'Label',
    line: '14 Label Lane',
  });
  const systems = home.getByRole('region', { name: 'Your systems and appliances' });
  await systems.getByRole('button', { name: 'Add a system or appliance' }).click();
  const adding = home.getByRole('form', { name: 'Add a system or appliance' });
  await adding.getByRole('radio', { name: 'Gas furnace' }).check();
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(systems).toContainText('Heating (Gas furnace)');

  // The photo is added from the system's form, at once; the form is then left as it was.
  await systems.getByRole('button', { name: 'Change heating (gas furnace)' }).click();
  const files = home.getByRole('region', { name: 'Label photo and manual' });
  await expect(files.getByRole('button', { name: 'Add label photo' })).toBeVisible();
  await files
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'IMG_0042.png', mimeType: 'image/png', buffer: smallPhoto });
  await expect(files.getByRole('button', { name: 'Replace photo' })).toBeVisible();
  await expect(files.getByRole('img', { name: 'Label of heating (gas furnace)' })).toBeVisible();
  await home.getByRole('button', { name: 'Cancel' }).click();

  // On the card: a small picture that opens larger.
  const thumbnail = systems.getByRole('img', { name: 'Label of heating (gas furnace)' });
  await expect(thumbnail).toBeVisible();
  await checkAtBothSizes(home, 'systems-label-photo');
  await systems.getByRole('button', { name: 'Show the label of heating (gas furnace) larger' }).click();
  const larger = home.getByRole('dialog', { name: 'Label of heating (gas furnace)' });
  await expect(larger.getByRole('img', { name: 'Label of heating (gas furnace)' })).toBeVisible();
  await home.keyboard.press('Escape');
  await expect(larger).toBeHidden();

  // The realtor sees the same photo in the client's details, and the Activity says it was added.
  const { details } = await realtorOnClient(portal, browser, lastName, email);
  const staffView = details.getByRole('region', { name: 'Systems and appliances' });
  await expect(staffView.getByRole('img', { name: 'Label of heating (gas furnace)' })).toBeVisible();
  await expect(details.getByRole('region', { name: 'Activity' })).toContainText('Label photo');
});
