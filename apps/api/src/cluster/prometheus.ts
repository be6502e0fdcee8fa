/**
 * A real Prometheus (Debian's `prometheus`) scraping every node's metrics with the bearer token,
 * queried over its HTTP API: the text format the nodes serve is read by the program it is for.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../test/server-process';

export interface Series {
  labels: Record<string, string>;
  value: number;
}

export interface Prometheus {
  /** The value of an instant query that returns one number; NaN when it returns none. */
  query(expression: string): Promise<number>;
  /** Every series an instant query returns, as an alert rule would see them. */
  series(expression: string): Promise<Series[]>;
  stop(): Promise<void>;
}

export async function startPrometheus(
  directory: string,
  targets: string[],
  token: string,
): Promise<Prometheus> {
  const port = await freePort();
  const tokenFile = path.join(directory, 'metrics-token');
  const config = path.join(directory, 'prometheus.yml');
  writeFileSync(tokenFile, token);
  writeFileSync(
    config,
    `global:
  scrape_interval: 1s
scrape_configs:
  - job_name: homeminder
    metrics_path: /ui/api/metrics
    authorization:
      credentials_file: ${tokenFile}
    static_configs:
      - targets: [${targets.map((target) => `'${target}'`).join(', ')}]
`,
  );
  const storage = path.join(directory, 'prometheus-data');
  mkdirSync(storage, { recursive: true });
  let output = '';
  const child = spawn(
    'prometheus',
    [`--config.file=${config}`, `--storage.tsdb.path=${storage}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  const series = async (expression: string): Promise<Series[]> => {
    const response = await fetch(
      `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`,
    );
    const body = (await response.json()) as {
      status: string;
      error?: string;
      data?: { result?: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    if (body.status !== 'success') throw new Error(`Prometheus refused ${expression}: ${body.error}`);
    return (body.data?.result ?? []).map(({ metric, value }) => ({
      labels: metric,
      value: Number(value[1]),
    }));
  };
  const query = async (expression: string) => (await series(expression))[0]?.value ?? Number.NaN;
  for (let attempt = 0; ; attempt += 1) {
    if ((await query('sum(up)').catch(() => Number.NaN)) === targets.length) break;
    if (child.exitCode !== null || attempt > 150) throw new Error(`Prometheus did not scrape: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    query,
    series,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
