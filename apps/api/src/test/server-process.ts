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
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
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

/** Starts the server on `databaseUrl` and resolves once its health check answers. */
export async function startServerProcess(
  databaseUrl: string,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}/ui/api`;
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || attempt > 240) throw new Error(`the server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { port, base, child, exited, stderr: () => stderr };
}

/** Signs in through the API and answers the bearer token. */
export async function signInAt(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/auth/login/?who=${encodeURIComponent(email)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
