import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors } from '../../test/test-app';

/** An expiry (MMYY) `years` ahead of the real clock, in this month. */
function expiryIn(years: number): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}${String((now.getFullYear() + years) % 100).padStart(2, '0')}`;
}

/** The previous month as MMYY: a card that expired last month. */
function lastMonth(): string {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${String(month.getMonth() + 1).padStart(2, '0')}${String(month.getFullYear() % 100).padStart(2, '0')}`;
}

describeEachDriver('billing card checks', (t) => {
  let acmeAdmin: string;
  const path = `/corporation/settings/billing/${ACME_TENANT_ID}`;
  const card = { billingName: 'Alice Admin', number: '4111 1111 1111 1111', cvv: '123', expiry: expiryIn(1) };

  beforeAll(async () => {
    acmeAdmin = await t.login('admin@acme.test');
  });

  const storedCard = async () =>
    (
      await t.rows<{ last4: string | null; expiry: string | null }>(
        sql`select card_last4 as last4, card_expiry as expiry from corporations where id = ${ACME_TENANT_ID}`,
      )
    )[0]!;

  describe('refusals, each changing nothing', () => {
    it('refuses a number whose check digit is wrong', async () => {
      const before = await storedCard();
      const response = await t.api({
        method: 'PUT',
        path,
        body: { ...card, number: '4111 1111 1111 1112' },
        token: acmeAdmin,
      });
      expect(expectErrors(response, 400)).toEqual([messages.cardNumberChecksum]);
      expect(await storedCard()).toEqual(before);
    });

    it('refuses an American Express card with a 3-digit security code', async () => {
      const response = await t.api({
        method: 'PUT',
        path,
        body: { ...card, number: '3782 822463 10005', cvv: '123' },
        token: acmeAdmin,
      });
      expect(expectErrors(response, 400)).toEqual([messages.cvvAmericanExpress]);
    });

    it('refuses a 4-digit security code on a card that has 3', async () => {
      const response = await t.api({ method: 'PUT', path, body: { ...card, cvv: '1234' }, token: acmeAdmin });
      expect(expectErrors(response, 400)).toEqual([messages.cvvThreeDigits]);
    });

    it('says an expired card has expired', async () => {
      const response = await t.api({
        method: 'PUT',
        path,
        body: { ...card, expiry: lastMonth() },
        token: acmeAdmin,
      });
      expect(expectErrors(response, 400)).toEqual([messages.cardExpired]);
    });
  });

  it('saves an American Express card with its 4-digit code and an expiry typed as MM/YY', async () => {
    const expiry = expiryIn(2);
    const response = await t.api({
      method: 'PUT',
      path,
      body: {
        ...card,
        number: '3782 822463 10005',
        cvv: '1234',
        expiry: `${expiry.slice(0, 2)}/${expiry.slice(2)}`,
      },
      token: acmeAdmin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      cardBrand: 'American Express',
      cardLast4: '0005',
      cardExpiry: expiry,
    });
    expect(await storedCard()).toEqual({ last4: '0005', expiry });
  });
});
