import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  maxSelectedIds,
  type BulkResult,
  type ClientBulkRequest,
} from '@homeminder/shared/contracts/client-selection';
import { clientMessages } from '@homeminder/shared/contracts/clients';
import { ACME_TENANT_ID, BIRCH_TENANT_ID } from '../../db/demo-data';
import { describeEachDriver, expectErrors, signInBeforeAll, type TestApp } from '../../test/test-app';
import { tenantUserId } from '../../test/users';

interface Row {
  rowId: string;
  clientId: string;
  realtorId: string | null;
  enabled: boolean;
}

/** Rows of the grid straight from the tables: a corporation's, or one realtor's, enabled ones first. */
async function rowsOf(t: TestApp, tenantId: string, realtorEmail?: string): Promise<Row[]> {
  const realtorFilter = realtorEmail
    ? sql`and c.realtor_id = (select id from tenant_users where email = ${realtorEmail})`
    : sql``;
  return t.rows<Row>(
    sql`select coalesce(p.id, c.id) as "rowId", c.id as "clientId", c.realtor_id as "realtorId",
          coalesce(p.enabled, c.enabled) as enabled
        from client_users c left join properties p on p.tenant_id = c.tenant_id and p.client_user_id = c.id
        where c.tenant_id = ${tenantId} ${realtorFilter}
        order by coalesce(p.enabled, c.enabled) desc, c.email`,
  );
}

async function auditOf(t: TestApp, action: string) {
  return t.rows<{ details: Record<string, unknown>; recordType: string | null; recordId: string | null }>(
    sql`select details, record_type as "recordType", record_id as "recordId" from audit_log
        where action = ${action} order by id`,
  );
}

