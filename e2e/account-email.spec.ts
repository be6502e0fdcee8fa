import type { APIRequestContext } from '@playwright/test';
import { accountMessages, invitationsPerRecipientPerHour } from '@homeminder/shared/contracts/account';
import {
  addUserViaApi,
  apiLogin,
  appUrl,
  createSignIn,
  defaultSubscriptions,
  expect,
  inviteClientViaApi,
  login,
  test,
  untilHydrated,
  withScriptOff,
} from './fixtures';
import { seriousViolations } from './axe';
import { latestEmail, linkIn } from './outbox';

/**
 * Account flows that go through email: the email is read from the outbox (no SMTP server in
 * these tests), its link opened in the browser as the recipient would.
 */

const runId = Date.now().toString(36);

/**
 * A Birch realtor of the test's own, so that no other test's sign-in depends on the password:
 * returns their email.
 */
async function realtorOfOurOwn(
  request: APIRequestContext,
  firstName: string,
  lastName: string,
  password: string,
) {
  const email = `${firstName.toLowerCase()}.${runId}@birch.test`;
  const { token: admin } = await apiLogin(request, 'admin@birch.test');
  await addUserViaApi(request, admin, {
    email,
    firstName,
    lastName,
    role: 'Realtor',
    temporaryPassword: password,
  });
  return email;
}

test('forgot password: the email arrives, its link sets a new password once, the old one stops working', async ({
  page,
  expectConsoleErrors,
}) => {
  // A flow over several pages, two sign-ins and three password hashings.
  test.setTimeout(90_000);
  // The old password's refused sign-in and the used link's refusal are logged by the browser.
  expectConsoleErrors(/status of (401|400)/);
  const oldPassword = 'Fay-Forgets7!';
  const newPassword = 'Fay-Remembers8#';
  const email = await realtorOfOurOwn(page.request, 'Fay', 'Forgot', oldPassword);
  const { token: oldSession } = await apiLogin(page.request, email, oldPassword);

  await page.goto('login');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(appUrl('/forgotpassword'));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');

  const mail = await latestEmail(page.request, email, 'password-reset');
  expect(mail.subject).toBe('Reset your HomeMinder password');
  expect(mail.text).toContain('Hello Fay,');
  expect(mail.text).toContain('Birch Homes');
  expect(mail.html).toContain('Choose a new password');
  const link = linkIn(mail, 'reset');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await untilHydrated(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm the new password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page).toHaveURL(appUrl('/login'));
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // Every session of the user ended with the change.
  const ended = await page.request.get('api/id/tenant-details', {
    headers: { Authorization: `Bearer ${oldSession}` },
  });
  expect(ended.status()).toBe(401);

  // The old password fails...
  await login(page, email, oldPassword);
  await expect(page.getByRole('alert').filter({ hasText: 'We could not sign you in' })).toBeVisible();
  await expect(page).toHaveURL(appUrl('/login'));
  // ...and the new one signs in.
  await login(page, email, newPassword);
  await expect(page).toHaveURL(appUrl('/'));
  await expect(page.getByRole('button', { name: /^Account menu for Fay Forgot/ })).toBeVisible();

  // The link worked once: opened again, it says so and offers a new one.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid any more');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(appUrl('/forgotpassword'));
});

