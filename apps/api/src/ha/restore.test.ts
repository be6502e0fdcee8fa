/**
 * The point-in-time restore drill of docs/operations.md, run: a server archiving its WAL, a base
 * backup, a write, the moment to restore to, a second write; the copy restored to that moment holds
 * the first write and not the second, and a node started on it with delivery held sends nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { freePort, killServer, startServerProcess, type ServerProcess } from '../test/server-process';
import { testSmtpServer } from '../test/smtp-server';
import { queryRows } from '../test/test-app';
import { seconds, sleep, waitFor } from '../cluster/fixture';
import { binDir, handOver, runAsPostgres } from './postgres-account';

const directory = mkdtempSync(path.join(tmpdir(), 'homeminder-restore-'));
const pgCtl = path.join(binDir, 'pg_ctl');
const started: string[] = [];
const handles: DatabaseHandle[] = [];
let node: ServerProcess | undefined;
const smtp = testSmtpServer();

/** Starts the server in `dataDir` on `port` and waits until it takes connections. */
function startServer(dataDir: string, port: number) {
  runAsPostgres(pgCtl, [
    '-D',
    dataDir,
    '-l',
    `${dataDir}.log`,
    '-o',
    `-p ${port} -k ${directory}`,
    '-w',
    'start',
  ]);
  started.push(dataDir);
}
const urlOf = (port: number, database = 'homeminder') => `postgres://postgres@127.0.0.1:${port}/${database}`;

afterAll(async () => {
  if (node) await killServer(node);
  await smtp.stop();
  for (const handle of handles) await handle.close().catch(() => undefined);
  for (const dataDir of started) {
    try {
      runAsPostgres(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      // Stopped already.
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

describe('a point-in-time restore', () => {
  it('restores to a moment between two writes, and a node on the copy sends nothing', async () => {
    const [port, restoredPort] = [await freePort(), await freePort()];
    const [primary, base, restored, archive] = ['primary', 'base', 'restored', 'archive'].map((name) =>
      path.join(directory, name),
    ) as [string, string, string, string];
    mkdirSync(archive);
    handOver(directory);
    runAsPostgres(path.join(binDir, 'initdb'), [
      '-D',
      primary,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    // Continuous archiving: every finished WAL segment copied to the archive.
    writeFileSync(
      path.join(primary, 'postgresql.auto.conf'),
      `listen_addresses = '127.0.0.1'\nwal_level = replica\narchive_mode = on\narchive_command = 'cp %p ${archive}/%f'\n`,
    );
    startServer(primary, port);
    const admin = await openDatabase({ databaseUrl: urlOf(port, 'postgres'), dataDir: 'unused' });
    handles.push(admin);
    await admin.ownerDb.execute(sql`create database homeminder`);
    const database = await openDatabase({ databaseUrl: urlOf(port), dataDir: 'unused' });
    handles.push(database);
    await prepareDatabase(database, { seedDemo: true });
    await database.ownerDb.execute(sql`create table drill_writes (label text primary key)`);

    runAsPostgres(path.join(binDir, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-D',
      base,
      '-X',
      'stream',
      '-c',
      'fast',
    ]);

    // The first write: a mark, and reminders falling due, which a node on the copy would send.
    await database.ownerDb.execute(sql`insert into drill_writes values ('first')`);
    const [{ due } = { due: 0 }] = await queryRows<{ due: number }>(
      database,
      sql`with made_due as (
            update reminder_subscriptions set next_due_at = now() - interval '1 minute' returning id)
          select count(*)::int as due from made_due`,
    );
    expect(due).toBeGreaterThan(0);
    await sleep(1_000);
    const [{ moment } = { moment: '' }] = await queryRows<{ moment: string }>(
      database,
      sql`select clock_timestamp()::text as moment`,
    );
    await sleep(1_000);
    await database.ownerDb.execute(sql`insert into drill_writes values ('second')`);
    // The segment holding the second write is archived too, so the restore can go past the moment.
    const [{ segment } = { segment: '' }] = await queryRows<{ segment: string }>(
      database,
      sql`select pg_walfile_name(pg_switch_wal()) as segment`,
    );
    await waitFor('the last segment in the archive', async () => {
      const [row] = await queryRows<{ last: string | null }>(
        database,
        sql`select last_archived_wal as last from pg_stat_archiver`,
      );
      return (row?.last ?? '') >= segment;
    });

    // The restore: the base backup, the archive, and the moment to stop at.
    const restoreStartedAt = Date.now();
    runAsPostgres('cp', ['-a', base, restored]);
    writeFileSync(path.join(restored, 'recovery.signal'), '');
    writeFileSync(
      path.join(restored, 'postgresql.auto.conf'),
      `listen_addresses = '127.0.0.1'\narchive_mode = off\nrestore_command = 'cp ${archive}/%f %p'\n` +
        `recovery_target_time = '${moment}'\nrecovery_target_action = 'promote'\n`,
    );
    handOver(restored);
    startServer(restored, restoredPort);
    const copy = await openDatabase({ databaseUrl: urlOf(restoredPort), dataDir: 'unused' });
    handles.push(copy);
    await waitFor('the copy to finish recovery', async () => {
      const [row] = await queryRows<{ recovering: boolean }>(
        copy,
        sql`select pg_is_in_recovery() as recovering`,
      );
      return row?.recovering === false;
    });
    const restoredIn = Date.now() - restoreStartedAt;
    const writes = await queryRows<{ label: string }>(
      copy,
      sql`select label from drill_writes order by label`,
    );
    expect(writes.map((row) => row.label)).toEqual(['first']);

    // A node on the copy, delivery held: the due reminders reach the outbox and no further.
    await smtp.start();
    node = await startServerProcess(urlOf(restoredPort), { env: { MAIL_HOLD: '1', SMTP_URL: smtp.url } });
    await waitFor(
      'the due reminders in the outbox',
      async () => {
        const [row] = await queryRows<{ due: number }>(
          copy,
          sql`select count(*)::int as due from reminder_subscriptions where next_due_at <= now()`,
        );
        return row?.due === 0;
      },
      60_000,
    );
    // Longer than a delivery round of the node: anything it would send would have gone.
    await sleep(5_000);
    const [outbox] = await queryRows<{ pending: number; sent: number }>(
      copy,
      sql`select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status <> 'pending')::int as sent
            from email_outbox`,
    );
    expect(outbox!.pending).toBeGreaterThan(0);
    expect(outbox!.sent).toBe(0);
    expect(smtp.received).toEqual([]);
    console.log(
      `restore drill: restored to ${moment} from the base backup and the archive in ${seconds(restoredIn)} s; ` +
        `writes on the copy: ${writes.map((row) => row.label).join(', ')} (the second, after the moment, absent); ` +
        `a node on the copy with MAIL_HOLD=1 queued ${outbox!.pending} emails of ${due} due reminders and sent none`,
    );
  }, 300_000);
});
