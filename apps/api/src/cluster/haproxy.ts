/**
 * HAProxy (Debian's `haproxy`) in front of the cluster's API nodes, as docs/operations.md sets it
 * up: round robin, readiness polled twice a second, a connection refused retried on another node,
 * and a request a dying node took but never responded to sent again to another node when sending it
 * twice is harmless: a GET or HEAD, or a POST that only reads a grid (docs/decisions/070). Every
 * response names the node that gave it (X-Node), and the stats page tells each node's state. Clients
 * reach it over TLS, HTTP/2 or HTTP/1.1, with a certificate made for the run; the nodes behind it
 * speak plain HTTP/1.1.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { messages } from '@homeminder/shared/validation/messages';
import { unavailableRetryAfterSeconds } from '../plugins/errors';
import { freePort } from '../test/server-process';

/**
 * A request through the balancer. undici's own fetch sends it, so a form body must be undici's
 * FormData: its fetch does not recognise the one Node bundles and would send it as text.
 */
export type BalancerRequest = Omit<RequestInit, 'dispatcher'>;
export type BalancerFetch = (url: string, init?: BalancerRequest) => Promise<Response>;

export interface Balancer {
  /** The API's address through the balancer, e.g. https://127.0.0.1:PORT/ui/api */
  base: string;
  /** The balancer's self-signed certificate (PEM): the one certificate its clients trust. */
  ca: string;
  /**
   * fetch over TLS trusting `ca` alone, HTTP/2 where the balancer offers it: every request the
   * proofs send through the balancer goes through here.
   */
  fetch: BalancerFetch;
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

/**
 * A throwaway self-signed certificate for 127.0.0.1 and localhost, valid for a day, written with its
 * key into one PEM file in `directory`, as HAProxy's `crt` wants them. Returns the file and the
 * certificate alone, for clients to trust.
 */
export function selfSignedCertificate(directory: string): { pem: string; certificate: string } {
  const keyFile = path.join(directory, 'balancer-key.pem');
  const certificateFile = path.join(directory, 'balancer-certificate.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certificateFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const certificate = readFileSync(certificateFile, 'utf8');
  const pem = path.join(directory, 'balancer.pem');
  writeFileSync(pem, certificate + readFileSync(keyFile, 'utf8'));
  return { pem, certificate };
}

/**
 * What HAProxy answers when no node can take a request (all restarting, or the database away):
 * the body and Retry-After a node would send.
 */
const unavailableBody = JSON.stringify({ Errors: [messages.serviceUnavailable] });

export function haproxyConfig(options: {
  port: number;
  statsPort: number;
  /** The PEM file holding the certificate and its key. */
  certificate: string;
  nodes: Record<string, number>;
}) {
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
  bind 127.0.0.1:${options.port} ssl crt ${options.certificate} alpn h2,http/1.1
  http-request set-header X-Forwarded-Proto https
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /ui/api/ready
  http-check expect status 200
  http-error status 503 content-type application/json string '${unavailableBody}' hdr Retry-After ${unavailableRetryAfterSeconds}
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
  const { pem, certificate } = selfSignedCertificate(directory);
  const file = path.join(directory, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig({ port, statsPort, certificate: pem, nodes }));
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
  const dispatcher = new Agent({ connect: { ca: certificate }, allowH2: true });
  return {
    base: `https://127.0.0.1:${port}/ui/api`,
    ca: certificate,
    fetch: (url, init) => undiciFetch(url, { ...init, dispatcher }),
    states,
    retries,
    async stop() {
      await dispatcher.close();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