test('a realtor invites a client, who creates a sign-in through the link and chooses the reminders', async ({
  page,
  browser,
  baseURL,
  expectConsoleErrors,
}) => {
  // A flow over several pages and two browsers.
  test.setTimeout(90_000);
  // Opened again, the used link is refused (404), an invitation beyond the address's limit too
  // (429), and the browser logs both.
  expectConsoleErrors(/status of 404/);
  expectConsoleErrors(/status of 429.*\/ui\/api\/clients\/invite\//);
  // The client of a realtor no other test signs in as, on a pending property (which needs no license).
  const lastName = `Invitee${runId}`;
  const email = `${lastName.toLowerCase()}@example.org`;
  const { token: realtor } = await apiLogin(page.request, 'realtor@birch.test');
  const headers = { Authorization: `Bearer ${realtor}` };
  const subscriptions = await defaultSubscriptions(page.request, realtor, [
    'Replace HVAC filter',
    'Clean gutters and downspouts',
    'Test smoke and CO detectors',
  ]);
  const setUp = await page.request.put('api/clients/setup', {
    headers,
    data: {
      clientUser: { firstName: 'Ivy', lastName, email, phone: '' },
      property: { line: '7 Invitation Lane', city: 'Portland', state: 'OR', zip: '97205', pending: true },
      subscriptions,
    },
  });
  expect(setUp.status(), await setUp.text()).toBe(201);

  // The realtor opens the client and invites them.
  await login(page, 'realtor@birch.test');
  await expect(page).toHaveURL(appUrl('/'));
  await page.goto('clients');
  await page.getByRole('searchbox', { name: 'Search' }).fill(lastName);
  const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button').click();
  const detail = page.getByRole('dialog', { name: 'Client details' });
  await expect(detail.getByText('No sign-in yet')).toBeVisible();
  await detail.getByRole('button', { name: 'Invite to sign in' }).click();
  await expect(page.getByText(`The invitation is on its way to ${email}.`).first()).toBeVisible();

  // Sent again until the address had its invitations of the hour: the next one is refused, and
  // the screen says why.
  const again = detail.getByRole('button', { name: 'Invite again' });
  for (let sent = 1; sent < invitationsPerRecipientPerHour; sent += 1) {
    await again.click();
    await expect(again).toBeEnabled();
  }
  await again.click();
  const refused = page.getByRole('alert').filter({ hasText: 'The invitation could not be sent' });
  await expect(refused).toContainText(accountMessages.tooManyInvitationsToClient(email, 60));

  const mail = await latestEmail(page.request, email, 'client-invitation');
  expect(mail.subject).toBe('Ben Brooks of Birch Homes set up home maintenance reminders for you');
  expect(mail.text).toContain('Hello Ivy,');
  expect(mail.text).toContain('Birch Homes');
  const link = linkIn(mail, 'register');

  // The client, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Create your sign-in' })).toBeVisible();
  await expect(client.getByText('Ben Brooks of Birch Homes invited you')).toBeVisible();
  await expect(client.getByRole('textbox', { name: 'Name' })).toHaveValue(`Ivy ${lastName}`);
  await expect(client.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(client.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  const choices = client.getByRole('group', { name: 'Reminders to receive' }).getByRole('checkbox');
  await expect(choices).toHaveCount(3);
  for (const choice of await choices.all()) await expect(choice).toBeChecked();
  expect(await seriousViolations(client)).toEqual([]);
  await untilHydrated(client);

  // The shared password rules speak before anything is sent.
  await client.getByRole('textbox', { name: 'Password', exact: true }).fill('Ivyyy-1!a');
  await client.getByRole('textbox', { name: 'Password', exact: true }).blur();
  await expect(
    client.getByText('One or more characters exist in a 3 or more repeating pattern').first(),
  ).toBeVisible();

  const password = 'Ivy-Invited9!';
  await client.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await client.getByRole('textbox', { name: 'Confirm the password' }).fill(password);
  await client.getByRole('checkbox', { name: /^Clean gutters and downspouts/ }).uncheck();
  await client.getByRole('button', { name: 'Create my sign-in' }).click();
  // Registered is signed in: the client lands on their own page, told the reminders they kept.
  await expect(client).toHaveURL(appUrl('/my-home'));
  await expect(
    client.getByText(
      'These reminders will come to you by email when they fall due: Replace HVAC filter, Test smoke and CO detectors.',
    ),
  ).toBeVisible();

  // The link works once.
  await client.goto(link);
  await expect(client.getByRole('alert')).toContainText('This invitation link is not valid any more');
  expect(await seriousViolations(client)).toEqual([]);
  await context.close();

  // The realtor sees the sign-in and the client's choice: reloaded, the client's address opens
  // the details again.
  await page.reload();
  await expect(detail.getByText('Has a sign-in')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Invite to sign in' })).toHaveCount(0);
  await expect(
    detail.getByRole('list', { name: 'Reminders for 7 Invitation Lane' }).getByRole('listitem'),
  ).toHaveCount(2);
});

test.describe('with JavaScript off', () => {
  test('a reset link sets a new password as a plain form, and the page leads to Login', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const oldPassword = 'Nia-NoScript7!';
    const newPassword = 'Nia-Plain-Form8#';
    const email = await realtorOfOurOwn(page.request, 'Nia', 'NoScript', oldPassword);
    await page.request.post('api/auth/forgot-password', { data: { email } });
    const link = linkIn(await latestEmail(page.request, email, 'password-reset'), 'reset');

    await withScriptOff(browser, { baseURL }, async (plain) => {
      await plain.goto(link);
      await expect(plain).toHaveTitle('HomeMinder - Reset Password');
      await expect(plain.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

      // The server checks the shared rules and says what is wrong beside each field.
      await plain.getByRole('textbox', { name: 'New password', exact: true }).fill('aaab');
      await plain.getByRole('textbox', { name: 'Confirm the new password' }).fill('other');
      await plain.getByRole('button', { name: 'Change my password' }).click();
      await expect(plain.getByText('The two passwords do not match')).toBeVisible();
      await expect(plain.getByRole('textbox', { name: 'New password', exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );

      await plain.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await plain.getByRole('textbox', { name: 'Confirm the new password' }).fill(newPassword);
      await plain.getByRole('button', { name: 'Change my password' }).click();
      await expect(plain.getByRole('status')).toContainText('Password changed');
      await expect(plain.getByRole('status')).toContainText('Your password has been changed.');
      await plain.getByRole('link', { name: 'Sign in' }).click();
      await expect(plain).toHaveURL(appUrl('/login'));

      // Used, the link says so, without the script too.
      await plain.goto(link);
      await expect(plain.getByRole('alert')).toContainText('This reset link is not valid any more');
    });
    await apiLogin(page.request, email, newPassword);
  });

  test('an invited client creates a sign-in as a plain form, and the page leads to Login', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const email = `ned.${runId}@example.org`;
    const lastName = `NoScript${runId}`;
    await inviteClientViaApi(
      page.request,
      'realtor@birch.test',
      ['Replace HVAC filter', 'Test smoke and CO detectors'],
      { email, firstName: 'Ned', lastName, line: '9 Plain Form Road' },
    );
    const link = linkIn(await latestEmail(page.request, email, 'client-invitation'), 'register');

    await withScriptOff(browser, { baseURL }, async (plain) => {
      await plain.goto(link);
      await expect(plain).toHaveTitle('HomeMinder - Register');
      await expect(plain.getByText(`invited you to HomeMinder`)).toBeVisible();
      const choices = plain.getByRole('group', { name: 'Reminders to receive' }).getByRole('checkbox');
      await expect(choices).toHaveCount(2);

      // A weak password comes back with the shared rule's message, the choice made kept.
      await plain.getByRole('checkbox', { name: /^Test smoke and CO detectors/ }).uncheck();
      await createSignIn(plain, 'Neddd-1!a');
      await expect(
        plain.getByText('One or more characters exist in a 3 or more repeating pattern').first(),
      ).toBeVisible();
      await expect(plain.getByRole('checkbox', { name: /^Test smoke and CO detectors/ })).not.toBeChecked();
      await expect(plain.getByRole('checkbox', { name: /^Replace HVAC filter/ })).toBeChecked();

      const password = 'Ned-Registered9!';
      await createSignIn(plain, password);
      const status = plain.getByRole('status');
      await expect(status).toContainText('Your HomeMinder sign-in is ready.');
      await expect(status).toContainText(
        'These reminders will come to you by email when they fall due: Replace HVAC filter.',
      );
      // The page holds no token of the new sign-in: the person signs in on the Login page.
      expect(await plain.content()).not.toMatch(/"token"/);
      await plain.getByRole('link', { name: 'Sign in' }).click();
      await expect(plain).toHaveURL(appUrl('/login'));
    });
  });
});
