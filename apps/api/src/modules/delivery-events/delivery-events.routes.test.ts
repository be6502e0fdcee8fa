/**
 * The mail relays' webhooks (docs/decisions/101) with each relay's documented sample reports, signed
 * as the relay signs them with test keys: a hard bounce and a complaint stop mail to the address and
 * list the client for a call; a report delivered twice, or not proven, changes nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { accountMessages } from '@homeminder/shared/contracts/account';
import type { ClientDetail } from '@homeminder/shared/contracts/clients';
import { homeownerMessages, type HomeownerOverview } from '@homeminder/shared/contracts/homeowner';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { unsubscribedMailError } from '../../db/email-outbox';
import { attentionClientsOf, attentionRowsOf, type AttentionClient } from '../../test/attention';
import { auditActions } from '../../test/audit';
import { homeownerPassword, registeredHomeowner } from '../../test/homeowners';
import { deliverDue, queueTestEmails, suppressedMailErrors } from '../../test/outbox';
import {
  postmarkExamples,
  sendgridKeys,
  sendgridSampleBody,
  testRelays,
  sesExamples,
  snsNotification,
  snsSubscriptionConfirmation,
  snsTestCertificateUrl,
  snsTestTopic,
} from '../../test/relay-reports';
import { describeEachDriver, expectErrors, signInBeforeAll, type TestApp } from '../../test/test-app';

const relays = testRelays();

/** Gives the client the address a sample report names, as if they were the one it bounced for. */
async function giveAddress(t: TestApp, client: AttentionClient, email: string) {
  await t.rows(sql`update client_users set email = ${email} where id = ${client.id}`);
  client.email = email;
}

