import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { CareEntry, CareRecord } from '@homeminder/shared/contracts/care-record';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import {
  homeSaleMessages,
  type HomeSaleAnswer,
  type HomeSaleInput,
  type HomeSaleSaved,
  type SoldHomes,
} from '@homeminder/shared/contracts/home-sale';
import { audienceMessages } from '../../access/auth-context';
import {
  homeownerOverview,
  homeownerPassword,
  registeredHomeowner,
  twoHomeowners,
  type TestHomeowner,
} from '../../test/homeowners';
import { readPdf } from '../../test/pdf';
import { describeEachDriver, expectErrors } from '../../test/test-app';
import { HOME_SALE_KINDS } from './home-sale.emails';
import { homeSaleClosingsFor } from './home-sale.closing';

const portalUrl = 'http://portal.example/ui/';
const dayMs = 86_400_000;

describeEachDriver("a home's sale, handed to its next owner on the closing date", (t) => {
  let seller: TestHomeowner;
  let other: TestHomeowner;
  let sellerToken: string;
  let otherToken: string;
  let realtor: string;
  let homeId: string;
  let realtor2Id: string;

  const salePath = (home = homeId) => `/clients/properties/${home}/sale`;
  const closings = () => homeSaleClosingsFor(t.database.db, { portalUrl, now: t.clock.now });
  /** The corporation's date `days` from the test clock's (Acme keeps New York's time). */
  const dayFrom = (days: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
      new Date(t.clock.nowMs() + days * dayMs),
    );
  const sale = (overrides: Partial<HomeSaleInput> = {}): HomeSaleInput => ({
    closingOn: dayFrom(1),
    buyerFirstName: 'Bea',
    buyerLastName: 'Buyer',
    buyerEmail: `bea.buyer.${Date.now()}@example.org`,
    buyerRealtorId: null,
    ...overrides,
  });
  const mark = async (body: HomeSaleInput, home = homeId, as = realtor) => {
    const response = await t.api({ method: 'PUT', path: salePath(home), token: as, body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeSaleSaved>();
  };
  const ownerOf = async (home: string) =>
    (
      await t.rows<{ client_user_id: string }>(sql`select client_user_id from properties where id = ${home}`)
    )[0]!.client_user_id;
  const outbox = (email: string, kind: string) =>
    t.rows<{
      subject: string;
      text: string;
      attachments: { filename: string; contentType: string; content: string }[] | null;
    }>(
      sql`select subject, text, attachments from email_outbox where lower(to_address) = lower(${email}) and kind = ${kind}`,
    );
  const actions = (clientId: string) =>
    t
      .rows<{ action: string }>(
        sql`select action from audit_log where record_id = ${clientId}
              and action in ('property.sale-marked', 'property.sale-changed', 'property.sale-undone', 'property.sold', 'property.bought')
            order by at, id`,
      )
      .then((rows) => rows.map((row) => row.action));

  /** Sessions end after two hours: after the clock moves, everyone signs in again. */
  const signInAgain = async () => {
    sellerToken = await t.login(seller.email, homeownerPassword);
    otherToken = await t.login(other.email, homeownerPassword);
    realtor = await t.login('realtor@acme.test');
  };

  beforeAll(async () => {
    let token: string;
    ({ owner: seller, other, token } = await twoHomeowners(t));
    sellerToken = token;
    otherToken = await t.login(other.email, homeownerPassword);
    homeId = (await homeownerOverview(t, sellerToken)).homes[0]!.id;
    realtor = await t.login('realtor@acme.test');
    realtor2Id = (
      await t.rows<{ id: string }>(sql`select id from tenant_users where email = 'realtor2@acme.test'`)
    )[0]!.id;
    const added = await t.api({
      method: 'POST',
      path: `/homeowner/homes/${homeId}/record`,
      token: sellerToken,
      body: {
        title: 'New water heater',
        doneOn: dayFrom(-30),
        doneBy: 'pro',
        proName: 'Pat Plumber',
        cost: '1,450',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<CareEntry>().cost).toBe(1450);
  });

  it('refuses a sale it cannot keep, with clear errors', async () => {
    const empty = expectErrors(
      await t.api({ method: 'PUT', path: salePath(), token: realtor, body: {} }),
      400,
    );
    expect(empty[0]).toBe(homeSaleMessages.closingOnInvalid);
    const refused = async (body: HomeSaleInput, message: string) =>
      expectErrors(await t.api({ method: 'PUT', path: salePath(), token: realtor, body }), 400, message);
    await refused(sale({ closingOn: dayFrom(-2) }), homeSaleMessages.closingOnPast);
    await refused(sale({ closingOn: dayFrom(400) }), homeSaleMessages.closingOnTooFar);
    await refused(sale({ closingOn: '2027-02-30' }), homeSaleMessages.closingOnInvalid);
    await refused(sale({ buyerEmail: seller.email.toUpperCase() }), homeSaleMessages.buyerIsSeller);
    await refused(
      sale({ buyerRealtorId: '7a1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' }),
      homeSaleMessages.realtorUnknown,
    );
    expect((await t.api({ path: salePath(), token: realtor })).json<HomeSaleAnswer>().sale).toBeNull();
  });

  it('is marked by staff in reach only; the homeowner sees it, nobody else', async () => {
    expectErrors(
      await t.api({ method: 'PUT', path: salePath(), token: sellerToken, body: sale() }),
      403,
      audienceMessages.staffOnly,
    );
    for (const as of [await t.login('realtor2@acme.test'), await t.login('admin@birch.test')]) {
      expectErrors(
        await t.api({ method: 'PUT', path: salePath(), token: as, body: sale() }),
        404,
        homeProfileMessages.homeNotFound,
      );
      expectErrors(await t.api({ path: salePath(), token: as }), 404, homeProfileMessages.homeNotFound);
    }
    expectErrors(
      await t.api({ path: `/homeowner/homes/${homeId}/sale`, token: otherToken }),
      404,
      homeProfileMessages.homeNotFound,
    );
    const own = await t.api({ path: `/homeowner/homes/${homeId}/sale`, token: sellerToken });
    expect(own.json<HomeSaleAnswer>()).toEqual({ sale: null, realtors: [] });
    const staff = (await t.api({ path: salePath(), token: realtor })).json<HomeSaleAnswer>();
    expect(staff.realtors.map((one) => one.name)).toEqual(
      expect.arrayContaining(['Rita Realtor', 'Ray Reyes']),
    );
  });

  it('undone before its closing date, leaves the home as it was', async () => {
    const marked = await mark(sale({ closingOn: dayFrom(1) }));
    expect(marked.message).toBe(homeSaleMessages.marked(marked.sale.closingOn));
    const changed = await mark(sale({ closingOn: dayFrom(3), buyerRealtorId: realtor2Id }));
    expect(changed.message).toBe(homeSaleMessages.changed);
    expect(changed.sale).toMatchObject({
      id: marked.sale.id,
      closingOn: dayFrom(3),
      buyerRealtorName: 'Ray Reyes',
    });
    const seen = await t.api({ path: `/homeowner/homes/${homeId}/sale`, token: sellerToken });
    expect(seen.json<HomeSaleAnswer>().sale?.closingOn).toBe(dayFrom(3));

    const undone = await t.api({ method: 'DELETE', path: salePath(), token: realtor });
    expect(undone.json<{ message: string }>().message).toBe(homeSaleMessages.undone);
    expectErrors(
      await t.api({ method: 'DELETE', path: salePath(), token: realtor }),
      404,
      homeSaleMessages.notFound,
    );
    expect(await closings().closeDue()).toBe(0);
    expect(await ownerOf(homeId)).toBe(seller.id);
    expect((await homeownerOverview(t, sellerToken)).homes.map((home) => home.id)).toEqual([homeId]);
    expect(await actions(seller.id)).toEqual([
      'property.sale-marked',
      'property.sale-changed',
      'property.sale-undone',
    ]);
  });

  it('on the closing date the home, its record and its realtor pass to a new buyer, who is invited; the seller keeps the report', async () => {
    const buyerEmail = `new.buyer.${Date.now()}@example.org`;
    await mark(sale({ closingOn: dayFrom(1), buyerEmail, buyerRealtorId: realtor2Id }));
    expect(await closings().closeDue()).toBe(0);

    t.clock.advance(2 * dayMs);
    expect(await closings().closeDue()).toBe(1);
    expect(await closings().closeDue()).toBe(0);
    await signInAgain();

    const [buyer] = await t.rows<{ id: string; realtor_id: string; invitation_code: string | null }>(
      sql`select id, realtor_id, invitation_code from client_users where lower(email) = lower(${buyerEmail})`,
    );
    expect(await ownerOf(homeId)).toBe(buyer!.id);
    expect(buyer!.realtor_id).toBe(realtor2Id);
    expect(buyer!.invitation_code).not.toBeNull();

    // The seller: the report by email and on My home; the home itself no more.
    const [sold] = await outbox(seller.email, HOME_SALE_KINDS.seller);
    expect(sold!.subject).toMatch(/^Your home report of /);
    const attached = sold!.attachments![0]!;
    expect(attached.contentType).toBe('application/pdf');
    const report = readPdf(Buffer.from(attached.content, 'base64'));
    expect(report.text).toContain('New water heater');
    expect(report.text).toContain('$1,450');
    expect(report.text).toContain('Pat Plumber');
    expect((await homeownerOverview(t, sellerToken)).homes).toEqual([]);
    expectErrors(
      await t.api({ path: `/homeowner/homes/${homeId}/record`, token: sellerToken }),
      404,
      homeProfileMessages.homeNotFound,
    );
    const soldHomes = (await t.api({ path: '/homeowner/sold-homes', token: sellerToken })).json<SoldHomes>();
    expect(soldHomes.homes).toHaveLength(1);
    const kept = await t.api({
      path: `/homeowner/sold-homes/${soldHomes.homes[0]!.id}/report`,
      token: sellerToken,
    });
    expect(kept.headers['content-type']).toBe('application/pdf');
    expect(readPdf(kept.rawPayload).text).toContain('New water heater');
    expectErrors(
      await t.api({ path: `/homeowner/sold-homes/${soldHomes.homes[0]!.id}/report`, token: otherToken }),
      404,
      homeSaleMessages.soldHomeNotFound,
    );

    // The buyer registers from the invitation and finds the home's record.
    const [received] = await outbox(buyerEmail, HOME_SALE_KINDS.buyer);
    expect(received!.subject).toMatch(/^The care record of .+ is waiting for you$/);
    const token = decodeURIComponent(/\/ui\/register\?token=([A-Za-z0-9_%-]+)/.exec(received!.text)![1]!);
    const offered = await t.api({ method: 'POST', path: '/auth/register/invitation', body: { token } });
    expect(offered.statusCode, offered.body).toBe(200);
    const subscriptionIds = offered
      .json<{ subscriptions: { id: string }[] }>()
      .subscriptions.map((s) => s.id);
    expect(subscriptionIds.length).toBeGreaterThan(0);
    const registered = await t.api({
      method: 'POST',
      path: '/auth/register',
      body: { token, password: homeownerPassword, confirmPassword: homeownerPassword, subscriptionIds },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const buyerToken = await t.login(buyerEmail, homeownerPassword);
    expect((await homeownerOverview(t, buyerToken)).homes.map((home) => home.id)).toEqual([homeId]);
    const record = (
      await t.api({ path: `/homeowner/homes/${homeId}/record`, token: buyerToken })
    ).json<CareRecord>();
    expect(record.items.map((entry) => entry.title)).toContain('New water heater');

    // Staff: the buyer's realtor has the home now, the seller's no longer; another corporation never.
    expect(
      (
        await t.api({
          path: `/clients/properties/${homeId}/record`,
          token: await t.login('realtor2@acme.test'),
        })
      ).statusCode,
    ).toBe(200);
    for (const as of [realtor, await t.login('admin@birch.test')])
      expectErrors(
        await t.api({ path: `/clients/properties/${homeId}/record`, token: as }),
        404,
        homeProfileMessages.homeNotFound,
      );
    expect(await actions(seller.id)).toContain('property.sold');
    expect(await actions(buyer!.id)).toEqual(['property.bought']);
  });

  it('a buyer who already has a sign-in gets the home on their account, without an invitation', async () => {
    const second = await registeredHomeowner(t, 'realtor@acme.test', 0);
    const secondToken = await t.login(second.email, homeownerPassword);
    const home = (await homeownerOverview(t, secondToken)).homes[0]!.id;
    const before = (await homeownerOverview(t, otherToken)).homes.length;
    await mark(sale({ closingOn: dayFrom(0), buyerEmail: other.email.toUpperCase() }), home);
    t.clock.advance(dayMs);
    expect(await closings().closeDue()).toBe(1);
    await signInAgain();

    expect(await ownerOf(home)).toBe(other.id);
    expect((await homeownerOverview(t, otherToken)).homes).toHaveLength(before + 1);
    const [received] = await outbox(other.email, HOME_SALE_KINDS.buyer);
    expect(received!.text).not.toContain('register?token=');
    expect(received!.text).toContain('Open My home: http://portal.example/ui/my-home');
    const [client] = await t.rows<{ invitation_code: string | null; n: number }>(
      sql`select invitation_code, (select count(*)::int from client_users where lower(email) = lower(${other.email})) as n
            from client_users where id = ${other.id}`,
    );
    expect(client).toEqual({ invitation_code: null, n: 1 });
  });
});
