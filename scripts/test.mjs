#!/usr/bin/env node
// `npm test`: every check and suite of the repository, in order, and one total at the end.
//
// Lint, format and each type check count as one check each; Vitest and Playwright count their tests
// from their JSON reports (neither prints a grand total). A later step runs even when an earlier one
// failed, so the summary is complete. The last line printed is exactly `N passed, N failed` (with
// `, N skipped` when something was skipped): CI's log ends with it (docs/requirements.md §15.3).
//
//   node scripts/test.mjs                  everything
//   node scripts/test.mjs --only=unit,e2e  some steps: lint, format, typecheck, unit, cluster, ha, e2e
//   node scripts/test.mjs --skip=e2e       all but some steps
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = path.join(root, 'test-results');
const vitestJson = path.join(resultsDir, 'vitest.json');
const clusterJson = path.join(resultsDir, 'cluster.json');
const haJson = path.join(resultsDir, 'ha.json');
const playwrightJson = path.join(resultsDir, 'playwright.json');
const playwrightConfig = path.join(root, 'e2e', 'playwright.config.ts');

const STEPS = ['lint', 'format', 'typecheck', 'unit', 'cluster', 'ha', 'e2e'];

function parseStepList(flag) {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${flag}=`));
  if (!arg) return undefined;
  const names = arg
    .slice(flag.length + 3)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !STEPS.includes(n));
  if (unknown.length > 0) {
    console.error(`Unknown step(s) ${unknown.join(', ')}; the steps are ${STEPS.join(', ')}.`);
    process.exit(2);
  }
  return names;
}

const only = parseStepList('only');
const skip = parseStepList('skip') ?? [];
const enabled = (step) => (only ? only.includes(step) : true) && !skip.includes(step);

/** One line per check or suite, printed again in the summary. */
const results = [];
let interrupted = false;

function record(name, { passed = 0, failed = 0, skipped = 0, note = '' }) {
  results.push({ name, passed, failed, skipped, note });
}

function bin(name) {
  return path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

function banner(text) {
  console.log(`\n=== ${text} ===`);
}

/** Runs a command with its output streamed; resolves with its exit code (1 if it could not start). */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
      shell: process.platform === 'win32',
    });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGINT' || signal === 'SIGTERM') interrupted = true;
      resolve(code ?? 1);
    });
  });
}

async function check(name, command, args, hint, env = {}) {
  if (interrupted) return;
  banner(name);
  const started = Date.now();
  const code = await run(command, args, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code === 0) {
    record(name, { passed: 1, note: `${seconds}s` });
  } else {
    if (hint) console.log(`\n${hint}`);
    record(name, { failed: 1, note: `exit code ${code}, ${seconds}s` });
  }
  return code;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A Vitest run (`args` pick its config), counted from its JSON report. */
async function vitestSuite(name, reportFile, args = []) {
  if (interrupted) return;
  banner(name);
  rmSync(reportFile, { force: true });
  const code = await run(bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ]);
  const report = readJson(reportFile);
  if (!report) {
    console.log(`\nNo Vitest report at ${path.relative(root, reportFile)}: counting the suite as 1 failed.`);
    record(name, { failed: 1, note: `no report, exit code ${code}` });
    return;
  }
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that fails to load has no failed tests of its own: count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  failed += brokenFiles;
  // Errors outside any test (unhandled rejections, a crashed worker) fail the run without a failed test.
  let note = brokenFiles > 0 ? `${brokenFiles} file(s) failed to run` : '';
  if (code !== 0 && failed === 0) {
    failed = 1;
    note = `exit code ${code} with no failed test (errors outside tests?)`;
  }
  record(name, { passed, failed, skipped, note });
}

async function e2eTests() {
  const name = 'playwright (e2e)';
  if (interrupted) return;
  if (!existsSync(playwrightConfig)) {
    banner(name);
    console.log(
      `WARNING: ${path.relative(root, playwrightConfig)} is missing: the end-to-end suite cannot run.`,
    );
    record(name, { failed: 1, note: 'no e2e/playwright.config.ts' });
    return;
  }

  // The e2e tests drive the server as `npm start` runs it, which serves the built SPA.
  const build = await check('web build', 'npm', ['run', 'build', '-w', '@homeminder/web']);
  if (interrupted) return;
  if (build !== 0) {
    console.log('\nThe web build failed: the end-to-end suite is not run.');
    record(name, { failed: 1, note: 'not run: the web build failed' });
    return;
  }

  banner(name);
  rmSync(playwrightJson, { force: true });
  const code = await run(bin('playwright'), ['test', '-c', playwrightConfig], {
    // The config's JSON reporter writes here (an absolute path, whatever the config resolves against).
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  const report = readJson(playwrightJson);
  const stats = report?.stats;
  if (!stats) {
    console.log(
      `\nNo Playwright report at ${path.relative(root, playwrightJson)}: counting the suite as 1 failed.` +
        '\n(e2e/playwright.config.ts needs a JSON reporter that honours PLAYWRIGHT_JSON_OUTPUT_NAME.)',
    );
    record(name, { failed: 1, note: `no report, exit code ${code}` });
    return;
  }
  // A test that passed on retry (flaky) counts as passed.
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  const skipped = stats.skipped ?? 0;
  let note = stats.flaky ? `${stats.flaky} flaky` : '';
  // Global errors (web server did not start, a spec failed to load) fail the run without a failed test.
  if (code !== 0 && failed === 0) {
    failed = 1;
    const errors = (report.errors ?? []).length;
    note = `exit code ${code} with no failed test${errors ? ` (${errors} error(s) outside tests)` : ''}`;
  }
  record(name, { passed, failed, skipped, note });
}

process.on('SIGINT', () => {
  interrupted = true;
});

mkdirSync(resultsDir, { recursive: true });

if (enabled('lint')) {
  await check('eslint', bin('eslint'), ['.']);
  // The OpenAPI document under Redocly's recommended rules: errors fail, warnings are shown.
  await check(
    'redocly lint',
    bin('redocly'),
    ['lint', '--extends=recommended', '--format=summary', 'docs/openapi.json'],
    'Hint: `npm run openapi` writes the document again from the routes; fix the route, not the JSON.',
    { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  );
}
if (enabled('format')) {
  await check(
    'prettier --check',
    bin('prettier'),
    ['--check', '.'],
    'Hint: `npm run format` (prettier --write .) formats the files listed above.',
  );
}
if (enabled('typecheck')) {
  for (const project of ['packages/shared', 'apps/api', 'apps/web', 'e2e', 'bench']) {
    await check(`tsc -p ${project}`, bin('tsc'), ['-p', project, '--pretty']);
  }
}
if (enabled('unit')) await vitestSuite('vitest (unit + API)', vitestJson);
// Three API nodes behind HAProxy under faults (docs/operations.md): a few minutes.
if (enabled('cluster')) {
  await vitestSuite('cluster', clusterJson, ['--config', 'apps/api/vitest.cluster.config.ts']);
}
// The database's primary lost under load, on Patroni with a synchronous standby, and a
// point-in-time restore drill (docs/decisions/107): about two minutes.
if (enabled('ha')) await vitestSuite('failover', haJson, ['--config', 'apps/api/vitest.ha.config.ts']);
if (enabled('e2e')) await e2eTests();

const total = { passed: 0, failed: 0, skipped: 0 };
banner('summary');
for (const r of results) {
  total.passed += r.passed;
  total.failed += r.failed;
  total.skipped += r.skipped;
  const mark = r.failed > 0 ? 'FAIL' : 'ok  ';
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(`${mark} ${r.name.padEnd(22)} ${counts}${r.note ? `  (${r.note})` : ''}`);
}
if (interrupted) {
  console.log('Interrupted: the steps after the interruption did not run.');
  total.failed += total.failed === 0 ? 1 : 0;
}
console.log('');
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped > 0 ? `, ${total.skipped} skipped` : ''}`,
);
process.exitCode = total.failed > 0 || interrupted ? 1 : 0;