describeEachDriver(
  'the mail relays’ reports',
  (t) => {
    const token = signInBeforeAll(t, ['manager@acme.test']);
    let john: AttentionClient;
    let jane: AttentionClient;
    let sg: AttentionClient;

    beforeAll(async () => {
      relays.fetched.length = 0;
      [john, jane, sg] = (await attentionClientsOf(t, ACME_TENANT_ID, 'realtor@acme.test')) as [
        AttentionClient,
        AttentionClient,
        AttentionClient,
      ];
      await giveAddress(t, john, 'john@example.com');
      await giveAddress(t, jane, 'jane@example.com');
      await giveAddress(t, sg, 'example@test.com');
    });

    const post = (relay: string, body: string, headers: Record<string, string> = {}) =>
      t.api({
        method: 'POST',
        path: `/mail/events/${relay}`,
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const postmarkPost = (body: unknown, password?: string) =>
      post('postmark', JSON.stringify(body), { authorization: relays.postmarkAuthorization(password) });
    const suppressions = () =>
      t.rows<{ address: string; reason: string; provider: string; detail: string | null }>(
        sql`select address, reason, provider, detail from email_suppressions order by address`,
      );
    const reasonsOf = async (client: AttentionClient) =>
      (await attentionRowsOf(t, token('manager@acme.test'), client.id)).map((item) => item.reason).sort();
    const detailOf = async (client: AttentionClient) =>
      (
        await t.api({ path: `/clients/client/${client.id}`, token: token('manager@acme.test') })
      ).json<ClientDetail>();

    it('takes Postmark’s hard bounce: the address is suppressed, the client listed, the change audited', async () => {
      const response = await postmarkPost(postmarkExamples.bounce);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: 'Received: 1 new event.' });
      expect(await suppressions()).toEqual([
        {
          address: 'john@example.com',
          reason: 'bounce',
          provider: 'postmark',
          detail: 'Test bounce details',
        },
      ]);
      expect(await reasonsOf(john)).toEqual(['bounced']);
      expect((await detailOf(john)).emailStopped).toMatchObject({
        reason: 'bounce',
        detail: 'Test bounce details',
      });
      expect(await auditActions(t, john.id)).toContain('client.email-bounced');
    });

    it('acts on a report delivered twice once', async () => {
      const before = await auditActions(t, john.id);
      const again = await postmarkPost(postmarkExamples.bounce);
      expect(again.json()).toEqual({ message: 'Received: 0 new events.' });
      expect(await suppressions()).toHaveLength(1);
      expect(await auditActions(t, john.id)).toEqual(before);
    });

    it('sends nothing more to the address, and says why on Sent mail', async () => {
      const [other] = await queueTestEmails(t, 'after-bounce', 1);
      await t.rows(sql`update email_outbox set to_address = 'John@Example.com' where to_address = ${other!}`);
      const delivered = await deliverDue(t);
      expect(delivered.suppressed).toBe(1);
      expect(delivered.to).not.toContain('John@Example.com');
      const [row] = await t.rows<{ status: string; last_error: string }>(
        sql`select status, last_error from email_outbox where to_address = 'John@Example.com'`,
      );
      expect(row).toEqual({ status: 'cancelled', last_error: suppressedMailErrors.bounce });
    });

    it('refuses to invite the client to the bounced address, saying what to do', async () => {
      const response = await t.api({
        method: 'POST',
        path: `/clients/invite/${john.id}`,
        token: token('manager@acme.test'),
      });
      expectErrors(response, 409, accountMessages.addressSuppressed('john@example.com', 'bounce'));
    });

    it('refuses Postmark’s report with the wrong credentials, and changes nothing', async () => {
      const refused = await postmarkPost(
        { ...postmarkExamples.bounce, ID: 7, Email: jane.email },
        'wrong-password',
      );
      expectErrors(refused, 403, 'The webhook credentials are not right.');
      expect(await suppressions()).toHaveLength(1);
    });

    it('refuses a report cut short with a plain 400, and changes nothing', async () => {
      const cut = await post('postmark', JSON.stringify(postmarkExamples.bounce).slice(0, 40), {
        authorization: relays.postmarkAuthorization(),
      });
      expectErrors(cut, 400, 'The report is not valid JSON.');
      expect(await suppressions()).toHaveLength(1);
    });

    it('leaves a soft bounce to the sender’s retries', async () => {
      const soft = { ...postmarkExamples.bounce, ID: 8, Type: 'SoftBounce', Email: jane.email };
      expect((await postmarkPost(soft)).json()).toEqual({ message: 'Received: 1 new event.' });
      expect(await suppressions()).toHaveLength(1);
      expect(await reasonsOf(jane)).toEqual([]);
    });

    it('takes SendGrid’s signed spam report: suppressed and unsubscribed; a bad signature changes nothing', async () => {
      const spamReport = (JSON.parse(sendgridSampleBody) as { event: string }[]).filter(
        (event) => event.event === 'spamreport',
      );
      const body = JSON.stringify(spamReport);
      expectErrors(
        await post('sendgrid', body, relays.sendgridHeaders(body, sendgridKeys().privateKey)),
        403,
      );
      expect(await reasonsOf(sg)).toEqual([]);
      // A reminder of hers waits in the outbox.
      const [waiting] = await t.rows<{ id: string }>(sql`
        insert into email_outbox (tenant_id, kind, to_address, subject, html, text, subscription_id, due_at)
        select s.tenant_id, 'reminder', ${sg.email}, 'Reminder', '<p>Reminder</p>', 'Reminder', s.id, now()
          from reminder_subscriptions s
          join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
         where p.client_user_id = ${sg.id} limit 1
        returning id`);
      expect(waiting).toBeDefined();

      expect((await post('sendgrid', body, relays.sendgridHeaders(body))).json()).toEqual({
        message: 'Received: 1 new event.',
      });
      expect(await reasonsOf(sg)).toEqual(['markedSpam', 'unsubscribed']);
      const detail = await detailOf(sg);
      expect(detail.emailStopped).toMatchObject({ reason: 'complaint' });
      expect(detail.unsubscribedAt).not.toBeNull();
      expect(await auditActions(t, sg.id)).toEqual(
        expect.arrayContaining(['client.marked-spam', 'client.unsubscribed']),
      );
      // Unsubscribed, her reminders not yet sent are cancelled as the unsubscribe link cancels them.
      expect(
        await t.rows(sql`select status, last_error from email_outbox where id = ${waiting!.id}`),
      ).toEqual([{ status: 'cancelled', last_error: unsubscribedMailError }]);
    });

    it('confirms SES’s SNS subscription and takes its signed bounce; another topic or a forged one is refused', async () => {
      const confirmation = snsSubscriptionConfirmation();
      expect(
        (await post('ses', JSON.stringify(confirmation), { 'content-type': 'text/plain' })).statusCode,
      ).toBe(200);
      expect(relays.fetched).toEqual([snsTestCertificateUrl, confirmation.SubscribeURL]);

      const bounce = snsNotification(sesExamples.bounceWithDsn);
      expectErrors(await post('ses', JSON.stringify({ ...bounce, Message: '{}' })), 403);
      const otherTopic = snsNotification(sesExamples.bounceWithDsn, '1', {
        TopicArn: `${snsTestTopic}Other`,
      });
      expectErrors(await post('ses', JSON.stringify(otherTopic)), 403);
      expect(await reasonsOf(jane)).toEqual([]);

      const taken = await post('ses', JSON.stringify(bounce), {
        'content-type': 'text/plain; charset=UTF-8',
      });
      expect(taken.json()).toEqual({ message: 'Received: 1 new event.' });
      expect(await reasonsOf(jane)).toEqual(['bounced']);
      // The certificate was fetched once.
      expect(relays.fetched.filter((url) => url === snsTestCertificateUrl)).toHaveLength(1);
    });

    it('lets the homeowner say their address is right: mail goes to it again', async () => {
      const homeowner = await registeredHomeowner(t, 'realtor@acme.test');
      await postmarkPost({ ...postmarkExamples.bounce, ID: 9, Email: homeowner.email });
      const signedIn = await t.login(homeowner.email, homeownerPassword);
      const overview = await t.api({ path: '/homeowner/overview', token: signedIn });
      expect(overview.json<HomeownerOverview>().emailStopped).toMatchObject({ reason: 'bounce' });

      const confirmed = await t.api({ method: 'POST', path: '/homeowner/email/confirm', token: signedIn });
      expect(confirmed.json()).toEqual({ message: homeownerMessages.emailConfirmed(homeowner.email) });
      expect(
        (await t.api({ path: '/homeowner/overview', token: signedIn })).json<HomeownerOverview>()
          .emailStopped,
      ).toBeNull();
      expect(await auditActions(t, homeowner.id)).toContain('client.email-confirmed');
      const again = await t.api({ method: 'POST', path: '/homeowner/email/confirm', token: signedIn });
      expectErrors(again, 409, homeownerMessages.emailNotStopped);
    });

    it('lists the client no more once their address is corrected', async () => {
      await giveAddress(t, john, 'john.new@example.com');
      expect(await reasonsOf(john)).toEqual([]);
      expect((await detailOf(john)).emailStopped).toBeNull();
    });
  },
  relays.appOptions,
);

describeEachDriver('the mail relays’ reports, not set up', (t) => {
  it.each([
    ['postmark', 'POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD'],
    ['sendgrid', 'SENDGRID_WEBHOOK_PUBLIC_KEY'],
    ['ses', 'SES_SNS_TOPIC_ARN'],
  ])('%s answers 404 naming its setting', async (relay, setting) => {
    const response = await t.api({
      method: 'POST',
      path: `/mail/events/${relay}`,
      body: JSON.stringify(postmarkExamples.bounce),
      headers: { 'content-type': 'application/json' },
    });
    expect(expectErrors(response, 404)[0]).toContain(setting);
  });
});
