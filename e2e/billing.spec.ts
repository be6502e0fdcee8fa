import { describeSignedIn, expect, test, titleOf } from './fixtures';

/** MM/YY, as printed on a card, `monthsAhead` months from this one (negative: in the past). */
function printedExpiry(monthsAhead: number): string {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() + monthsAhead, 1);
  return `${String(month.getMonth() + 1).padStart(2, '0')}/${String(month.getFullYear() % 100).padStart(2, '0')}`;
}

describeSignedIn('the billing card of a corporation', 'admin@acme.test', () => {
  test('is checked as a card: its check digit, its security code, its expiry as printed, and not expired', async ({
    page,
  }) => {
    await page.goto('accountSettings');
    await expect(page).toHaveTitle(titleOf('Manage Account'));
    await page.getByRole('tab', { name: 'Billing' }).click();
    const billing = page.getByRole('form', { name: 'Billing' });
    const number = billing.getByRole('textbox', { name: 'Card number' });
    const expiry = billing.getByRole('textbox', { name: 'Expiry (MM/YY)' });
    const cvv = billing.getByRole('textbox', { name: 'Security code (CVV)' });
    const save = billing.getByRole('button', { name: 'Save billing' });

    await billing.getByRole('textbox', { name: 'Name on the card' }).fill('Alice Admin');
    // A mistyped last digit, and the expiry typed key by key as it is printed on the card.
    await number.fill('4111 1111 1111 1112');
    const expiresLater = printedExpiry(30);
    await expiry.pressSequentially(expiresLater);
    await cvv.fill('123');
    await save.click();
    await expect(
      billing.getByText('This card number is not valid. Check the digits on the card'),
    ).toBeVisible();
    await expect(expiry).toHaveValue(expiresLater);
    await expect(billing.getByText('Expiration is invalid')).toHaveCount(0);

    // An American Express card has a 4-digit code.
    await number.fill('3782 822463 10005');
    await save.click();
    await expect(
      billing.getByText('An American Express card has a 4-digit security code, printed on its front'),
    ).toBeVisible();

    // A card that ran out last month is called expired, not "invalid".
    await cvv.fill('1234');
    await expiry.fill(printedExpiry(-1));
    await save.click();
    await expect(
      billing.getByText('This card has expired. Use a card whose expiry date is this month or later'),
    ).toBeVisible();

    await expiry.fill(expiresLater);
    await save.click();
    await expect(billing.getByText(`American Express ending 0005, expires ${expiresLater}`)).toBeVisible();
  });
});
