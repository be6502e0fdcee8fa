/**
 * Running Debian's PostgreSQL programs (and Patroni, which runs them) from a test. PostgreSQL
 * refuses to run as root: as root, they run as the `postgres` account, and the directories they
 * write are handed to it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The newest PostgreSQL's programs (`POSTGRES_BIN_DIR` to choose). */
export const binDir = process.env.POSTGRES_BIN_DIR ?? newestBinDir();

function newestBinDir() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? execFileSync('ls', [root]).toString().split('\n').filter(Boolean) : [];
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0] ?? '15', 'bin');
}

const asRoot = process.getuid?.() === 0;
const asPostgres = (program: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];

/** Hands `directory` and everything in it to the account PostgreSQL runs as. */
export function handOver(directory: string): void {
  if (asRoot) execFileSync('chown', ['-R', 'postgres', directory]);
}

/** Runs a program as PostgreSQL's account to its end; throws with its output when it fails. */
export function runAsPostgres(program: string, args: string[]): string {
  const [file, argv] = asPostgres(program, args);
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** Starts a long-running program, as PostgreSQL's account when `postgres`, its output appended to `log`. */
export function spawnLogged(program: string, args: string[], log: string, postgres = false): ChildProcess {
  const [file, argv] = postgres ? asPostgres(program, args) : [program, args];
  const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => writeFileSync(log, chunk, { flag: 'a' }));
  return child;
}
