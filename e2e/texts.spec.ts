import { startTwilioServer, type TwilioServer } from '../apps/api/src/test/twilio-server';
import { checkAtWidths, phoneFirst, shotsFolder } from './axe';
import { expect, test } from './fixtures';
import { invitedHomeowner, needsAttentionRow, realtorOnClient, realtorOnHome, setDue } from './homes';
import { mailPortalForJourneys, mailTo, pageOnPortal } from './mail-portal';

/**
 * Reminders by text (docs/decisions/106), on a portal that sends through a stand-in speaking
 * Twilio's API: a homeowner turns texts on from her phone, agreeing to the words shown; her next
 * reminder comes as a text whose short link opens the Done page; the carrier's report that a text
 * was not delivered shows to her realtor; she replies STOP and the next reminder is emailed only.
 */

const shots = shotsFolder('texts');
const account = { accountSid: `AC${'3'.repeat(32)}`, authToken: 'journey-auth-token-0123456' };
const ourNumber = '+15005550006';
const phone = '+15005550142';
const task = 'Replace HVAC filter';

let twilio: TwilioServer;
// Filled before the portal starts (its hook comes after this one), with the stand-in's address.
const env: Record<string, string> = {};
test.beforeAll(async () => {
  twilio = await startTwilioServer(account);
  Object.assign(env, {
    TWILIO_ACCOUNT_SID: account.accountSid,
    TWILIO_AUTH_TOKEN: account.authToken,
    TWILIO_FROM: ourNumber,
    TWILIO_API_URL: twilio.url,
    // The night's hold is shown on both databases in the API's tests; here any hour sends.
    QUIET_HOURS: 'off',
  });
});
test.afterAll(async () => twilio?.close());
const portal = mailPortalForJourneys({ env });

const textsTo = (number: string) => twilio.messages.filter((message) => message.to === number);

/** Makes the client's reminder due a minute ago, so the dispatcher takes it within seconds. */
const dueNow = (email: string) => setDue(portal, email, { task, next: new Date(Date.now() - 60_000) });

