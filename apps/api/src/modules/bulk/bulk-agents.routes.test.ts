import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { guessMapping } from '@homeminder/shared/bulk-columns';
import {
  bulkFieldLabels,
  bulkFields,
  bulkMessages,
  type BulkPage,
  type BulkPreview,
  type BulkProcessResult,
  type BulkRowData,
} from '@homeminder/shared/contracts/bulk';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll } from '../../test/test-app';
import { tenantUserId } from '../../test/users';

/** A Follow Up Boss contact export: every cell quoted, the agent in "Assigned To" by name. */
const fixture = new URL('../../../../../fixtures/crm/follow-up-boss.csv', import.meta.url);

/**
 * The fixture's rows as the browser queues them, through the guessed mapping; `domain` replaces
 * the emails' own, so each test's clients are new.
 */
function followUpBossRows(domain = 'fub.example'): BulkRowData[] {
  const [header, ...lines] = readFileSync(fixture, 'utf8').split(/\r?\n/).filter(Boolean);
  const cells = (line: string) => line.slice(1, -1).split('","');
  const mapping = guessMapping(cells(header!));
  return lines.map((line) => {
    const row = cells(line);
    const data: BulkRowData = {};
    for (const field of bulkFields) {
      const index = mapping[field];
      if (index !== null && row[index]) data[field] = row[index];
    }
    return { ...data, email: data.email?.replace('@fub.example', `@${domain}`) };
  });
}

const agentProblem = (message: string) => `${bulkFieldLabels.realtorEmail}: ${message}`;

