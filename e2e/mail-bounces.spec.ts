import type { Page } from '@playwright/test';
import { accountMessages } from '@homeminder/shared/contracts/account';
import { postmarkExamples } from '../apps/api/src/test/relay-reports';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, inviteClientViaApi, test } from './fixtures';
import { invitedHomeowner, needsAttentionRow, newHomeowner, realtorOnClient, realtorOnHome } from './homes';
import { mailTo, mailPortalForJourneys, pageOnPortal } from './mail-portal';

/**
 * A hard bounce heard from the mail relay (docs/decisions/101), on a portal that sends its mail to a
 * real SMTP server: the invitation leaves, the relay reports by Postmark's webhook that the address
 * bounced for good; the realtor finds "Email bounced" on Home and in the client's details, the
 * portal refuses to write to the address again, and correcting it ends all of that.
 */

const shots = shotsFolder('mail-bounces');
const relay = { user: 'postmark', password: 'journey-webhook-password' };
const portal = mailPortalForJourneys({
  env: { POSTMARK_WEBHOOK_USER: relay.user, POSTMARK_WEBHOOK_PASSWORD: relay.password },
});

/** Posts Postmark's hard bounce example for `email`, as Postmark's webhook does. */
async function reportBounce(page: Page, email: string, id: number) {
  const report = await page.request.post(`${portal.origin}api/mail/events/postmark`, {
    data: {
      ...postmarkExamples.bounce,
      ID: id,
      Email: email,
      Details: 'smtp; 550 5.1.1 mailbox does not exist',
    },
    headers: { authorization: `Basic ${Buffer.from(`${relay.user}:${relay.password}`).toString('base64')}` },
  });
  expect(report.status(), await report.text()).toBe(200);
}

test('a bounce the relay reports shows to the realtor, stops mail to the address, and ends when the address is corrected', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { email, lastName, id } = newHomeowner('bea', 'Bounce');
  const corrected = `bea.${id}@example.net`;

  // Rita invites Bea; the invitation leaves over SMTP, as the relay takes it.
  const page = await pageOnPortal(portal, browser);
  await inviteClientViaApi(page.request, 'realtor@acme.test', ['Replace HVAC filter'], {
    email,
    lastName,
    firstName: 'Bea',
    line: '3 Echo Court',
  });
  await mailTo(portal, email, (mail) => mail.text.includes('/ui/register?token='));

  // Later the relay reports, in Postmark's words, that the address bounced for good.
  await reportBounce(page, email, 1001);

  // Rita's Home lists Bea, with why and what to do.
  const home = await realtorOnHome(portal, browser);
  const row = needsAttentionRow(home, lastName);
  await expect(row).toContainText('Email bounced');
  await expect(row).toContainText('Emails to this address bounce');
  await checkAtWidths(home, 'home-email-bounced', { shotsDir: shots });

  // Her details say so too; inviting her again is refused with what to do instead.
  const { realtor, details } = await realtorOnClient(portal, browser, lastName, email);
  const stopped = details.getByRole('status').filter({ hasText: `Emails to ${email} bounce` });
  await expect(stopped).toContainText('smtp; 550 5.1.1 mailbox does not exist');
  await checkAtWidths(realtor, 'client-email-bounced', { shotsDir: shots });
  await details.getByRole('button', { name: 'Invite to sign in' }).click();
  await expect(realtor.getByRole('alert').filter({ hasText: 'could not be sent' })).toContainText(
    accountMessages.addressSuppressed(email, 'bounce'),
  );

  // Rita corrects the address: the notice goes, and Home lists Bea no more.
  await details.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = realtor.getByRole('dialog', { name: 'Edit client' });
  await edit.getByRole('textbox', { name: 'Email' }).fill(corrected);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(details.getByText(`Emails to ${email} bounce`)).toHaveCount(0);
  await home.reload();
  await expect(home.getByRole('region', { name: 'Needs attention' })).not.toContainText(lastName);
});

test('a homeowner whose address bounced says on her phone that it is right, and mail goes to it again', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { home, email } = await invitedHomeowner(portal, browser, {
    first: 'paula',
    last: 'Right',
    line: '9 Relay Row',
  });
  await reportBounce(home, email, 1002);

  await home.reload();
  const notice = home.getByRole('alert').filter({ hasText: `Our emails to ${email} are not arriving` });
  await expect(notice).toContainText('your mail server has refused them');
  await checkAtWidths(home, 'my-home-email-bounced', { shotsDir: shots, widths: phoneFirst });
  await notice.getByRole('button', { name: 'This address is right' }).click();
  await expect(home.getByText(`Thank you. We will email ${email} again.`)).toBeVisible();
  await expect(notice).toHaveCount(0);
});
