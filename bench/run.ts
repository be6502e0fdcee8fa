// `npm run bench [-- --quick] [-- --only=name,...]`: runs every `bench/*.bench.ts`, prints each
// figure beside its baseline and their ratio, and writes them all to bench/results/latest.json.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { adminUrl, databaseFactory, ratioOf, type Benchmark, type Figure } from './harness';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);

const files = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .sort();

interface Row extends Figure {
  bench: string;
  ratio: number;
}

const rows: Row[] = [];
const databases = databaseFactory();
const started = Date.now();
console.log(`Benchmarks on ${new URL(adminUrl).host}${quick ? ' (quick)' : ''}`);

let failed = 0;
for (const file of files) {
  const { default: benchmark } = (await import(pathToFileURL(path.join(benchDir, file)).href)) as {
    default: Benchmark;
  };
  if (only && !only.includes(benchmark.name)) continue;
  console.log(`\n── ${benchmark.name} ──`);
  try {
    await benchmark.run({
      quick,
      createDatabase: databases.createDatabase,
      record: (figure) => {
        const row = { bench: benchmark.name, ...figure, ratio: ratioOf(figure) };
        rows.push(row);
        console.log(`  ${formatRow(row)}`);
      },
      log: (message) => console.log(`  ${message}`),
    });
  } catch (error) {
    failed += 1;
    console.error(`  ${benchmark.name} failed:`, error);
  } finally {
    await databases.dropAll();
  }
}

function formatNumber(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

function formatRow(row: Row): string {
  const goal =
    row.goalRatio === undefined
      ? ''
      : row.ratio >= row.goalRatio
        ? `  goal ${row.goalRatio.toFixed(2)}: met`
        : `  goal ${row.goalRatio.toFixed(2)}: NOT met`;
  return (
    `${row.metric}: ${formatNumber(row.value)} ${row.unit}` +
    ` | baseline (${row.baseline.name}): ${formatNumber(row.baseline.value)} ${row.unit}` +
    ` | ratio ${row.ratio.toFixed(2)}${goal}`
  );
}

console.log('\n=== results ===');
for (const row of rows) console.log(`${row.bench.padEnd(18)} ${formatRow(row)}`);
if (rows.length === 0) console.log('no figures');

const resultsDir = path.join(benchDir, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, 'latest.json'),
  `${JSON.stringify(
    { date: new Date().toISOString(), quick, seconds: (Date.now() - started) / 1000, figures: rows },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten to bench/results/latest.json in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = failed > 0 ? 1 : 0;
