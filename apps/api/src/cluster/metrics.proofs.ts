/**
 * The metrics as Prometheus reads them: the errors alert of docs/operations.md sees a route's first
 * server error, and a node's text passes `promtool check metrics`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { names, seconds, waitFor, type Cluster } from './fixture';

const operations = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');

export function metricsProofs(cluster: Cluster) {
  it("has the documented errors alert fire on a route's first server error", async () => {
    const { nodes, ports, prometheus, proxy, admin } = cluster;
    const alert = /\*\*Errors:\*\* `([^`]+)`/.exec(operations)?.[1];
    expect(alert).toBeDefined();
    // A route no proof calls, on a node that has been scraped since it started.
    const route = '/ui/api/clients/properties/pendingCount';
    const instance = `127.0.0.1:${ports.node1}`;
    const errorsOfRoute = `homeminder_http_requests_total{method="GET",route="${route}",status_class="5xx",instance="${instance}"}`;
    await waitFor(
      'Prometheus to hold the route at 0 server errors',
      async () => (await prometheus.query(errorsOfRoute)) === 0,
      20_000,
    );
    const firing = async () =>
      (await prometheus.series(alert!)).filter((series) => series.labels.route === route);
    expect(await firing()).toEqual([]);

    // The database gone for one request: the node responds 503 to it, its first 5xx.
    proxy.cut();
    const response = await fetch(`${nodes.node1.base}/clients/properties/pendingCount`, {
      headers: { authorization: `Bearer ${admin}` },
      signal: AbortSignal.timeout(30_000),
    }).finally(() => proxy.restore());
    const erredAt = Date.now();
    expect(response.status).toBeGreaterThanOrEqual(500);

    const seenAt = await waitFor(
      'the errors alert to fire for the route',
      async () => (await firing()).length > 0,
      30_000,
    );
    const [fired] = await firing();
    expect(fired!.value).toBeGreaterThan(0);
    expect(await prometheus.query(errorsOfRoute)).toBe(1);
    for (const name of names) await cluster.balancerSays(name, 'UP');
    console.log(
      `errors alert: a ${response.status} of GET ${route}, its first server error, fired \`${alert}\` ${seconds(seenAt - erredAt)} s later (increase ${fired!.value.toFixed(2)})`,
    );
  });

  it('serves metrics that pass promtool check metrics without a warning', async () => {
    const { nodes, metricsToken } = cluster;
    const response = await fetch(`${nodes.node1.base}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: lint.status, output: `${lint.stdout}${lint.stderr}`.trim() }).toEqual({
      status: 0,
      output: '',
    });
    const samples = text.split('\n').filter((line) => line && !line.startsWith('#')).length;
    const families = text.split('\n').filter((line) => line.startsWith('# TYPE ')).length;
    console.log(`promtool check metrics: ${families} metrics, ${samples} samples of node1, 0 warnings`);
  });
}
