/**
 * PostgreSQL with automatic failover, as docs/operations.md sets it up (docs/decisions/107): Debian's
 * Patroni keeps a primary and a synchronous standby, etcd holds the leader's lease, and HAProxy sends
 * every connection to the member whose Patroni says it is the primary (`/primary`). Each member is a
 * machine of its own here: its Patroni, its PostgreSQL, its data directory, its ports. Killing a
 * member kills all of that at once with SIGKILL, as losing the machine would.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../test/server-process';
import { binDir, handOver, spawnLogged } from './postgres-account';

export type Role = 'primary' | 'standby' | 'down';

export interface PostgresCluster {
  members: readonly string[];
  /** A connection string through HAProxy: whichever member is primary answers. */
  url(database: string): string;
  /** Each member's role as its Patroni says, `down` when it does not answer. */
  roles(): Promise<Record<string, Role>>;
  /** The synchronous standby following the primary, if one is: a commit waits for it. */
  synchronousStandby(): Promise<string | null>;
  /** SIGKILL to a member's Patroni and PostgreSQL at once; resolves once they are gone. */
  kill(member: string): Promise<void>;
  /** Starts a member's Patroni again: it rejoins as a standby of the new primary. */
  start(member: string): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The processes a member runs: its Patroni (and the account switch in front of it), its PostgreSQL. */
