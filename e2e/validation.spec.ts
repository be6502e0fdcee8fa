import { expect, test } from '@playwright/test';
import { untilHydrated } from './fixtures';
import { latestEmail, linkIn } from './outbox';

/**
 * The same rules and messages check a form in the browser and the request on the server
 * (packages/shared/src/validation): each test types bad values into a real form, sees the
 * messages, then sends the same values to the API and gets the same messages back.
 */

const messages = {
  required: 'This value is required',
  emailTooShort: 'Email cannot be less than 5 characters long',
  emailInvalid: 'Email address is not valid',
  passwordTooShort: 'Password must have 8+ characters',
  repeating: 'One or more characters exist in a 3 or more repeating pattern',
  mismatch: 'The two passwords do not match',
};

async function apiErrors(response: { status(): number; json(): Promise<unknown> }): Promise<string[]> {
  expect(response.status()).toBe(400);
  return ((await response.json()) as { Errors: string[] }).Errors;
}

test('login shows the email rules as the user leaves the field and on submit', async ({ page }) => {
  await page.goto('login');
  // Leaving the field is checked by the app: wait until it has started on the prerendered page.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('a@b');
  await email.blur();
  await expect(page.getByText(messages.emailTooShort)).toBeVisible();
  await email.fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(messages.emailInvalid)).toBeVisible();
  await expect(page.getByText(messages.required)).toBeVisible();

  const errors = await apiErrors(
    await page.request.post('api/auth/login/?who=x', { data: { username: 'not-an-address', password: '' } }),
  );
  expect(errors).toEqual(expect.arrayContaining([messages.emailInvalid, messages.required]));
});

test('forgot password checks the address, then responds the same for any account', async ({ page }) => {
  await page.goto('forgotpassword');
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText(messages.required)).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill('abc');
  await page.getByRole('textbox', { name: 'Email' }).blur();
  await expect(page.getByText(messages.emailTooShort)).toBeVisible();
  expect(
    await apiErrors(await page.request.post('api/auth/forgot-password', { data: { email: 'abc' } })),
  ).toEqual([messages.emailTooShort]);

  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@nowhere.test');
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email');
});

test('reset password ticks the rules off and shows every broken one', async ({ page }) => {
  // A live link of a real account; the test never sends a valid password, so nothing changes.
  const email = 'admin@birch.test';
  await page.request.post('api/auth/forgot-password', { data: { email } });
  await page.goto(linkIn(await latestEmail(page.request, email, 'password-reset'), 'reset'));
  await untilHydrated(page);
  const password = page.getByRole('textbox', { name: 'New password', exact: true });
  await password.fill('aaab');
  await password.blur();
  await expect(page.getByText(messages.passwordTooShort).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm the new password' }).fill('other');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText(messages.mismatch)).toBeVisible();

  const errors = await apiErrors(
    await page.request.post('api/auth/reset-password', {
      data: { token: 'x', password: 'aaab', confirmPassword: 'other' },
    }),
  );
  expect(errors).toEqual(
    expect.arrayContaining([messages.passwordTooShort, messages.repeating, messages.mismatch]),
  );

  // An unknown link says so at once, with a way to ask for a new one.
  await page.goto('reset?token=not-a-real-token');
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid any more');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('register checks the request with the shared rules, and an unknown link says so', async ({ page }) => {
  const errors = await apiErrors(
    await page.request.post('api/auth/register', {
      data: { token: '', password: 'Passs1!word', confirmPassword: '', subscriptionIds: [] },
    }),
  );
  expect(errors).toEqual(expect.arrayContaining([messages.required, messages.repeating]));

  await page.goto('register?token=not-a-real-token');
  await expect(page.getByRole('alert')).toContainText('This invitation link is not valid any more');
});
