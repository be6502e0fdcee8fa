/**
 * `npm run test:ha`: the primary's machine lost under load (docs/decisions/107). A bulk run, a due
 * batch of reminders, the morning digests, the client grid and clients set up one by one all run while the primary's
 * Patroni and PostgreSQL are killed with SIGKILL; the standby takes over, the nodes reconnect by
 * themselves, and nothing committed is lost or done twice. Then the old primary rejoins as standby.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkChunkMaxRows } from '@homeminder/shared/contracts/bulk';
import { Role } from '@homeminder/shared/permissions';
import { ACME_TENANT_ID } from '../db/demo-data';
import { ATTENTION_DIGEST_KIND } from '../modules/digest';
import { bulkOutcome, bulkRows, lostAndDoubled } from '../test/bulk-rows';
import { endStrandedClaims, outboxIdOf } from '../test/stranded-mail';
import { queryRows } from '../test/test-app';
import { seconds, sleep, waitFor } from '../cluster/fixture';
import { runLoad, summarize, type LoadResponse } from '../cluster/load';
import { useHaCluster } from './fixture';

describe('the database on Patroni: a primary and a synchronous standby', () => {
  const ha = useHaCluster();

  /** Queues `rows` for Acme's bulk upload through the balancer. */
  const queue = async (rows: ReturnType<typeof bulkRows>) => {
    for (let start = 0; start < rows.length; start += bulkChunkMaxRows) {
      const queued = await ha.call('POST', `/bulk/${ACME_TENANT_ID}`, {
        items: rows.slice(start, start + bulkChunkMaxRows),
      });
      expect(queued.status).toBe(200);
    }
  };
  const processedRows = async () => {
    const [row] = await queryRows<{ processed: number }>(
      ha.database,
      sql`select count(*)::int as processed from bulk_items where tenant_id = ${ACME_TENANT_ID} and status = 'processed'`,
    );
    return row!.processed;
  };

  it('fails over within seconds when the primary is killed, losing and doubling nothing', async () => {
    const { postgres, database, smtp, call } = ha;
    // Clients whose reminders make the due batch, added before anything fails.
    await queue(bulkRows('due.ha.test', 1_000));
    expect((await call('POST', `/bulk/process/${ACME_TENANT_ID}`)).status).toBe(200);
    const run = bulkRows('run.ha.test', 2_000);
    await queue(run);
    const before = await processedRows();

    smtp.received.length = 0;
    const due = await queryRows<{ id: string }>(
      database,
      sql`update reminder_subscriptions set next_due_at = now() - interval '1 minute'
           where (tenant_id, id) in (
             select s.tenant_id, s.id from reminder_subscriptions s
               join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
               join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
              where c.tenant_id = ${ACME_TENANT_ID} and c.email like '%@due.ha.test' limit 500)
          returning id`,
    );
    expect(due.length).toBe(500);
    const batch = () =>
      queryRows<{ id: string; status: string }>(
        database,
        sql`select id, status from email_outbox
             where subscription_id in ${sql.raw(`('${due.map((row) => row.id).join("','")}')`)}`,
      );

    // The load: the grid read twice at a time, clients set up one after another (each one the
    // balancer acknowledged must be there after the failover), and the bulk run on a node.
    const durationMs = 45_000;
    const grid = runLoad(ha, {
      route: '/clients/grid',
      init: () => ({
        method: 'POST',
        headers: { authorization: `Bearer ${ha.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1, pageSize: 25 }),
      }),
      callers: 2,
      durationMs,
    });
    const acknowledged: string[] = [];
    const setups: LoadResponse[] = [];
    const setUp = (async () => {
      const ends = Date.now() + durationMs;
      for (let index = 1; Date.now() < ends; index += 1) {
        const email = `setup.${index}@write.ha.test`;
        const startedAt = Date.now();
        const { status, retryAfter } = await call('POST', '/admin/clientUsers/setup', {
          clientUser: { firstName: 'Failover', lastName: `Setup ${index}`, email },
          property: { line: `${index} Standby Street`, city: 'Springfield', state: 'IL', zip: '62701' },
        }).then(
          (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after') }),
          () => ({ status: 0, retryAfter: null }),
        );
        setups.push({ startedAt, endedAt: Date.now(), status, node: null, retryAfter });
        if (status === 201) acknowledged.push(email);
        if (status !== 201) await sleep(200);
      }
    })();
    await waitFor('the first reminders of the batch to be sent', () => smtp.received.length > 0, 60_000);
    // The morning digests come due again now: every corporation's clock set to midday, and the
    // day's digests forgotten. The nodes' next rounds, every minute on either side of the kill,
    // decide each realtor's once.
    const digestsFrom = new Date();
    const middayZone = (offset: number) => `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    await queryRows(
      database,
      sql`update corporations set time_zone = ${middayZone(12 - digestsFrom.getUTCHours())} where not is_system`,
    );
    await queryRows(database, sql`delete from attention_digests`);
    // A client of each realtor unsubscribed: something for every digest to list.
    await queryRows(
      database,
      sql`update client_users set unsubscribed_at = now()
           where (tenant_id, id) in (
             select distinct on (tenant_id, realtor_id) tenant_id, id from client_users
              where realtor_id is not null and unsubscribed_at is null and email not like '%.ha.test'
              order by tenant_id, realtor_id, id)`,
    );
    const [{ realtors } = { realtors: 0 }] = await queryRows<{ realtors: number }>(
      database,
      sql`select count(*)::int as realtors from tenant_users u
            join corporations k on k.id = u.tenant_id and k.enabled and not k.is_system
            join user_roles r on r.tenant_id = u.tenant_id and r.user_id = u.id and r.role_name = ${Role.Realtor}
           where u.enabled and u.attention_digest`,
    );

    // The kill follows the bulk run's first batch at once, so that it falls in the middle of the run.
    const bulk = call('POST', `/bulk/process/${ACME_TENANT_ID}`).then(
      (response) => response.status,
      () => 0,
    );
    await waitFor('a first bulk batch to commit', async () => (await processedRows()) > before, 60_000);

    const primary = Object.entries(await postgres.roles()).find(([, role]) => role === 'primary')![0];
    const digestsBeforeKill = (await queryRows(database, sql`select 1 from attention_digests`)).length;
    const killedAt = Date.now();
    await postgres.kill(primary);
    const sentAtKill = smtp.received.length;
    const writableAt = await waitFor('a write to commit through the balancer', () => ha.write(), 60_000);
    const standby = Object.entries(await postgres.roles()).find(([, role]) => role === 'primary')?.[0];
    expect(standby).toBeDefined();
    expect(standby).not.toBe(primary);
    const bulkStatus = await bulk;
    const doneAtKill = (await processedRows()) - before;
    // The kill came in the middle of the bulk run and of the sending.
    expect(doneAtKill).toBeLessThan(run.length);
    expect(sentAtKill).toBeLessThan(due.length);

    // The bulk run goes on where it stopped: its request again, until the queue is done.
    let finished = 0;
    await waitFor('the bulk run to finish', async () => {
      finished = (await call('POST', `/bulk/process/${ACME_TENANT_ID}`)).status;
      return finished === 200;
    });
    const counts = await bulkOutcome(database, ACME_TENANT_ID, 'run.ha.test');
    const { lost, doubled } = lostAndDoubled(counts, run.length);
    expect({ lost, doubled, clients: counts.clients }).toEqual({ lost: 0, doubled: 0, clients: run.length });

    // Every reminder of the batch is emailed; only a message the mail server held while its
    // sending was not yet recorded can go twice (its claim's lease ends first).
    await waitFor(
      'every reminder of the batch in the outbox',
      async () => (await batch()).length === due.length,
      120_000,
    );
    const { inFlight } = await endStrandedClaims(database, smtp.received, batch);
    await waitFor(
      'every message of the batch sent',
      async () => (await batch()).every((row) => row.status === 'sent'),
      120_000,
    );
    const ids = new Set((await batch()).map((row) => row.id));
    const ofBatch = smtp.received.map(outboxIdOf).filter((id) => id !== undefined && ids.has(id));
    const missing = due.length - new Set(ofBatch).size;
    const repeated = ofBatch.length - new Set(ofBatch).size;
    expect(missing).toBe(0);
    expect(repeated).toBeLessThanOrEqual(inFlight);

    // Each realtor's digest decided once more and, when clients need attention, emailed once.
    await waitFor(
      "every realtor's digest of the day decided",
      async () => (await queryRows(database, sql`select 1 from attention_digests`)).length === realtors,
      150_000,
    );
    const digests = await queryRows<{ to: string; emails: number }>(
      database,
      sql`select to_address as to, count(*)::int as emails from email_outbox
           where kind = ${ATTENTION_DIGEST_KIND} and created_at >= ${digestsFrom.toISOString()}::timestamptz
           group by to_address`,
    );
    const [{ listing } = { listing: 0 }] = await queryRows<{ listing: number }>(
      database,
      sql`select count(*)::int as listing from attention_digests where items > 0`,
    );
    expect(listing).toBeGreaterThan(0);
    expect(digests.filter((digest) => digest.emails !== 1)).toEqual([]);
    expect(digests.length).toBe(listing);

    // Requests: each answered, or refused with a 503 or a broken connection; none a 500.
    await setUp;
    const responses = [...(await grid), ...setups];
    const { byStatus } = summarize(responses);
    const failures = responses.filter((response) => ![200, 201].includes(response.status));
    expect(failures.filter((response) => response.status !== 503 && response.status !== 0)).toEqual([]);
    // A 503, from a node or from HAProxy when no node is ready, says when to try again.
    expect(failures.filter((response) => response.status === 503 && response.retryAfter !== '5')).toEqual([]);
    expect([200, 503, 0]).toContain(bulkStatus);
    const [present] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from client_users
           where tenant_id = ${ACME_TENANT_ID} and lower(email) = any(${sql.param(acknowledged)}::text[])`,
    );
    expect(present!.n).toBe(acknowledged.length);
    const lastFailure = Math.max(...failures.map((response) => response.endedAt), killedAt);

    // The old primary's machine comes back: it rejoins as the new primary's synchronous standby.
    const restartedAt = Date.now();
    await postgres.start(primary);
    await waitFor(
      'the old primary to stream as synchronous standby',
      async () => (await postgres.synchronousStandby()) === primary,
      120_000,
    );
    const rejoinedAt = Date.now();
    expect((await postgres.roles())[primary]).toBe('standby');

    console.log(
      `failover: ${primary} killed with SIGKILL (Patroni and PostgreSQL); writes accepted again after ${seconds(writableAt - killedAt)} s on ${standby}; ` +
        `requests answered normally again ${seconds(lastFailure - killedAt)} s after the kill; ` +
        `${responses.length} grid reads and client set-ups over ${seconds(durationMs)} s: ${JSON.stringify(byStatus)} by status (0: connection refused or reset); ` +
        `${acknowledged.length} clients acknowledged, all present; bulk ${run.length} rows, ${doneAtKill} done at the kill (the request in flight answered ${bulkStatus}): lost ${lost}, doubled ${doubled}; ` +
        `${due.length} reminders due, ${sentAtKill} sent at the kill: missing ${missing}, sent twice ${repeated} (${inFlight} in flight at the mail server); ` +
        `${realtors} realtors' digests decided again (${digestsBeforeKill} before the kill), ${listing} emailed, none twice; ` +
        `${primary} back as synchronous standby ${seconds(rejoinedAt - restartedAt)} s after its restart`,
    );
  }, 600_000);
});