describeEachDriver('bulk upload: the agent column', (t) => {
  const token = signInBeforeAll(t);
  const queue = (
    rows: BulkRowData[],
    extra: object = {},
    email = 'manager@acme.test',
    tenant = ACME_TENANT_ID,
  ) =>
    t.api({
      method: 'POST',
      path: `/bulk/${tenant}`,
      token: token(email),
      body: { items: rows.map((data) => ({ itemId: randomUUID(), data })), ...extra },
    });
  const get = async <T>(path: string) => {
    const response = await t.api({ path, token: token('manager@acme.test') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const pageOf = () => get<BulkPage>(`/bulk/${ACME_TENANT_ID}/1/1000`);
  const preview = () => get<BulkPreview>(`/bulk/${ACME_TENANT_ID}/preview`);
  const realtorOf = async (email: string) => {
    const [row] = await t.rows<{ realtor: string | null }>(
      sql`select r.email as realtor from client_users c left join tenant_users r on r.id = c.realtor_id
           where c.tenant_id = ${ACME_TENANT_ID} and c.email = ${email}`,
    );
    return row?.realtor;
  };

  beforeEach(async () => {
    const cleared = await t.api({
      method: 'DELETE',
      path: `/bulk/${ACME_TENANT_ID}/all`,
      token: token('manager@acme.test'),
    });
    expect(cleared.statusCode).toBe(200);
  });

  it('guesses "Assigned To", names an unknown agent, and creates each client with its realtor', async () => {
    const rows = followUpBossRows();
    expect(rows.map((row) => row.realtorEmail)).toEqual([
      'Rita Realtor',
      '  ray   REYES ',
      'Nora Nobody',
      undefined,
      'Ray Reyes',
      undefined,
    ]);
    expect((await queue(rows, { fileName: 'fub.csv' })).statusCode).toBe(200);
    const page = await pageOf();
    expect(page.items.map((item) => item.validationError)).toEqual([
      null,
      null,
      agentProblem(bulkMessages.realtorUnknown('Nora Nobody')),
      null,
      null,
      null,
    ]);
    expect(await preview()).toMatchObject({ valid: 5, withErrors: 1, withoutRealtor: 2 });

    // Fixed in the row's dialog: the realtor chosen from the list is sent as their email.
    const unknown = page.items[2]!;
    const fixed = await t.api({
      method: 'PUT',
      path: `/bulk/${ACME_TENANT_ID}/${unknown.id}`,
      token: token('manager@acme.test'),
      body: { data: { ...unknown.data, realtorEmail: 'realtor2@acme.test' } },
    });
    expect(fixed.statusCode, fixed.body).toBe(204);
    expect(await preview()).toMatchObject({ valid: 6, withErrors: 0, withoutRealtor: 2 });

    const processed = await t.api({
      method: 'POST',
      path: `/bulk/process/${ACME_TENANT_ID}`,
      token: token('manager@acme.test'),
    });
    expect(processed.json<BulkProcessResult>()).toMatchObject({ created: 6, errors: {} });
    expect(await realtorOf('hazel.hart@fub.example')).toBe('realtor@acme.test');
    expect(await realtorOf('owen.oakes@fub.example')).toBe('realtor2@acme.test');
    expect(await realtorOf('ivy.irwin@fub.example')).toBe('realtor2@acme.test');
    expect(await realtorOf('felix.ford@fub.example')).toBeNull();
    expect(await realtorOf('gwen.gale@fub.example')).toBe('realtor2@acme.test');
  });

  it('is a row problem when a name fits two realtors, and an email tells them apart', async () => {
    const ray = await tenantUserId(t, 'realtor2@acme.test');
    await t.rows(sql`update tenant_users set first_name = 'Rita', last_name = 'Realtor' where id = ${ray}`);
    try {
      const [first] = followUpBossRows('ambiguous.example');
      expect(
        (
          await queue([
            first!,
            { ...first!, email: 'by.email@fub.example', realtorEmail: ' REALTOR2@acme.test ' },
          ])
        ).statusCode,
      ).toBe(200);
      expect((await pageOf()).items.map((item) => item.validationError)).toEqual([
        agentProblem(bulkMessages.realtorAmbiguous('Rita Realtor')),
        null,
      ]);
    } finally {
      await t.rows(sql`update tenant_users set first_name = 'Ray', last_name = 'Reyes' where id = ${ray}`);
    }
  });

  it("gives the file's realtor to the rows whose agent cell is empty, and no other", async () => {
    const ray = await tenantUserId(t, 'realtor2@acme.test');
    const rows = followUpBossRows('default.example');
    const response = await queue(rows, { fileName: 'fub.csv', defaultRealtorId: ray });
    expect(response.statusCode, response.body).toBe(200);
    const agents = (await pageOf()).items.map((item) => item.data.realtorEmail);
    expect(agents).toEqual([
      'Rita Realtor',
      '  ray   REYES ',
      'Nora Nobody',
      'realtor2@acme.test',
      'Ray Reyes',
      'realtor2@acme.test',
    ]);
    expect(await preview()).toMatchObject({ valid: 5, withoutRealtor: 0 });
  });

  it("lists the corporation's enabled realtors to choose from, and no other corporation's", async () => {
    const realtors = await get<Array<{ email: string }>>(`/bulk/${ACME_TENANT_ID}/realtors`);
    expect(realtors.map((realtor) => realtor.email).sort()).toEqual([
      'realtor2@acme.test',
      'realtor@acme.test',
    ]);
    expectErrors(
      await t.api({ path: `/bulk/${BIRCH_TENANT_ID}/realtors`, token: token('manager@acme.test') }),
      404,
    );
  });

  it("refuses another corporation's realtor, and a realtor cannot import at all", async () => {
    const birchRealtor = await tenantUserId(t, 'realtor@birch.test');
    expectErrors(
      await queue(followUpBossRows(), { defaultRealtorId: birchRealtor }),
      400,
      bulkMessages.defaultRealtorUnknown,
    );
    expect((await pageOf()).totalItemCount).toBe(0);
    // An agent cell naming another corporation's realtor is unknown here.
    const [first] = followUpBossRows('refused.example');
    expect((await queue([{ ...first!, realtorEmail: 'Ben Brooks' }])).statusCode).toBe(200);
    expect((await pageOf()).items[0]!.validationError).toBe(
      agentProblem(bulkMessages.realtorUnknown('Ben Brooks')),
    );
    // Realtors have no bulk upload: their own clients are added one by one.
    expectErrors(await queue(followUpBossRows(), {}, 'realtor@acme.test'), 403);
    // Their own corporation's administrator can give them the file.
    const own = await queue(
      followUpBossRows(),
      { defaultRealtorId: birchRealtor },
      'admin@birch.test',
      BIRCH_TENANT_ID,
    );
    expect(own.statusCode, own.body).toBe(200);
  });
});