test('texts on from a phone, a text whose link marks the task done, a failed delivery for the realtor, STOP', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { home, email, lastName } = await invitedHomeowner(portal, browser, {
    first: 'tess',
    last: 'Texter',
    line: '5 Signal Street',
  });

  // On her phone: Preferences, the number, the words, the box, the button.
  await home.getByRole('link', { name: 'Preferences' }).click();
  const card = home.getByRole('form', { name: 'Text messages' });
  await expect(card.getByText('Message and data rates may apply')).toBeVisible();
  await card.getByRole('button', { name: 'Text me reminders' }).click();
  await expect(card.getByText('Tick the box to agree to get texts.')).toBeVisible();
  await card.getByRole('textbox', { name: 'Mobile number' }).fill('(500) 555-0142');
  await card.getByRole('checkbox', { name: 'I agree to these terms' }).check();
  await checkAtWidths(home, 'texts-choice', { shotsDir: shots, widths: phoneFirst });
  await card.getByRole('button', { name: 'Text me reminders' }).click();
  await expect(home.getByText('Texts on: reminders go to (500) 555-0142.')).toBeVisible();
  await expect(home.getByRole('button', { name: 'Stop texts' })).toBeVisible();
  const [consent] = await portal.query<{ phone: string; words: string; collected_by: string }>(
    `select k.phone, k.words, k.collected_by from text_consents k
       join client_users c on c.tenant_id = k.tenant_id and c.id = k.client_user_id
      where c.email = $1 and k.ended_at is null`,
    [email],
  );
  expect(consent).toMatchObject({ phone, collected_by: 'client' });
  expect(consent!.words).toMatch(/^I agree to get reminder texts from Acme Realty Home Care at this number/);
  expect(textsTo(phone)).toHaveLength(0);

  // Her reminder falls due: the email and the text both go.
  await dueNow(email);
  await expect.poll(() => textsTo(phone).length, { timeout: 60_000 }).toBe(1);
  const text = textsTo(phone)[0]!;
  expect(text.body).toMatch(new RegExp(`^Acme Realty Home Care: ${task} is due .+ Reply STOP to stop\\.$`));
  await mailTo(portal, email, (mail) => mail.text.includes(task) && mail.text.includes('answer/done'));

  // The short link opens the Done page on her phone; the task is recorded when she says so.
  const link = /https?:\/\/\S+\/api\/t\/[\w-]+/.exec(text.body)![0];
  const answer = await pageOnPortal(portal, browser);
  await answer.setViewportSize({ width: 390, height: 844 });
  await answer.goto(link);
  await expect(answer).toHaveURL(/\/ui\/answer\/done\?token=/);
  await expect(answer.getByText(task).first()).toBeVisible();
  await checkAtWidths(answer, 'text-answer-page', { shotsDir: shots, widths: [390] });
  await answer.getByRole('button', { name: 'Mark as done' }).click();
  await expect(answer.getByRole('status')).toContainText('Thank you: the task is marked as done.');
  await answer.context().close();

  // The carrier reports the text undelivered: her realtor sees it on Home, with the reason.
  const report = await twilio.reportStatus(text, 'undelivered', '30006');
  expect(report.status).toBe(200);
  const realtor = await realtorOnHome(portal, browser);
  const row = needsAttentionRow(realtor, lastName);
  await expect(row).toContainText('Text not delivered');
  await expect(row).toContainText('the number is a landline or cannot get texts');
  await checkAtWidths(realtor, 'home-text-not-delivered', { shotsDir: shots });

  // She replies STOP: texts end at once, and her preferences say why.
  const stop = await twilio.sendInbound({
    url: `${portal.origin}api/texts/twilio/inbound`,
    from: phone,
    to: ourNumber,
    body: 'STOP',
  });
  expect(stop.status).toBe(200);
  await home.reload();
  await expect(home.getByRole('status').filter({ hasText: 'because STOP was replied' })).toBeVisible();
  await expect(home.getByRole('button', { name: 'Text me reminders' })).toBeVisible();
  // Turning them on again starts from the number she last agreed to.
  await expect(home.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('(500) 555-0142');
  await checkAtWidths(home, 'texts-stopped-by-reply', { shotsDir: shots, widths: [390] });

  // The next reminder is emailed, not texted.
  const emailsBefore = portal.received.filter((one) => one.to.includes(email)).length;
  await portal.query(`update client_users set unanswered_reminders = 0 where email = $1`, [email]);
  await dueNow(email);
  await expect
    .poll(() => portal.received.filter((one) => one.to.includes(email)).length, { timeout: 60_000 })
    .toBeGreaterThan(emailsBefore);
  // Texts leave on the same beat as emails: had one been queued, it would be here by now.
  await home.waitForTimeout(5_000);
  expect(textsTo(phone)).toHaveLength(1);

  // Her realtor may record her agreement again, from the client's details.
  const { realtor: staff, details } = await realtorOnClient(portal, browser, lastName, email);
  const form = details.getByRole('form', { name: 'Text messages' });
  await expect(form.getByRole('checkbox', { name: 'The client agreed to these terms' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('(500) 555-0142');
  await form.getByRole('textbox', { name: 'Mobile number' }).fill('500-555-0142');
  await form.getByRole('checkbox', { name: 'The client agreed to these terms' }).check();
  await form.getByRole('button', { name: 'Turn on texts' }).click();
  await expect(details.getByText(/^Texts go to \(500\) 555-0142, agreed on /)).toBeVisible();
  await checkAtWidths(staff, 'client-texts-on', { shotsDir: shots, widths: [1280] });
  const [renewed] = await portal.query<{ collected_by: string }>(
    `select k.collected_by from text_consents k join client_users c on c.tenant_id = k.tenant_id
        and c.id = k.client_user_id where c.email = $1 and k.ended_at is null`,
    [email],
  );
  expect(renewed?.collected_by).toBe('staff');
});
