/**
 * The real server as a process of its own (`src/server.ts`), for tests that signal or kill it:
 * SIGTERM under load, SIGKILL in the middle of work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  port: number;
  /** The API's address, e.g. http://127.0.0.1:PORT/ui/api */
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  stderr(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  /** A port of its own by default; a node started again keeps the port its balancer knows. */
  port?: number;
  /** More of the server's environment (REDIS_URL, SMTP_URL, ...). */
  env?: Record<string, string>;
}

/** Starts the server on `databaseUrl` and resolves once its health check responds. */
export async function startServerProcess(
  databaseUrl: string,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const { child, exited, stderr } = spawnServer(port, {
    DATABASE_URL: databaseUrl,
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const base = `http://127.0.0.1:${port}/ui/api`;
  await waitForHealth(`${base}/health`, child, stderr, 'the server');
  return { port, base, child, exited, stderr };
}

/** Kills the server with SIGKILL, as losing its machine would; resolves once it is gone. */
export async function killServer(server: Pick<ServerProcess, 'child' | 'exited'>): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * The server as a child process on `port`, in production mode and logging warnings and worse,
 * with `env` added to its environment; what it writes to stderr is kept for failure messages.
 */
export function spawnServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A test server sends at whatever hour the test runs; the quiet hours' own journey turns them on.
      QUIET_HOURS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/**
 * Resolves once the health check at `url` responds; throws with the server's own output when its
 * process ends first or it is still not up after a minute.
 */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  stderr: () => string,
  what: string,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (child.exitCode !== null || attempt > 240) throw new Error(`${what} did not start: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Signs in through the API and returns the bearer token. `send` is the fetch to use: another one
 * for an address that needs its own TLS trust, such as the cluster's balancer.
 */
export async function signInAt(
  base: string,
  email: string,
  password: string,
  send: (
    url: string,
    init: { method: string; headers: Record<string, string>; body: string },
  ) => Promise<{
    ok: boolean;
    status: number;
    json(): Promise<unknown>;
  }> = fetch,
): Promise<string> {
  const response = await send(`${base}/auth/login/?who=${encodeURIComponent(email)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
