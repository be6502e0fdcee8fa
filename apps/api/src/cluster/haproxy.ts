/**
 * HAProxy (Debian's `haproxy`) in front of the cluster's API nodes, as docs/operations.md sets it
 * up: round robin, readiness polled twice a second, a connection refused retried on another node,
 * and a request a dying node took but never answered sent again to another node when sending it
 * twice is harmless: a GET or HEAD, or a POST that only reads a grid (docs/decisions/070). Every
 * answer names the node that gave it (X-Node), and the stats page tells each node's state.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../test/server-process';

export interface Balancer {
  /** The API's address through the balancer, e.g. http://127.0.0.1:PORT/ui/api */
  base: string;
  /** The state HAProxy gives each node now: UP, DOWN, ... */
  states(): Promise<Record<string, string>>;
  /** The backend's counters on the stats page: requests retried, and retried on another node. */
  retries(): Promise<{ retried: number; redispatched: number }>;
  stop(): Promise<void>;
}

/**
 * The POSTs that only read: the grids and lists whose query is a body (paging, sorting, filters).
 * Paths end so after any base path; routing ignores case and a trailing slash. Not the client
 * export, which records its reading in the audit log.
 */
export const readOnlyPosts = [
  '/api/(clients|admin/clientUsers)(/grid|/nextTenant|/reminders)?/?$',
  '/api/admin/(audit|mail|corporation|tenantusers)/query/?$',
  '/api/admin/tenantusers/query-realtors/?$',
  '/api/reminder/subscriptions/[^/]+/[^/]+/?$',
];

export function haproxyConfig(options: { port: number; statsPort: number; nodes: Record<string, number> }) {
  const servers = Object.entries(options.nodes)
    .map(([name, port]) => `  server ${name} 127.0.0.1:${port} check`)
    .join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch 1
  option forwardfor

frontend api
  bind 127.0.0.1:${options.port}
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /ui/api/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  option http-buffer-request
  retry-on conn-failure empty-response
${readOnlyPosts.map((path) => `  acl read_only_post path_reg -i ${path}`).join('\n')}
  http-request disable-l7-retry unless METH_GET || read_only_post
  http-response set-header X-Node %s
${servers}

frontend stats
  bind 127.0.0.1:${options.statsPort}
  stats enable
  stats uri /stats
`;
}

export async function startHaproxy(directory: string, nodes: Record<string, number>): Promise<Balancer> {
  const port = await freePort();
  const statsPort = await freePort();
  const file = path.join(directory, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ port, statsPort, nodes }));
  let output = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  const stats = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header, ...lines] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    return lines.map((line) => {
      const cells = line.split(',');
      return (column: string) => cells[columns.indexOf(column)] ?? '';
    });
  };
  const states = async () =>
    Object.fromEntries(
      (await stats())
        .filter((cell) => cell('pxname') === 'nodes' && cell('svname') in nodes)
        .map((cell) => [cell('svname'), cell('status')]),
    );
  const retries = async () => {
    const backend = (await stats()).find(
      (cell) => cell('pxname') === 'nodes' && cell('svname') === 'BACKEND',
    );
    return { retried: Number(backend?.('wretr') || 0), redispatched: Number(backend?.('wredis') || 0) };
  };
  for (let attempt = 0; ; attempt += 1) {
    const up = await states().then(
      (found) => Object.values(found).every((state) => state === 'UP'),
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || attempt > 100) throw new Error(`HAProxy did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base: `http://127.0.0.1:${port}/ui/api`,
    states,
    retries,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
