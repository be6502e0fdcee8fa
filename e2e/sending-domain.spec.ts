import { sendingDomainWords as words } from '@homeminder/shared/contracts/sending-domain';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, loginToHome, newCorporation, test } from './fixtures';

/**
 * A corporation's own sending domain (docs/decisions/105): its administrator names a domain on
 * Manage Account, is shown the DKIM, SPF and DMARC records to publish, checks them (no DNS here
 * holds them, so the DKIM record is not found yet) and stops using the domain again.
 */

const shots = shotsFolder('sending-domain');
const domain = 'mail.acme-e2e.test';

test("an administrator sets up the company's own sending domain, checks its records and stops using it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const corporation = await newCorporation(request, 'Acme', { licensedProperties: 5 });

  await loginToHome(page, corporation.email, corporation.password);
  await page.goto('accountSettings');
  const card = page.getByRole('region', { name: words.title });
  await expect(card.getByText(words.notSetUp)).toBeVisible();

  // ── Naming the domain: a key is made and the records to publish are shown ──
  const field = card.getByRole('textbox', { name: words.domainLabel });
  await field.fill(`https://${domain}`);
  await card.getByRole('button', { name: 'Use this domain' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByText(words.domainInvalid)).toBeVisible();
  await checkAtWidths(page, 'sending-domain-form', { shotsDir: shots, widths: [390] });
  await field.fill(domain);
  await card.getByRole('button', { name: 'Use this domain' }).click();
  await expect(card.getByRole('status')).toHaveText(words.set(domain));
  // The form that had the focus is gone: the message saying what happened has it.
  await expect(card.getByRole('status')).toBeFocused();
  await expect(card.getByText(words.waiting)).toBeVisible();
  await expect(card.getByText(`no-reply@${domain}`, { exact: true })).toBeVisible();
  const records = card.getByRole('list', { name: 'DNS records' }).getByRole('listitem');
  await expect(records).toHaveCount(3);
  const dkim = card.getByRole('listitem', { name: 'DKIM record' });
  await expect(dkim.getByText(/^hm\d{8}\._domainkey\.mail\.acme-e2e\.test$/)).toBeVisible();
  await expect(dkim.getByText(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/)).toBeVisible();
  await expect(
    card.getByRole('listitem', { name: 'SPF record' }).getByText(domain, { exact: true }),
  ).toBeVisible();
  await expect(
    card.getByRole('listitem', { name: 'DMARC record' }).getByText(`_dmarc.${domain}`, { exact: true }),
  ).toBeVisible();

  // ── Checking them: nothing is published in this test's DNS ──
  await card.getByRole('button', { name: 'Check the records' }).click();
  await expect(card.getByRole('status')).toHaveText(words.notFound);
  // The button, busy while it asked, has the focus back: the keyboard goes on from it.
  await expect(card.getByRole('button', { name: 'Check the records' })).toBeFocused();
  await expect(card.getByText(words.waiting)).toBeVisible();

  // Nothing overflows on a phone: the long DKIM value wraps inside the card.
  await checkAtWidths(page, 'sending-domain-waiting', { shotsDir: shots, widths: phoneFirst });
  // checkAtWidths leaves the page at the phone's width, where the rest goes on.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The domain stays after a reload, still waiting.
  await page.reload();
  await expect(card.getByText(words.waiting)).toBeVisible();
  await expect(dkim.getByText(/^hm\d{8}\._domainkey\.mail\.acme-e2e\.test$/)).toBeVisible();

  // ── Stopping: asked first, then the form again ──
  await card.getByRole('button', { name: 'Stop using this domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop using your domain?' });
  await expect(dialog).toContainText(domain);
  await checkAtWidths(page, 'sending-domain-stop', { shotsDir: shots, widths: [390] });
  await dialog.getByRole('button', { name: 'Stop using this domain' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status')).toHaveText(words.removed);
  await expect(field).toBeFocused();
  await expect(card.getByRole('list', { name: 'DNS records' })).toHaveCount(0);
  await page.reload();
  await expect(card.getByText(words.notSetUp)).toBeVisible();
  await expect(field).toHaveValue('');
});
