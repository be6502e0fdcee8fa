import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { guessMapping } from '@homeminder/shared/bulk-columns';
import {
  bulkFields,
  type BulkPage,
  type BulkProcessResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { messages } from '@homeminder/shared/validation/messages';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { queueBulkFile } from '../../test/bulk-rows';
import { describeEachDriver, signInBeforeAll } from '../../test/test-app';

/**
 * A HubSpot contacts export saved again in Excel: a byte order mark, Windows line ends, cells
 * unquoted (none holds a comma) and ZIPs that lost their leading 0.
 */
const fixture = new URL('../../../../../fixtures/crm/hubspot-excel-zips.csv', import.meta.url);

function hubspotRows(): BulkRowData[] {
  const [header, ...lines] = readFileSync(fixture, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const mapping = guessMapping(header!.split(','));
  return lines.map((line) => {
    const row = line.split(',');
    const data: BulkRowData = {};
    for (const field of bulkFields) {
      const index = mapping[field];
      if (index !== null && row[index]) data[field] = row[index];
    }
    return data;
  });
}

describeEachDriver('bulk upload: a CRM export saved again in Excel', (t) => {
  const token = signInBeforeAll(t);

  it("reads a 4-digit ZIP with its leading 0 where the state's ZIPs start with it, and only there", async () => {
    const manager = token('manager@acme.test');
    await t.api({ method: 'DELETE', path: `/bulk/${ACME_TENANT_ID}/all`, token: manager });
    const rows = hubspotRows();
    expect(rows.map((row) => row.zip)).toEqual([
      '2134',
      '6103',
      '2903',
      '3301',
      '5401',
      '4101',
      '7030',
      '6270',
      '01608',
    ]);
    const queued = await queueBulkFile(t, manager, ACME_TENANT_ID, { fileName: 'hubspot.csv' }, rows);
    expect(queued.statusCode, queued.body).toBe(200);

    // The rows keep the ZIP as typed, so the grid can say how it is read; only Illinois' is a problem.
    const page = (await t.api({ path: `/bulk/${ACME_TENANT_ID}/1/100`, token: manager })).json<BulkPage>();
    expect(page.items.map((item) => [item.data.zip, item.validationError])).toEqual([
      ['2134', null],
      ['6103', null],
      ['2903', null],
      ['3301', null],
      ['5401', null],
      ['4101', null],
      ['7030', null],
      ['6270', `ZIP: ${messages.zipLength}`],
      ['01608', null],
    ]);

    const processed = await t.api({
      method: 'POST',
      path: `/bulk/process/${ACME_TENANT_ID}`,
      token: manager,
      body: { waitingAsPending: true },
    });
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json<BulkProcessResult>()).toMatchObject({ created: 8 });
    const created = await t.rows<{ email: string; zip: string; realtor: string | null }>(
      sql`select c.email, p.zip, r.email as realtor from client_users c
            join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
            left join tenant_users r on r.id = c.realtor_id
           where c.tenant_id = ${ACME_TENANT_ID} and c.email like '%@hubspot.example'
           order by c.email`,
    );
    expect(created.map((row) => [row.email.split('.')[0], row.zip, row.realtor])).toEqual([
      ['gail', '02134', 'realtor@acme.test'],
      ['hank', '06103', 'realtor2@acme.test'],
      ['iris', '02903', 'realtor@acme.test'],
      ['jack', '03301', null],
      ['kate', '05401', 'realtor2@acme.test'],
      ['liam', '04101', 'realtor@acme.test'],
      ['maya', '07030', null],
      ['olive', '01608', 'realtor2@acme.test'],
    ]);
  });
});