function processesOf(configFile: string, dataDir: string): number[] {
  const pgrep = (...args: string[]) => {
    try {
      return execFileSync('pgrep', args).toString().split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
  const children = Number.isNaN(postmaster) ? [] : pgrep('-P', String(postmaster));
  return [...pgrep('-f', configFile), postmaster, ...children].filter(alive);
}

/** Running, not a zombie its dead parent left unreaped. */
function alive(pid: number): boolean {
  if (Number.isNaN(pid)) return false;
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Whether a new connection to `url` is to a server taking writes. */
async function reachesPrimary(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    return rows[0]?.standby === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function haproxyConfig(port: number, members: { name: string; port: number; restPort: number }[]) {
  return `global
  maxconn 1000

defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s

frontend postgres
  bind 127.0.0.1:${port}
  default_backend primary

backend primary
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${members.map((member) => `  server ${member.name} 127.0.0.1:${member.port} check port ${member.restPort}`).join('\n')}
`;
}

/**
 * Starts etcd, then `count` members (the first bootstraps the cluster, the others copy it), then
 * HAProxy; resolves once one member is primary and another a synchronous standby.
 */
export async function startPostgresCluster(directory: string, count = 2): Promise<PostgresCluster> {
  const [etcdClient, etcdPeer, balancerPort] = [await freePort(), await freePort(), await freePort()];
  const etcd = spawnLogged(
    'etcd',
    [
      '--name=ha',
      `--data-dir=${path.join(directory, 'etcd')}`,
      `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
      `--initial-cluster=ha=http://127.0.0.1:${etcdPeer}`,
    ],
    path.join(directory, 'etcd.log'),
  );

  const members: { name: string; port: number; restPort: number; config: string; dataDir: string }[] = [];
  for (let index = 1; index <= count; index += 1) {
    const name = `pg${index}`;
    const [port, restPort] = [await freePort(), await freePort()];
    const dataDir = path.join(directory, name);
    const config = path.join(directory, `${name}.yml`);
    // JSON is YAML: Patroni reads it as its configuration file.
    const settings = {
      scope: 'homeminder',
      name,
      restapi: { listen: `127.0.0.1:${restPort}`, connect_address: `127.0.0.1:${restPort}` },
      etcd3: { hosts: `127.0.0.1:${etcdClient}` },
      bootstrap: {
        dcs: {
          // The leader's lease: a primary that stops renewing it is replaced after `ttl` seconds.
          ttl: 10,
          loop_wait: 1,
          retry_timeout: 4,
          // A commit returns once the standby has it, and only that standby may be promoted.
          synchronous_mode: true,
          postgresql: { use_pg_rewind: true, parameters: { wal_log_hints: 'on', max_connections: 200 } },
        },
        initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }],
        pg_hba: [
          'local all all trust',
          'host replication replicator 127.0.0.1/32 trust',
          'host all all 127.0.0.1/32 trust',
        ],
      },
      postgresql: {
        listen: `127.0.0.1:${port}`,
        connect_address: `127.0.0.1:${port}`,
        data_dir: dataDir,
        bin_dir: binDir,
        pgpass: path.join(directory, `${name}.pgpass`),
        authentication: {
          replication: { username: 'replicator', password: 'replicator' },
          superuser: { username: 'postgres', password: 'postgres' },
        },
        parameters: { unix_socket_directories: directory },
      },
    };
    writeFileSync(config, JSON.stringify(settings, null, 2));
    members.push({ name, port, restPort, config, dataDir });
  }
  mkdirSync(path.join(directory, 'logs'), { recursive: true });
  handOver(directory);

  const memberNamed = (name: string) => members.find((member) => member.name === name)!;
  const startMember = (name: string) => {
    const member = memberNamed(name);
    spawnLogged('patroni', [member.config], path.join(directory, 'logs', `${name}.log`), true);
  };
  const roleOf = async (member: (typeof members)[number]): Promise<Role> => {
    const response = await fetch(`http://127.0.0.1:${member.restPort}/patroni`, {
      signal: AbortSignal.timeout(1_000),
    }).catch(() => null);
    if (!response) return 'down';
    const status = (await response.json().catch(() => ({}))) as { role?: string; state?: string };
    if (status.state !== 'running') return 'down';
    return status.role === 'master' || status.role === 'primary' ? 'primary' : 'standby';
  };
  const roles = async (): Promise<Record<string, Role>> =>
    Object.fromEntries(
      await Promise.all(members.map(async (member) => [member.name, await roleOf(member)] as const)),
    );
  const synchronousStandby = async () => {
    for (const member of members) {
      const response = await fetch(`http://127.0.0.1:${member.restPort}/cluster`, {
        signal: AbortSignal.timeout(1_000),
      }).catch(() => null);
      if (!response?.ok) continue;
      const cluster = (await response.json()) as { members: { name: string; role: string; state: string }[] };
      const standby = cluster.members.find(
        (found) => found.role === 'sync_standby' && ['running', 'streaming'].includes(found.state),
      );
      return standby?.name ?? null;
    }
    return null;
  };

  // The end of each member's log; a member not started yet has none, and must not hide the others'.
  const log = () =>
    members
      .map((member) => {
        const file = path.join(directory, 'logs', `${member.name}.log`);
        return existsSync(file) ? readFileSync(file, 'utf8').slice(-2_000) : `${member.name}: not started`;
      })
      .join('\n');
  const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL cluster: timed out waiting for ${what}\n${log()}`);
      await sleep(250);
    }
  };

  let balancer: ChildProcess | undefined;
  const kill = (member: (typeof members)[number]) => {
    for (const pid of processesOf(member.config, member.dataDir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  };
  const stop = async () => {
    balancer?.kill('SIGTERM');
    for (const member of members) kill(member);
    etcd.kill('SIGKILL');
    await sleep(500);
  };

  const url = (database: string) => `postgres://postgres:postgres@127.0.0.1:${balancerPort}/${database}`;
  try {
    startMember(members[0]!.name);
    await until('the first member to bootstrap', async () => (await roleOf(members[0]!)) === 'primary');
    for (const member of members.slice(1)) startMember(member.name);
    await until('a synchronous standby', async () => (await synchronousStandby()) !== null);
    const balancerConfig = path.join(directory, 'haproxy-postgres.cfg');
    writeFileSync(balancerConfig, haproxyConfig(balancerPort, members));
    balancer = spawn('haproxy', ['-db', '-f', balancerConfig], { stdio: 'ignore' });
    // HAProxy takes every server for up until its first check: it is ready once connection after
    // connection reaches the primary.
    let primaryInARow = 0;
    await until('HAProxy to send connections to the primary alone', async () => {
      primaryInARow = (await reachesPrimary(url('postgres'))) ? primaryInARow + 1 : 0;
      return primaryInARow >= 5;
    });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    members: members.map((member) => member.name),
    url,
    roles,
    synchronousStandby,
    async kill(name) {
      const member = memberNamed(name);
      kill(member);
      await until(
        `${name} to be gone`,
        async () => processesOf(member.config, member.dataDir).length === 0,
        10_000,
      );
    },
    async start(name) {
      startMember(name);
      await until(`${name} to answer`, async () => (await roleOf(memberNamed(name))) !== 'down');
    },
    stop,
  };
}