describeEachDriver('client grid selection', (t) => {
  const token = signInBeforeAll(t);
  const bulk = (email: string, body: ClientBulkRequest) =>
    t.api({ method: 'POST', path: '/clients/bulk', token: token(email), body });
  const done = async (email: string, body: ClientBulkRequest): Promise<BulkResult> => {
    const response = await bulk(email, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkResult>();
  };

  it("skips a realtor's rows of another realtor and of another corporation, and changes only their own", async () => {
    const own = (await rowsOf(t, ACME_TENANT_ID, 'realtor@acme.test')).slice(0, 2);
    const others = (await rowsOf(t, ACME_TENANT_ID, 'realtor2@acme.test')).slice(0, 2);
    const birch = (await rowsOf(t, BIRCH_TENANT_ID)).slice(0, 1);
    const result = await done('realtor@acme.test', {
      action: 'disable',
      selection: { ids: [...own, ...others, ...birch].map((row) => row.rowId) },
    });
    expect(result).toEqual({
      done: 2,
      skipped: [
        { reason: 'notFound', count: 1 },
        { reason: 'notYours', count: 2 },
      ],
      message: '2 properties disabled. 3 skipped: 1 not found, 2 not yours.',
    });
    const after = new Map((await rowsOf(t, ACME_TENANT_ID)).map((row) => [row.rowId, row.enabled]));
    for (const row of own) expect(after.get(row.rowId)).toBe(false);
    for (const row of others) expect(after.get(row.rowId)).toBe(true);
    expect((await rowsOf(t, BIRCH_TENANT_ID))[0]!.enabled).toBe(birch[0]!.enabled);

    // Enabled again in one request, by the same rule; one audit entry for each action.
    const back = await done('realtor@acme.test', {
      action: 'enable',
      selection: { ids: own.map((row) => row.rowId) },
    });
    expect(back.done).toBe(2);
    const [disabled] = await auditOf(t, 'properties.disabled-bulk');
    expect(disabled!.details).toMatchObject({
      count: 2,
      skipped: 3,
      skippedBy: { notFound: 1, notYours: 2 },
    });
    expect(disabled!.details.ids).toHaveLength(2);
    expect(await auditOf(t, 'properties.enabled-bulk')).toHaveLength(1);
  });

  it("assigns every client of a manager's filter to a realtor in one request, with one audit entry", async () => {
    const rhea = await tenantUserId(t, 'realtor@acme.test');
    const second = await tenantUserId(t, 'realtor2@acme.test');
    const before = await rowsOf(t, ACME_TENANT_ID, 'realtor2@acme.test');
    const clients = new Set(before.map((row) => row.clientId)).size;
    const result = await done('manager@acme.test', {
      action: 'assignRealtor',
      realtorId: rhea,
      selection: { filter: { realtorId: second } },
    });
    expect(result.done).toBe(clients);
    expect(result.skipped).toEqual([]);
    expect(result.message).toMatch(new RegExp(`^${clients} clients assigned to \\S+ \\S+\\.$`));
    expect(await rowsOf(t, ACME_TENANT_ID, 'realtor2@acme.test')).toEqual([]);
    const entries = await auditOf(t, 'clients.realtor-assigned-bulk');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.recordType).toBe('client-user');
    expect(entries[0]!.details).toMatchObject({ count: clients, skipped: 0, realtorId: rhea });
    expect(entries[0]!.details.realtorName).toEqual(expect.any(String));

    // Given back by id; another corporation's ids are not found and stay as they were.
    const birch = await rowsOf(t, BIRCH_TENANT_ID);
    const back = await done('manager@acme.test', {
      action: 'assignRealtor',
      realtorId: second,
      selection: { ids: [...before.map((row) => row.rowId), birch[0]!.rowId] },
    });
    expect(back.done).toBe(clients);
    expect(back.skipped).toEqual([{ reason: 'notFound', count: 1 }]);
    expect((await rowsOf(t, BIRCH_TENANT_ID))[0]!.realtorId).toBe(birch[0]!.realtorId);
  });

  it('refuses a realtor who gives clients to another realtor, and a realtor of another corporation', async () => {
    const own = (await rowsOf(t, ACME_TENANT_ID, 'realtor@acme.test')).slice(0, 1);
    const selection = { ids: own.map((row) => row.rowId) };
    const second = await tenantUserId(t, 'realtor2@acme.test');
    expectErrors(
      await bulk('realtor@acme.test', { action: 'assignRealtor', realtorId: second, selection }),
      403,
      clientMessages.realtorOnlyOwn,
    );
    const birchRealtor = await tenantUserId(t, 'realtor@birch.test');
    expectErrors(
      await bulk('manager@acme.test', { action: 'assignRealtor', realtorId: birchRealtor, selection }),
      400,
    );
  });

  it('refuses more ids than a page holds, and an empty selection', async () => {
    const ids = Array.from(
      { length: maxSelectedIds + 1 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    expectErrors(await bulk('manager@acme.test', { action: 'delete', selection: { ids } }), 400);
    expectErrors(await bulk('manager@acme.test', { action: 'delete', selection: { ids: [] } }), 400);
  });

  it('invites the selected clients within the per-client limit, reporting the limited as skipped', async () => {
    const [first, second] = await rowsOf(t, ACME_TENANT_ID, 'realtor@acme.test');
    const selection = { ids: [first!.rowId, second!.rowId] };
    for (let round = 0; round < 3; round += 1)
      expect((await done('realtor@acme.test', { action: 'invite', selection })).done).toBe(2);
    const limited = await done('realtor@acme.test', { action: 'invite', selection });
    expect(limited).toMatchObject({ done: 0, skipped: [{ reason: 'limited', count: 2 }] });
    expect(limited.message).toBe('0 clients invited to sign in. 2 skipped: invited too often this hour.');
    const entries = await auditOf(t, 'clients.invited-bulk');
    expect(entries).toHaveLength(4);
    expect(entries[0]!.details).toMatchObject({ count: 2, skipped: 0 });
    expect(await auditOf(t, 'client.invited')).toHaveLength(0);
  });

  it('skips a selected client whose address bounced, saying so', async () => {
    const row = (await rowsOf(t, ACME_TENANT_ID, 'realtor@acme.test')).filter((one) => one.enabled)[2]!;
    await t.rows(sql`insert into email_suppressions (tenant_id, address, reason, provider)
      select tenant_id, lower(email), 'bounce', 'postmark' from client_users where id = ${row.clientId}`);
    const result = await done('realtor@acme.test', { action: 'invite', selection: { ids: [row.rowId] } });
    expect(result).toMatchObject({ done: 0, skipped: [{ reason: 'emailStopped', count: 1 }] });
    expect(result.message).toBe(
      '0 clients invited to sign in. 1 skipped: their address bounced or reported spam.',
    );
  });

  it('exports exactly the selected rows a caller may see', async () => {
    const own = (await rowsOf(t, ACME_TENANT_ID, 'realtor@acme.test')).slice(0, 3);
    const others = (await rowsOf(t, ACME_TENANT_ID, 'realtor2@acme.test')).slice(0, 1);
    const response = await t.api({
      method: 'POST',
      path: '/clients/bulk/export',
      token: token('realtor@acme.test'),
      body: { selection: { ids: [...own, ...others].map((row) => row.rowId) } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + own.length);
  });

  it('deletes the selected clients in one request, leaving another corporation’s alone', async () => {
    const birch = await rowsOf(t, BIRCH_TENANT_ID);
    const doomed = (await rowsOf(t, ACME_TENANT_ID, 'realtor2@acme.test')).slice(-2);
    const result = await done('manager@acme.test', {
      action: 'delete',
      selection: { ids: [...doomed.map((row) => row.rowId), birch[0]!.rowId] },
    });
    expect(result).toMatchObject({ done: 2, skipped: [{ reason: 'notFound', count: 1 }] });
    const left = new Set((await rowsOf(t, ACME_TENANT_ID)).map((row) => row.clientId));
    for (const row of doomed) expect(left.has(row.clientId)).toBe(false);
    expect(await rowsOf(t, BIRCH_TENANT_ID)).toHaveLength(birch.length);
    const [entry] = await auditOf(t, 'clients.deleted-bulk');
    expect(entry!.details).toMatchObject({ count: 2, skipped: 1 });
  });
});
