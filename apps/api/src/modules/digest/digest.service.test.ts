import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mailLinks } from '../../lib/mail/links';
import { serverSecret, signer } from '../../lib/signing';
import { untilLocalTime } from '../../test/clock';
import { describeEachDriver, type TestApp } from '../../test/test-app';
import { ATTENTION_DIGEST_KIND, type DigestItem } from './digest-email';
import { digestRepository } from './digest.repository';
import { digestService } from './digest.service';

const portalUrl = 'http://portal.example/ui/';

/** How long from `now` until New York (the demo corporations' zone) next reads hh:mm. */
const untilNewYork = (now: Date, hour: number, minute: number) =>
  untilLocalTime(now, 'America/New_York', hour, minute);

describeEachDriver('the morning digest of clients needing attention', (t: TestApp) => {
  const asked: string[] = [];
  let realtorId: string;
  let realtor2Id: string;
  const item: DigestItem = {
    clientId: '5e1f0000-0000-4000-8000-00000000c11e',
    clientName: 'Hana Homeowner',
    reason: 'Asked for help with “Replace HVAC filter”.',
    since: new Date('2026-11-20T15:00:00Z'),
    email: 'hana@example.org',
    phone: '5551234567',
  };

  const service = () =>
    digestService({
      digests: digestRepository(t.database.db),
      // Realtor 1 has a client waiting; realtor 2 has nobody.
      attentionOf: async (_tenantId, userId) => {
        asked.push(userId);
        return userId === realtorId ? [item] : [];
      },
      links: mailLinks(signer(serverSecret(t.database.db)), portalUrl),
      portalUrl,
      now: t.clock.now,
    });
  const digests = () =>
    t.rows<{ to_address: string; subject: string; text: string; html: string }>(
      sql`select to_address, subject, text, html from email_outbox where kind = ${ATTENTION_DIGEST_KIND} order by created_at`,
    );
  const idOf = async (email: string) =>
    (await t.rows<{ id: string }>(sql`select id from tenant_users where email = ${email}`))[0]!.id;

  beforeAll(async () => {
    realtorId = await idOf('realtor@acme.test');
    realtor2Id = await idOf('realtor2@acme.test');
  });

  it('goes once a morning from seven, local time, to each realtor with somebody to call', async () => {
    t.clock.advance(untilNewYork(t.clock.now(), 6, 30));
    expect(await service().sendDue()).toBe(0);
    expect(asked).toEqual([]);

    t.clock.advance(60 * 60_000);
    // Two servers at once: the claim lets one of them decide each realtor's digest.
    const [first, second] = await Promise.all([service().sendDue(), service().sendDue()]);
    expect(first + second).toBe(1);
    const [sent, ...others] = await digests();
    expect(others).toEqual([]);
    expect(sent!.to_address).toBe('realtor@acme.test');
    expect(sent!.subject).toBe('1 client needs your attention');
    expect(sent!.text).toContain(
      'Hana Homeowner: Asked for help with “Replace HVAC filter”, since Friday, November 20, 2026. hana@example.org · (555) 123-4567',
    );
    expect(sent!.text).toContain(`Open my Home page: ${portalUrl}`);
    // Each client's line links to the client's details.
    const clientUrl = `${portalUrl}clients?open=${item.clientId}`;
    expect(sent!.text).toContain(`Open Hana Homeowner: ${clientUrl}`);
    expect(sent!.html).toContain(`<a href="${clientUrl}"`);
    expect(sent!.text).toContain('turn it off on Manage My Account');
    expect(sent!.html).toContain('Acme Realty');
    // Realtor 2 was asked too, and had nobody: no email, but the day is decided.
    expect(asked.filter((id) => id === realtor2Id)).toHaveLength(1);
    const days = await t.rows<{ user_id: string; items: number }>(
      sql`select user_id, items from attention_digests where user_id in (${realtorId}, ${realtor2Id}) order by items`,
    );
    expect(days).toEqual([
      { user_id: realtor2Id, items: 0 },
      { user_id: realtorId, items: 1 },
    ]);

    // Later the same morning: nothing more.
    t.clock.advance(3 * 60 * 60_000);
    expect(await service().sendDue()).toBe(0);
    expect(await digests()).toHaveLength(1);

    // The next morning it goes again.
    t.clock.advance(untilNewYork(t.clock.now(), 7, 5));
    expect(await service().sendDue()).toBe(1);
    expect(await digests()).toHaveLength(2);
  });

  it('is not sent to a realtor who turned it off, nor to a disabled one', async () => {
    await t.rows(sql`update tenant_users set attention_digest = false where id = ${realtorId}`);
    t.clock.advance(untilNewYork(t.clock.now(), 7, 10));
    const before = (await digests()).length;
    asked.length = 0;
    expect(await service().sendDue()).toBe(0);
    expect(asked).not.toContain(realtorId);
    expect(await digests()).toHaveLength(before);

    await t.rows(
      sql`update tenant_users set attention_digest = true, enabled = false where id = ${realtorId}`,
    );
    t.clock.advance(24 * 60 * 60_000);
    expect(await service().sendDue()).toBe(0);
    expect(asked).not.toContain(realtorId);
    await t.rows(sql`update tenant_users set enabled = true where id = ${realtorId}`);
  });
});
