/**
 * One brand name on every email: the corporation's site name where it has one, else its name
 * (docs/decisions/057). A sender that names the corporation otherwise fails here.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { brandName } from '@homeminder/shared/brand';
import { ACME_TENANT_ID, acmeCorporation } from '../../db/demo-data';
import { testDispatcher } from '../../test/dispatch';
import { askForReset } from '../../test/outbox';
import { describeEachDriver } from '../../test/test-app';

interface Sent {
  kind: string;
  from_name: string | null;
  html: string;
  text: string | null;
}

describeEachDriver('the brand name of emails', (t) => {
  const sent = (kind: string) =>
    t.rows<Sent>(
      sql`select kind, from_name, html, text from email_outbox
           where tenant_id = ${ACME_TENANT_ID} and kind = ${kind} order by created_at desc`,
    );
  const kinds = async () =>
    (
      await t.rows<{ kind: string }>(
        sql`select distinct kind from email_outbox where tenant_id = ${ACME_TENANT_ID}`,
      )
    ).map((row) => row.kind);
  const forgot = () => askForReset(t, 'realtor@acme.test');

  it("names the site in the sender, the body and the footer of reminders and account emails, else the corporation's name", async () => {
    const siteName = 'Acme Homes Online';
    await t.rows(sql`update corporations set site_name = ${siteName} where id = ${ACME_TENANT_ID}`);
    t.clock.advance(60_000);
    expect(await testDispatcher(t).dispatchDue()).toBeGreaterThan(0);
    await forgot();
    const emails = [
      ...(await sent('reminder')),
      ...(await sent((await kinds()).find((kind) => kind.includes('reset'))!)),
    ];
    expect(emails.length).toBeGreaterThan(1);
    for (const email of emails) {
      expect(email.from_name, email.kind).toBe(siteName);
      expect(email.html, email.kind).toContain(siteName);
      // The corporation's own name is not a second brand beside the site's.
      expect(email.html, email.kind).not.toContain(acmeCorporation.name);
    }

    // A blank site name is no name: the corporation's name is the brand, the same everywhere.
    await t.rows(sql`update corporations set site_name = '  ' where id = ${ACME_TENANT_ID}`);
    await t.rows(sql`delete from email_outbox where tenant_id = ${ACME_TENANT_ID}`);
    await forgot();
    const [reset] = await sent((await kinds())[0]!);
    expect(reset!.from_name).toBe(brandName({ siteName: '  ', name: acmeCorporation.name }));
    expect(reset!.from_name).toBe(acmeCorporation.name);
  });
});
