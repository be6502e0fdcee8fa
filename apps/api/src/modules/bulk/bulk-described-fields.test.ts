/**
 * Every client field described in the shared contracts (client-fields.ts) travels from an uploaded
 * row to the database and out again in the export: a field added to the descriptions and not
 * carried by the bulk upload fails here.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { BulkPage, BulkProcessResult, BulkRowData } from '@homeminder/shared/contracts/bulk';
import { clientFieldNames, clientFields } from '@homeminder/shared/contracts/client-fields';
import { ACME_TENANT_ID } from '../../db/demo-data';
import { queueBulkRows } from '../../test/bulk-rows';
import { readCsv } from '../../test/csv';
import { describeEachDriver } from '../../test/test-app';

describeEachDriver('the described client fields', (t) => {
  it('are each carried from an uploaded row to the new client, as the export shows', async () => {
    const admin = await t.login('admin@acme.test');
    const email = `described.${randomUUID().slice(0, 8)}@fields.test`;
    const data: BulkRowData = {
      ...Object.fromEntries(clientFieldNames.map((name) => [name, clientFields[name].example])),
      email,
    };
    const queued = await queueBulkRows(t, admin, ACME_TENANT_ID, [data]);
    expect(queued.statusCode, queued.body).toBe(200);
    const page = (await t.api({ path: `/bulk/${ACME_TENANT_ID}/1/1000`, token: admin })).json<BulkPage>();
    expect(page.items.find((item) => item.data.email === email)?.validationError).toBeNull();
    const processed = await t.api({ method: 'POST', path: `/bulk/process/${ACME_TENANT_ID}`, token: admin });
    expect(processed.json<BulkProcessResult>().errors).toEqual({});

    const exported = await t.api({
      method: 'POST',
      path: '/clients/export',
      token: admin,
      body: { search: email, status: 'all' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const [headers, ...lines] = readCsv(exported.body.replace(/^\uFEFF/, ''));
    expect(lines).toHaveLength(1);
    for (const name of clientFieldNames) {
      const { label, rule } = clientFields[name];
      const cell = lines[0]![headers!.indexOf(label)];
      // Compared as the field's rule reads them: "(555) 123-4567" and "5551234567" are one phone.
      expect(rule.parse(cell), `${label} was not carried`).toEqual(rule.parse(data[name]));
    }
  });
});
