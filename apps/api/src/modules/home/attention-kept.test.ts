import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { attentionReasons } from '@homeminder/shared/contracts/attention';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { askedHelp, attentionClientsOf, type AttentionClient } from '../../test/attention';
import { testDispatcher } from '../../test/dispatch';
import { registeredHomeowner } from '../../test/homeowners';
import { describeEachDriver, signInBeforeAll } from '../../test/test-app';
import { withTenant } from '../../db/data-scope';
import { attentionRepository, type AttentionSource } from './attention.repository';

const dayMs = 86_400_000;

/**
 * The reconciliation of docs/decisions/087: after each event of a scripted day-to-day, the reasons
 * the database kept as things happened equal the definition run again for every client.
 */
describeEachDriver('who needs attention, kept as it happens', (t) => {
  const token = signInBeforeAll(t, ['manager@acme.test', 'realtor@acme.test']);
  const ago = (days: number) => new Date(t.clock.nowMs() - days * dayMs).toISOString();
  let clients: AttentionClient[];

  beforeAll(async () => {
    clients = await attentionClientsOf(t, ACME_TENANT_ID, 'realtor@acme.test');
    expect(clients.length).toBeGreaterThanOrEqual(10);
  });

  /**
   * Every kept row, and every row the definition gives now with its client's realtor, each as one
   * line, in one order.
   */
  async function keptAndRebuilt() {
    const line = sql`concat_ws('|', tenant_id, client_user_id, reason, since, property_id, reply_id,
      reminder_id, subscription_id, detail, system_id, realtor_id)`;
    const [row] = await t.rows<{ kept: string[] | null; rebuilt: string[] | null }>(sql`select
      (select array_agg(${line} order by ${line}) from client_attention) as kept,
      (select array_agg(${line} order by ${line}) from (select r.*, c.realtor_id from client_attention_rows(
        (select array_agg(tenant_id) from client_users), (select array_agg(id) from client_users)) r
        join client_users c on c.tenant_id = r.tenant_id and c.id = r.client_user_id) rebuilt) as rebuilt`);
    return { kept: row!.kept ?? [], rebuilt: row!.rebuilt ?? [] };
  }

  async function expectReconciled(after: string) {
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept, `kept rows after ${after}`).toEqual(rebuilt);
  }

  /**
   * The manager's (or one realtor's) whole list at `now`, read from the kept rows or from the
   * definition run again.
   */
  async function listAt(now: Date, source: AttentionSource, realtorId: string | null = null) {
    return withTenant(t.database.db, ACME_TENANT_ID, () =>
      attentionRepository(t.database.db).attentionPage(
        { tenantId: ACME_TENANT_ID, realtorId, now, limit: 1000, offset: 0 },
        source,
      ),
    );
  }

  /** The realtor of each Acme realtor's email, and the client's realtor now. */
  const realtorOf = async (email: string) =>
    (
      await t.rows<{ id: string }>(
        sql`select id::text as id from tenant_users where tenant_id = ${ACME_TENANT_ID} and email = ${email}`,
      )
    )[0]!.id;
  const clientsRealtor = async (clientId: string) =>
    (
      await t.rows<{ realtor: string | null }>(
        sql`select realtor_id::text as realtor from client_users where id = ${clientId}`,
      )
    )[0]!.realtor;

  /** The client's address on Acme's suppression list, as a relay's report puts it there. */
  const suppress = (client: AttentionClient, reason: 'bounce' | 'complaint') =>
    t.rows(sql`insert into email_suppressions (tenant_id, address, reason, provider, detail)
      values (${ACME_TENANT_ID}, lower(${client.email}), ${reason}, 'postmark', 'smtp; 550 5.1.1 user unknown')`);

  const reasonsOf = async (clientId: string) =>
    (
      await t.rows<{ reason: string }>(
        sql`select reason from client_attention where client_user_id = ${clientId} order by reason`,
      )
    ).map((row) => row.reason);

  it('keeps what each event changes, as the definition gives it from scratch', async () => {
    const [helped, overdue, doneLater, failing, unsubscribing, invited, moving, removed, equipped, bouncing] =
      clients;
    await expectReconciled('the seeded data');

    // Help asked, then taken in hand through the API.
    const helpId = await askedHelp(t, helped!, 3, 'The sump pump hums');
    await expectReconciled('a help request');
    expect(await reasonsOf(helped!.id)).toContain('help');
    const handled = await t.api({
      method: 'POST',
      path: `/clients/help/${helpId}/handled`,
      token: token('manager@acme.test'),
      body: { note: 'Called back' },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    await expectReconciled('a help request handled');
    expect(await reasonsOf(helped!.id)).not.toContain('help');

    // Reminders emailed by the dispatcher, then sent: a client who replied once becomes overdue.
    for (const client of [overdue!, doneLater!]) {
      await t.rows(sql`insert into reminder_answers
          (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, done_on, source, created_at)
        values (${ACME_TENANT_ID}, 'done', ${client.id}, ${client.property}, ${client.subscription}, ${client.reminder},
          ${ago(200)}::timestamptz, ${ago(199).slice(0, 10)}, 'email', ${ago(199)}::timestamptz)`);
      await t.rows(sql`update reminder_subscriptions set next_due_at = ${ago(40)}::timestamptz
        where tenant_id = ${ACME_TENANT_ID} and id = ${client.subscription}`);
    }
    await testDispatcher(t).dispatchDue();
    await expectReconciled('reminders queued');
    await t.rows(sql`update email_outbox set status = 'sent', sent_at = created_at
      where tenant_id = ${ACME_TENANT_ID} and status = 'pending' and kind = 'reminder'`);
    await expectReconciled('reminders sent');
    expect(await reasonsOf(overdue!.id)).toContain('overdue');

    // A "done" for the occurrence takes the client off.
    await t.rows(sql`insert into reminder_answers
        (tenant_id, kind, client_user_id, property_id, subscription_id, reminder_id, due_at, done_on, source, created_at)
      values (${ACME_TENANT_ID}, 'done', ${doneLater!.id}, ${doneLater!.property}, ${doneLater!.subscription},
        ${doneLater!.reminder}, ${ago(40)}::timestamptz, ${ago(1).slice(0, 10)}, 'email', ${ago(1)}::timestamptz)`);
    await expectReconciled('a reminder done');
    expect(await reasonsOf(doneLater!.id)).not.toContain('overdue');

    // An email failing for good, then the client's address corrected.
    await t.rows(sql`insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, created_at)
      values (${ACME_TENANT_ID}, 'client-invitation', ${failing!.email}, 'Your invitation', '', '', 'pending',
        ${ago(2)}::timestamptz)`);
    await expectReconciled('an email queued');
    await t.rows(sql`update email_outbox set status = 'failed'
      where tenant_id = ${ACME_TENANT_ID} and to_address = ${failing!.email} and status = 'pending'`);
    await expectReconciled('an email failing');
    expect(await reasonsOf(failing!.id)).toContain('failedEmail');
    await t.rows(sql`update client_users set email = ${`fixed.${failing!.email}`} where id = ${failing!.id}`);
    await expectReconciled('an address corrected');
    expect(await reasonsOf(failing!.id)).not.toContain('failedEmail');

    // A relay's hard bounce and spam complaint (docs/decisions/101): the bounced address corrected,
    // the complaint's address taken off the list.
    await suppress(bouncing!, 'bounce');
    await expectReconciled('an address bouncing');
    expect(await reasonsOf(bouncing!.id)).toContain('bounced');
    await t.rows(
      sql`update client_users set email = ${`fixed.${bouncing!.email}`} where id = ${bouncing!.id}`,
    );
    await expectReconciled('a bounced address corrected');
    expect(await reasonsOf(bouncing!.id)).not.toContain('bounced');
    await suppress(unsubscribing!, 'complaint');
    await expectReconciled('a spam complaint');
    expect(await reasonsOf(unsubscribing!.id)).toContain('markedSpam');
    await t.rows(sql`delete from email_suppressions where address = lower(${unsubscribing!.email})`);
    await expectReconciled('an address taken off the suppression list');
    expect(await reasonsOf(unsubscribing!.id)).not.toContain('markedSpam');

    // An unsubscribe, and subscribing again.
    await t.rows(
      sql`update client_users set unsubscribed_at = ${ago(1)}::timestamptz where id = ${unsubscribing!.id}`,
    );
    await expectReconciled('an unsubscribe');
    expect(await reasonsOf(unsubscribing!.id)).toContain('unsubscribed');
    await t.rows(sql`update client_users set unsubscribed_at = null where id = ${unsubscribing!.id}`);
    await expectReconciled('subscribing again');

    // An invitation sent through the API and left open; another client invited and registered.
    const invitation = await t.api({
      method: 'POST',
      path: `/clients/invite/${invited!.id}`,
      token: token('realtor@acme.test'),
    });
    expect(invitation.statusCode, invitation.body).toBe(202);
    await expectReconciled('an invitation');
    expect(await reasonsOf(invited!.id)).toContain('invitation');
    const homeowner = await registeredHomeowner(t, 'realtor@acme.test');
    await expectReconciled('an invitation accepted');
    expect(await reasonsOf(homeowner.id)).not.toContain('invitation');

    // A help request on a property that is then removed, and a client removed.
    await askedHelp(t, moving!, 1, 'Is the roof due?');
    await t.rows(sql`delete from reminder_subscriptions where id = ${moving!.subscription}`);
    await expectReconciled('a subscription removed');
    await t.rows(sql`delete from properties where id = ${removed!.property}`);
    await expectReconciled('a property removed');
    await t.rows(sql`delete from client_users where id = ${removed!.id}`);
    await expectReconciled('a client removed');

    // A system likely to need replacing and a warranty ending, added, corrected and removed.
    const year = t.clock.now().getUTCFullYear();
    const inDays = (days: number) => new Date(t.clock.nowMs() + days * dayMs).toISOString().slice(0, 10);
    const systems = `/clients/properties/${equipped!.property}/systems`;
    const realtor = token('realtor@acme.test');
    const heater = { kind: 'waterHeater', type: 'tankGas', installedYear: year - 16 };
    const added = await t.api({ method: 'POST', path: systems, token: realtor, body: heater });
    expect(added.statusCode, added.body).toBe(201);
    const heaterId = added.json<{ id: string }>().id;
    await expectReconciled('an old water heater added');
    expect(await reasonsOf(equipped!.id)).toContain('replacement');
    const corrected = await t.api({
      method: 'PUT',
      path: `${systems}/${heaterId}`,
      token: realtor,
      body: { ...heater, installedYear: year - 2, warrantyEndsOn: inDays(50) },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await expectReconciled('its year corrected and a warranty given');
    // Kept for the day it wears, years on; listed only from then.
    expect(await reasonsOf(equipped!.id)).toEqual(['replacement', 'warranty']);
    const gone = await t.api({ method: 'DELETE', path: `${systems}/${heaterId}`, token: realtor });
    expect(gone.statusCode, gone.body).toBe(200);
    await expectReconciled('a system removed');
    expect(await reasonsOf(equipped!.id)).toEqual([]);

    // Left in place for the days that follow: a help request, an unsubscribe, a failed email, a
    // bounce, a complaint, an old water heater whose warranty ends in 50 days, a client gone quiet,
    // a text not delivered.
    await askedHelp(t, helped!, 0, 'And the gutters?');
    // The dispatcher counts unanswered reminders outside any corporation's scope; the sixth makes
    // the client quiet.
    await t.rows(sql`update client_users set unanswered_reminders = 6, unanswered_since = ${ago(3)}::timestamptz
      where id = ${equipped!.id}`);
    await expectReconciled('a client gone quiet');
    expect(await reasonsOf(equipped!.id)).toContain('quiet');
    await suppress(doneLater!, 'bounce');
    await suppress(helped!, 'complaint');
    await t.rows(
      sql`update client_users set unsubscribed_at = ${ago(0)}::timestamptz where id = ${unsubscribing!.id}`,
    );
    await t.rows(sql`insert into email_outbox (tenant_id, kind, to_address, subject, html, text, status, created_at)
      values (${ACME_TENANT_ID}, 'client-invitation', ${overdue!.email}, 'Your invitation', '', '', 'failed',
        ${ago(0)}::timestamptz)`);
    // A reminder text the carrier could not deliver, to the number the client agreed to.
    await t.rows(sql`insert into text_consents (tenant_id, client_user_id, phone, words, collected_by, created_at)
      values (${ACME_TENANT_ID}, ${overdue!.id}, '+15005550199', 'I agree', 'client', ${ago(1)}::timestamptz)`);
    await t.rows(sql`insert into text_outbox (tenant_id, kind, client_user_id, to_phone, body, status, created_at)
      values (${ACME_TENANT_ID}, 'reminder', ${overdue!.id}, '+15005550199', 'Due today', 'sent', ${ago(0)}::timestamptz)`);
    await t.rows(sql`update text_outbox set status = 'failed', last_error = 'Not delivered.'
      where client_user_id = ${overdue!.id}`);
    await expectReconciled('a text not delivered');
    expect(await reasonsOf(overdue!.id)).toContain('failedText');
    const kept = await t.api({
      method: 'POST',
      path: systems,
      token: realtor,
      body: { ...heater, warrantyEndsOn: inDays(50) },
    });
    expect(kept.statusCode, kept.body).toBe(201);
    await expectReconciled('the last events');

    // A client left without a realtor, then given to another: the reasons follow, and the second
    // realtor keeps the client for the days that follow.
    const other = await realtorOf('realtor2@acme.test');
    expect(await clientsRealtor(overdue!.id)).not.toBe(other);
    await t.rows(sql`update client_users set realtor_id = null where id = ${overdue!.id}`);
    await expectReconciled('a client left without a realtor');
    await t.rows(sql`update client_users set realtor_id = ${other} where id = ${overdue!.id}`);
    await expectReconciled('a client given to another realtor');
  });

  it('lists the same clients from the kept rows as from scratch as the days pass', async () => {
    // An invitation sent today is listed after 14 days, an unsubscribe for 30 days.
    const seen = new Set<string>();
    const realtor = await realtorOf('realtor@acme.test');
    // The rows of clients the first realtor does not have (the client the script gave away).
    let othersRows = 0;
    for (const days of [0, 10, 20, 35, 60]) {
      const now = new Date(t.clock.nowMs() + days * dayMs);
      const [kept, rebuilt] = [await listAt(now, 'kept'), await listAt(now, 'rebuilt')];
      expect(kept, `${days} days on`).toEqual(rebuilt);
      const [realtorsKept, realtorsRebuilt] = [
        await listAt(now, 'kept', realtor),
        await listAt(now, 'rebuilt', realtor),
      ];
      expect(realtorsKept, `the realtor's list ${days} days on`).toEqual(realtorsRebuilt);
      expect(realtorsKept.items.length).toBeGreaterThan(0);
      othersRows += kept.items.length - realtorsKept.items.length;
      for (const item of kept.items) seen.add(item.reason);
    }
    expect(othersRows).toBeGreaterThan(0);
    // The script above leaves each kind of reason listed on some day.
    expect([...seen].sort()).toEqual([...attentionReasons].sort());
  });
});
