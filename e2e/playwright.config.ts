import { readdirSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/*
 * End-to-end tests: Debian's Chromium against the real server, started as `npm start` starts it
 * but on a port of its own and a fresh embedded database (seeded with the demo data) per run.
 * The web app must be built first (`npm run build`); `npm run test:e2e` and `npm test` do that.
 */

/** A port nobody listens on now, so two runs on one machine (a developer and CI) do not collide. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const dataDirPrefix = 'homeminder-e2e-';

/** Removes the databases of earlier runs whose runner has ended (each is about 40 MB). */
function removeStaleDataDirs(): void {
  for (const name of readdirSync(os.tmpdir())) {
    const pid = Number(/^homeminder-e2e-\d+-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

// Workers load this file again and inherit the runner's environment: the port and the data
// directory are chosen once, by the runner. E2E_PORT fixes the port (e.g. 8181) when wanted.
if (!process.env['E2E_DATA_DIR']) {
  removeStaleDataDirs();
  process.env['E2E_DATA_DIR'] = path.join(os.tmpdir(), `${dataDirPrefix}${Date.now()}-${process.pid}`);
}
process.env['E2E_PORT'] ??= String(await freePort());
const port = Number(process.env['E2E_PORT']);
const origin = `http://127.0.0.1:${port}`;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The JSON report. Playwright would resolve PLAYWRIGHT_JSON_OUTPUT_NAME against this file's folder
 * (e2e/); the root test runner means it from where it runs, so it is resolved here against the
 * working directory. Without it the report goes to test-results/playwright.json at the root.
 */
const jsonReport = process.env['PLAYWRIGHT_JSON_OUTPUT_NAME']
  ? path.resolve(process.cwd(), process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'])
  : path.join(repoRoot, 'test-results', 'playwright.json');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: Boolean(process.env['CI']),
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  // A folder of its own: Playwright empties it at the start of a run.
  outputDir: path.join(repoRoot, 'test-results', 'e2e'),
  reporter: [['list'], ['json', { outputFile: jsonReport }]],
  use: {
    baseURL: `${origin}/ui/`,
    // Recording a trace for every test costs a lot on a two-core machine; a retry (CI) records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx src/server.ts',
    cwd: '../apps/api',
    url: `${origin}/ui/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env['E2E_DATA_DIR'],
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Journeys run at any hour; the reminders' quiet hours have a journey of their own.
      QUIET_HOURS: 'off',
    },
  },
});
