/**
 * A corporation's own sending domain (docs/decisions/105): its administrators set it, the portal
 * makes the key and shows the records; once the DKIM record is found, a reminder leaves From the
 * domain with a signature a maintained verifier (mailauth) accepts, covering the unsubscribe headers.
 */
import { sql } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendingDomainWords, type SendingDomain } from '@homeminder/shared/contracts/sending-domain';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { testDispatcher } from '../../test/dispatch';
import { headerOf, testSmtpServer } from '../../test/smtp-server';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { outboxSender, smtpTransport } from '../mail';

/** The DNS the test publishes to: TXT records by name. */
const published = new Map<string, string[][]>();
const resolveTxt = async (name: string) => {
  const found = published.get(name.toLowerCase());
  if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return found;
};

describeEachDriver(
  'a corporation sends from its own domain',
  (t) => {
    const smtp = testSmtpServer();
    beforeAll(() => smtp.start());
    afterAll(() => smtp.stop());
    const path = `/corporation/settings/sendingDomain/${ACME_TENANT_ID}`;

    it('is set, shown and checked by its administrators only, and signs its mail once found', async () => {
      const admin = await t.login('admin@acme.test');
      const realtor = await t.login('realtor@acme.test');
      expect((await t.api({ path, token: admin })).json<SendingDomain>().status).toBe('none');
      expect(
        (await t.api({ method: 'PUT', path, token: realtor, body: { domain: 'mail.acme.test' } })).statusCode,
      ).toBe(403);
      for (const domain of ['acme', 'https://acme.test', 'me@acme.test', '-x.acme.test', ''])
        expectErrors(
          await t.api({ method: 'PUT', path, token: admin, body: { domain } }),
          400,
          sendingDomainWords.domainInvalid,
        );
      const other = `/corporation/settings/sendingDomain/${BIRCH_TENANT_ID}`;
      expect(
        (await t.api({ method: 'PUT', path: other, token: admin, body: { domain: 'birch.test' } }))
          .statusCode,
      ).toBe(404);

      const set = await t.api({
        method: 'PUT',
        path,
        token: admin,
        body: { domain: ' Mail.Acme-Realty.test. ' },
      });
      expect(set.statusCode, set.body).toBe(200);
      const domain = set.json<SendingDomain>();
      expect(domain).toMatchObject({ domain: 'mail.acme-realty.test', status: 'waiting', verifiedAt: null });
      expect(domain.fromAddress).toMatch(/@mail\.acme-realty\.test$/);
      expect(domain.records.map((record) => record.purpose)).toEqual(['DKIM', 'SPF', 'DMARC']);
      const dkim = domain.records[0]!;
      expect(dkim.name).toMatch(/^hm\d{8}\._domainkey\.mail\.acme-realty\.test$/);
      expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
      // The key itself never leaves the server.
      expect(set.body).not.toMatch(/PRIVATE KEY/);

      // Not yet published: not in use, and a reminder still leaves from the portal's domain.
      const notYet = await t.api({ method: 'POST', path: `${path}/check`, token: admin });
      expect(notYet.json<SendingDomain>()).toMatchObject({
        status: 'waiting',
        message: sendingDomainWords.notFound,
      });

      // Published as DNS hosts split long values: in strings of at most 255 characters.
      published.set(dkim.name, [dkim.value.match(/.{1,255}/g)!]);
      const found = await t.api({ method: 'POST', path: `${path}/check`, token: admin });
      expect(found.json<SendingDomain>()).toMatchObject({
        status: 'verified',
        message: sendingDomainWords.found,
      });
      const [audit] = await t.rows<{ details: object }>(sql`select details from audit_log
        where action = 'corporation.sending-domain-verified' and tenant_id = ${ACME_TENANT_ID}`);
      expect(audit?.details).toEqual({ domain: 'mail.acme-realty.test' });

      // A reminder of Acme's, dispatched and sent over SMTP.
      const [due] = await t.rows<{ id: string }>(sql`
        update reminder_subscriptions set next_due_at = ${new Date(t.clock.nowMs() - 60_000).toISOString()}::timestamptz
         where id = (select s.id from reminder_subscriptions s
                       join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
                       join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
                      where s.tenant_id = ${ACME_TENANT_ID} and p.enabled and not p.pending and c.enabled
                        and c.unsubscribed_at is null and s.paused_at is null
                      order by s.id limit 1)
        returning id`);
      await testDispatcher(t).dispatchDue();
      const [queued] = await t.rows<{ to_address: string }>(sql`select to_address from email_outbox
        where subscription_id = ${due!.id} and status = 'pending'`);
      const transport = await smtpTransport(smtp.url, 'HomeMinder <reminders@portal.example>');
      await outboxSender({ db: t.database.db, transport, quietHours: false, now: t.clock.now }).sendDue();
      transport.close();
      const message = smtp.received.find((one) => one.to.includes(queued!.to_address))!;
      expect(message, 'the reminder was sent').toBeDefined();
      expect(headerOf(message, 'From')).toMatch(/<reminders@mail\.acme-realty\.test>$/);

      const result = await dkimVerify(Buffer.from(message.raw), {
        resolver: (name: string, type: string) =>
          type === 'TXT' ? resolveTxt(name) : Promise.reject(new Error(`no ${type} records here`)),
      });
      const [signature] = result.results;
      expect(signature?.status.result, JSON.stringify(signature?.status)).toBe('pass');
      expect(signature?.signingDomain).toBe('mail.acme-realty.test');
      // The headers the signature covers, as its h= tag names them.
      const covered = /(?:^|;)\s*h=([^;]+)/.exec(headerOf(message, 'DKIM-Signature') ?? '')?.[1] ?? '';
      const signed = covered.replace(/\s+/g, '').toLowerCase().split(':');
      expect(signed).toEqual(
        expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
      );

      // Removed, mail leaves from the portal's domain again.
      const removed = await t.api({ method: 'DELETE', path, token: admin });
      expect(removed.json<SendingDomain>()).toMatchObject({
        status: 'none',
        message: sendingDomainWords.removed,
      });
    });
  },
  { resolveTxt },
);
