/**
 * Reminders by text (docs/decisions/106), against a stand-in that speaks Twilio's API: the
 * agreement recorded before the first text, the text with its short link, STOP, START and HELP
 * replies, quiet hours, and a failed delivery shown to the realtor.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AttentionList } from '@homeminder/shared/contracts/attention';
import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { textConsentWords, textWords } from '@homeminder/shared/texts';
import { messages } from '@homeminder/shared/validation/messages';
import { testDispatcher } from '../../test/dispatch';
import {
  homeownerOverview,
  homeownerPassword,
  twoHomeowners,
  type TestHomeowner,
} from '../../test/homeowners';
import { describeEachDriver, expectErrors, type TestApp } from '../../test/test-app';
import { startTwilioServer, type TwilioServer } from '../../test/twilio-server';
import { twilioSignature, twilioTransport, type TwilioSettings } from './providers/twilio';
import { textSender } from './text-sender';

const account = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'test-auth-token-0123456789' };
const ourNumber = '+15005550006';
const portal = 'http://localhost:8080/ui/';
const statusUrl = `${portal}api/texts/twilio/status`;
const inboundUrl = `${portal}api/texts/twilio/inbound`;

let twilio: TwilioServer;
let settings: TwilioSettings;
beforeAll(async () => {
  twilio = await startTwilioServer(account);
  settings = { ...account, from: ourNumber, apiUrl: twilio.url };
});
afterAll(() => twilio.close());

/** A webhook as Twilio posts it: a form, signed over the portal's address of the route. */
function webhook(t: TestApp, url: string, fields: Record<string, string>, signature?: string) {
  return t.api({
    method: 'POST',
    path: url.slice(`${portal}api`.length),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilioSignature(account.authToken, url, fields),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describeEachDriver(
  'reminders by text',
  (t) => {
    let owner: TestHomeowner;
    let other: TestHomeowner;
    let token: string;
    let homeId: string;
    const phone = '5005550123';
    beforeAll(async () => {
      ({ owner, other, token } = await twoHomeowners(t));
      homeId = (await homeownerOverview(t, token)).homes[0]!.id;
    });

    const textsOf = (as = token, id = homeId, base = '/homeowner/homes') =>
      t.api({ path: `${base}/${id}/texts`, token: as });
    const agree = (body: unknown, as = token, id = homeId, base = '/homeowner/homes') =>
      t.api({ method: 'PUT', path: `${base}/${id}/texts`, token: as, body });
    const sender = () =>
      textSender({
        db: t.database.db,
        transport: twilioTransport(settings),
        statusCallback: statusUrl,
        quietHours: false,
        now: t.clock.now,
      });
    const dueNow = async () => {
      const [row] = await t.rows<{ id: string }>(sql`
        update reminder_subscriptions set next_due_at = ${new Date(t.clock.nowMs() - 60_000).toISOString()}::timestamptz
         where id = (select s.id from reminder_subscriptions s join properties p on p.tenant_id = s.tenant_id
                      and p.id = s.property_id where p.client_user_id = ${owner.id} order by s.id limit 1)
        returning id`);
      return row!.id;
    };
    const textsTo = (number: string) =>
      t.rows<{
        kind: string;
        status: string;
        body: string;
        link_code: string | null;
        last_error: string | null;
      }>(
        sql`select kind, status, body, link_code, last_error from text_outbox where to_phone = ${number}
             order by created_at, kind`,
      );

    it('records the agreement, as shown and by whom, before any text; refuses it without a tick or a number', async () => {
      const before = (await textsOf()).json<TextSettings>();
      expect(before).toMatchObject({ offered: true, phone: null, since: null, stoppedByReplyAt: null });
      expect(before.consentWords).toBe(textConsentWords('Acme Realty Home Care'));
      // Before any agreement the form starts from the number on the client's record.
      expect(before.suggestedPhone).not.toBe(phone);

      expectErrors(await agree({ phone }), 400, textWords.agreeRequired);
      expectErrors(await agree({ phone: '555-12', agreed: true }), 400, messages.phoneInvalid);
      expectErrors(await agree({ agreed: true }), 400, textWords.phoneRequired);
      expect(await t.rows(sql`select 1 from text_consents where client_user_id = ${owner.id}`)).toEqual([]);

      // Another homeowner's home and a realtor outside their reach see nothing.
      const othersToken = await t.login(other.email, homeownerPassword);
      expectErrors(await agree({ phone, agreed: true }, othersToken), 404, homeProfileMessages.homeNotFound);
      const staff = '/clients/properties';
      expectErrors(
        await agree({ phone, agreed: true }, await t.login('realtor2@acme.test'), homeId, staff),
        404,
        homeProfileMessages.homeNotFound,
      );

      const agreed = await agree({ phone: '(500) 555-0123', agreed: true });
      expect(agreed.statusCode, agreed.body).toBe(200);
      expect(agreed.json()).toEqual({ message: textWords.on(phone) });
      expect((await textsOf()).json<TextSettings>()).toMatchObject({ phone, stoppedByReplyAt: null });
      const [consent] = await t.rows<Record<string, unknown>>(sql`
        select phone, words, collected_by, collected_by_user_id, ended_at from text_consents
         where client_user_id = ${owner.id}`);
      expect(consent).toEqual({
        phone: `+1${phone}`,
        words: before.consentWords,
        collected_by: 'client',
        collected_by_user_id: null,
        ended_at: null,
      });
      const [audit] = await t.rows<{ details: { words: string } }>(sql`select details from audit_log
        where action = 'client.texts-agreed' and record_id = ${owner.id}`);
      expect(audit?.details.words).toBe(before.consentWords);

      // Staff in reach record that the client agreed: the staff member is named.
      t.clock.advance(60_000);
      const realtor = await t.login('realtor@acme.test');
      const byStaff = await agree({ phone, agreed: true }, realtor, homeId, staff);
      expect(byStaff.statusCode, byStaff.body).toBe(200);
      const [latest] = await t.rows<{ collected_by: string; collected_by_user_id: string | null }>(sql`
        select collected_by, collected_by_user_id from text_consents
         where client_user_id = ${owner.id} and ended_at is null`);
      expect(latest?.collected_by).toBe('staff');
      expect(latest?.collected_by_user_id).not.toBeNull();
    });

    it('texts a due reminder with a short link to its Done page, through the provider, with its delivery report', async () => {
      const subscriptionId = await dueNow();
      await testDispatcher(t, portal, { texts: true }).dispatchDue();
      const [queued] = await textsTo(`+1${phone}`);
      expect(queued).toMatchObject({ kind: 'reminder', status: 'pending' });
      expect(queued!.body).toMatch(
        /^Acme Realty Home Care: .+ is due .+ Mark it done or put it off: http:\/\/localhost:8080\/ui\/api\/t\/[\w-]{8} Reply STOP to stop\.$/,
      );
      expect(queued!.body.length).toBeLessThanOrEqual(320);

      const opened = await t.api({ path: `/t/${queued!.link_code}` });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toMatch(/\/ui\/answer\/done\?token=/);
      expect((await t.api({ path: '/t/unknown1' })).statusCode).toBe(404);

      const result = await sender().sendDue();
      expect(result.sent).toBe(1);
      const message = twilio.messages.at(-1)!;
      expect(message).toMatchObject({
        to: `+1${phone}`,
        from: ourNumber,
        body: queued!.body,
        statusCallback: statusUrl,
      });

      // A forged report is refused and changes nothing; Twilio's own is kept.
      const report = { MessageSid: message.sid, MessageStatus: 'delivered', AccountSid: account.accountSid };
      expect((await webhook(t, statusUrl, report, 'forged')).statusCode).toBe(403);
      expect((await textsTo(`+1${phone}`))[0]!.status).toBe('sent');
      expect((await webhook(t, statusUrl, report)).statusCode).toBe(200);
      expect((await textsTo(`+1${phone}`))[0]!.status).toBe('delivered');

      // Dispatched again for the same due date, nothing more is queued.
      await t.rows(sql`update reminder_subscriptions set next_due_at = (select due_at from text_outbox
        where subscription_id = ${subscriptionId}) where id = ${subscriptionId}`);
      await testDispatcher(t, portal, { texts: true }).dispatchDue();
      expect(await textsTo(`+1${phone}`)).toHaveLength(1);
    });

    it('stops at STOP, answers HELP and starts again at START; a forged reply changes nothing', async () => {
      const reply = (body: string) => ({ From: `+1${phone}`, To: ourNumber, Body: body, MessageSid: 'SM1' });
      expect((await webhook(t, inboundUrl, reply('STOP'), 'forged')).statusCode).toBe(403);
      expect((await textsOf()).json<TextSettings>().phone).toBe(phone);

      t.clock.advance(60_000);
      const stopped = await webhook(t, inboundUrl, reply(' stop '));
      expect(stopped.statusCode).toBe(200);
      expect(stopped.headers['content-type']).toMatch(/text\/xml/);
      const settingsNow = (await textsOf()).json<TextSettings>();
      expect(settingsNow.phone).toBeNull();
      expect(settingsNow.stoppedByReplyAt).not.toBeNull();
      // Turning texts on again starts from the number last agreed to.
      expect(settingsNow.suggestedPhone).toBe(phone);

      // The next reminder is emailed as before but not texted.
      const texted = (await textsTo(`+1${phone}`)).length;
      t.clock.advance(86_400_000);
      token = await t.login(owner.email, homeownerPassword);
      await dueNow();
      await testDispatcher(t, portal, { texts: true }).dispatchDue();
      expect(await textsTo(`+1${phone}`)).toHaveLength(texted);

      expect((await webhook(t, inboundUrl, reply('HELP'))).statusCode).toBe(200);
      const help = (await textsTo(`+1${phone}`)).at(-1)!;
      expect(help.kind).toBe('help');
      expect(help.body).toMatch(
        /^Acme Realty Home Care home maintenance reminders\. .*Reply STOP to stop texts\./,
      );
      expect((await sender().sendDue()).sent).toBe(1);

      expect((await webhook(t, inboundUrl, reply('Start'))).statusCode).toBe(200);
      expect((await textsOf()).json<TextSettings>().phone).toBe(phone);
      const [renewed] = await t.rows<{ collected_by: string; words: string }>(sql`
        select collected_by, words from text_consents where client_user_id = ${owner.id} and ended_at is null`);
      expect(renewed).toEqual({ collected_by: 'text-reply', words: 'Replied START' });
    });

    it('holds a text for the night, and shows a failed delivery to the realtor until a new number', async () => {
      // 23:30 in New York: the text waits until 8:00.
      const night = new Date('2027-01-13T04:30:00Z');
      t.clock.advance(night.getTime() - t.clock.nowMs());
      token = await t.login(owner.email, homeownerPassword);
      await dueNow();
      await testDispatcher(t, portal, { texts: true, quietHours: true }).dispatchDue();
      const [held] = await t.rows<{ next_attempt_at: string }>(sql`
        select next_attempt_at from text_outbox where to_phone = ${`+1${phone}`} and status = 'pending'`);
      const heldUntil = new Date(held!.next_attempt_at);
      expect(heldUntil.toISOString()).toBe('2027-01-13T13:00:00.000Z');
      expect((await sender().sendDue()).sent).toBe(0);

      t.clock.advance(heldUntil.getTime() - t.clock.nowMs());
      // Every task of the home fell due over the weeks skipped: each is texted once, in the morning.
      expect((await sender().sendDue()).sent).toBeGreaterThanOrEqual(1);
      expect(await t.rows(sql`select 1 from text_outbox where status = 'pending'`)).toEqual([]);
      const report = {
        MessageSid: twilio.messages.at(-1)!.sid,
        MessageStatus: 'undelivered',
        ErrorCode: '30003',
        AccountSid: account.accountSid,
      };
      expect((await webhook(t, statusUrl, report)).statusCode).toBe(200);
      const realtor = await t.login('realtor@acme.test');
      const listed = async () =>
        (await t.api({ path: '/home/attention', token: realtor }))
          .json<AttentionList>()
          .items.find((item) => item.clientId === owner.id && item.reason === 'failedText');
      expect((await listed())?.detail).toBe(
        'Not delivered: the phone is switched off or out of reach (30003).',
      );

      // A new number is a new agreement: the failure no longer applies.
      token = await t.login(owner.email, homeownerPassword);
      expect((await agree({ phone: '5005550124', agreed: true })).statusCode).toBe(200);
      expect(await listed()).toBeUndefined();
    });
  },
  // The app needs the account only to offer texts and check signatures; the senders here use the stand-in.
  { twilio: { ...account, from: ourNumber, apiUrl: 'http://127.0.0.1:9' } },
);

describeEachDriver('reminder texts not set up', (t) => {
  it('are not offered, and cannot be turned on', async () => {
    const { token } = await twoHomeowners(t);
    const homeId = (await homeownerOverview(t, token)).homes[0]!.id;
    expect(
      (await t.api({ path: `/homeowner/homes/${homeId}/texts`, token })).json<TextSettings>().offered,
    ).toBe(false);
    expectErrors(
      await t.api({
        method: 'PUT',
        path: `/homeowner/homes/${homeId}/texts`,
        token,
        body: { phone: '5005550123', agreed: true },
      }),
      404,
      textWords.notOffered,
    );
    const inbound = await webhook(t, inboundUrl, { From: '+15005550123', Body: 'STOP' });
    expect(inbound.statusCode).toBe(404);
  });
});
