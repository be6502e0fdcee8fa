import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { HomeSystemInput } from '@homeminder/shared/contracts/home-systems';
import { mailLinks } from '../../lib/mail/links';
import { serverSecret, signer } from '../../lib/signing';
import { attentionRowsOf } from '../../test/attention';
import { untilLocalTime } from '../../test/clock';
import {
  addHomeSystem,
  homeownerOverview,
  registeredHomeowner,
  homeownerPassword,
} from '../../test/homeowners';
import { describeEachDriver, type TestApp } from '../../test/test-app';
import { withTenant } from '../../db/data-scope';
import { attentionRepository } from '../home';
import { HOME_NOTICE_KIND } from './home-notice-email';
import { homeNoticesRepository } from './home-notices.repository';
import { homeNoticesService } from './home-notices.service';

const portalUrl = 'http://portal.example/ui/';
const dayMs = 86_400_000;

/** The day `days` from the clock's, as date-only text. */
const dayFrom = (t: TestApp, days: number) =>
  new Date(t.clock.nowMs() + days * dayMs).toISOString().slice(0, 10);

describeEachDriver("a home's systems wearing out and warranties ending, told once", (t) => {
  let realtor: string;
  let homeId: string;
  let clientId: string;
  let email: string;
  let tenantId: string;
  let realtorId: string;

  const notices = () =>
    homeNoticesService({
      notices: homeNoticesRepository(t.database.db),
      signing: signer(serverSecret(t.database.db)),
      links: mailLinks(signer(serverSecret(t.database.db)), portalUrl),
      portalUrl,
      mailFrom: 'Reminders <reminders@homeminder.test>',
      now: t.clock.now,
    });
  const sent = () =>
    t.rows<{ subject: string; text: string; html: string; headers: Record<string, string> }>(
      sql`select subject, text, html, headers from email_outbox
           where kind = ${HOME_NOTICE_KIND} and to_address = ${email} order by created_at, subject`,
    );
  const add = (body: HomeSystemInput) => addHomeSystem(t, realtor, homeId, body, '/clients/properties');
  /** The realtor's list of who needs attention, this client's rows. */
  const listed = () => attentionRowsOf(t, realtor, clientId);

  beforeAll(async () => {
    // Mornings in New York, the demo corporations' zone, from half past seven.
    t.clock.advance(untilLocalTime(t.clock.now(), 'America/New_York', 7, 30));
    const owner = await registeredHomeowner(t, 'realtor@acme.test');
    ({ id: clientId, email, tenantId } = owner);
    [{ id: realtorId }] = (await t.rows<{ id: string }>(
      sql`select id from tenant_users where email = 'realtor@acme.test'`,
    )) as [{ id: string }];
    homeId = (await homeownerOverview(t, await t.login(owner.email, homeownerPassword))).homes[0]!.id;
    realtor = await t.login('realtor@acme.test');
  });

  it('lists an old water heater and a warranty ending for the realtor, and nothing of a young dishwasher', async () => {
    const year = t.clock.now().getUTCFullYear();
    await add({ kind: 'waterHeater', type: 'tankGas', installedYear: year - 16, capacity: 50 });
    await add({
      kind: 'heating',
      type: 'gasFurnace',
      installedYear: year - 3,
      warrantyEndsOn: dayFrom(t, 30),
    });
    await add({ kind: 'dishwasher', installedYear: year - 1 });

    const rows = await listed();
    expect(rows.map((row) => row.reason).sort()).toEqual(['replacement', 'warranty']);
    const replacement = rows.find((row) => row.reason === 'replacement')!;
    expect(replacement.system).toMatchObject({
      kind: 'waterHeater',
      type: 'tankGas',
      installedYear: year - 16,
    });
    // Known from when it was entered, not from years ago.
    expect(replacement.since).toBe(t.clock.now().toISOString());

    // The morning digest reads the same list, in words.
    const digest = await withTenant(t.database.db, tenantId, () =>
      attentionRepository(t.database.db).digestItems(tenantId, realtorId, t.clock.now()),
    );
    expect(digest.map((item) => item.reason)).toEqual(
      expect.arrayContaining([
        `The water heater, installed ${year - 16}, is near the end of its typical life: likely replacement soon.`,
        expect.stringMatching(/^The gas furnace’s warranty ends on \d{2}[A-Z]{3}\d{4}\.$/),
      ]),
    );
  });

  it("finds the home in the grid's systems filter, by wear and by age, and counts it on Home", async () => {
    const grid = async (systems: string, token = realtor) => {
      const response = await t.api({ method: 'POST', path: '/clients/grid', token, body: { systems } });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ items: Array<{ propertyId: string }>; totalItemCount: number }>();
      return { homes: body.items.map((row) => row.propertyId), total: body.totalItemCount };
    };
    expect((await grid('replaceSoon')).homes).toContain(homeId);
    expect((await grid('age10')).homes).toContain(homeId);
    expect((await grid('age20')).homes).not.toContain(homeId);
    const all = await grid('all');
    expect((await grid('replaceSoon')).total).toBeLessThan(all.total);
    // Another realtor's grid does not have her.
    expect((await grid('replaceSoon', await t.login('realtor2@acme.test'))).homes).not.toContain(homeId);

    const summary = await t.api({ path: '/home/summary', token: realtor });
    expect(summary.json<{ replacementSoonProperties: number }>().replacementSoonProperties).toBe(
      (await grid('replaceSoon')).total,
    );
  });

  it('emails the homeowner once of each, whichever server finds it first', async () => {
    const [first, second] = await Promise.all([notices().sendDue(), notices().sendDue()]);
    expect(first + second).toBe(2);
    expect(await notices().sendDue()).toBe(0);

    const [warranty, wear] = await sent();
    expect(wear!.subject).toBe('Your water heater may need replacing soon');
    expect(wear!.text).toMatch(
      /Your water heater is 1[56] years old; gas tank water heaters usually last 8 to 12 years: have it checked, and plan for a replacement\./,
    );
    expect(wear!.text).toContain(`Open My home: ${portalUrl}my-home`);
    expect(wear!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(warranty!.subject).toBe('The warranty of your gas furnace ends soon');
    expect(warranty!.text).toContain('Your gas furnace’s warranty ends in 30 days, on ');
  });

  it('tells the warranty again at 14 days, once, and lists the wear no more after its days', async () => {
    t.clock.advance(17 * dayMs);
    expect(await notices().sendDue()).toBe(1);
    expect(await notices().sendDue()).toBe(0);
    expect((await sent()).at(-1)!.text).toContain('Your gas furnace’s warranty ends in 13 days, on ');

    // Past the warranty's last day and the wear's 90 days: the list is clear again, nothing more is sent.
    t.clock.advance(80 * dayMs);
    realtor = await t.login('realtor@acme.test');
    expect(await listed()).toEqual([]);
    expect(await notices().sendDue()).toBe(0);
    expect(await sent()).toHaveLength(3);
  });

  it('tells nobody who stopped the emails', async () => {
    await t.rows(sql`update client_users set unsubscribed_at = now() where id = ${clientId}`);
    await add({ kind: 'sumpPump', installedYear: t.clock.now().getUTCFullYear() - 12 });
    expect(await notices().sendDue()).toBe(0);
  });
});
