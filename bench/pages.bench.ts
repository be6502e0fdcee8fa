// Pages rendered on the server (decision 084): requests per second and p97.5 at 50 connections of
// the documents of Home and of the client grid for a manager of the largest corporation, each
// beside the API's JSON of the same data (every read the page's data takes, asked one after
// another as the browser would), measured in the same run on the same server.
import type { ClientGrid } from '@homeminder/shared/contracts/clients';
import { RouteName } from '@homeminder/shared/routes';
import { sessionCookieNames } from '../apps/api/src/plugins/session-cookies';

import type { Benchmark, BenchContext } from './harness';
import { ensureWebBuild, load, signIn, type JsonRead, type LoadResult, type RunningServer } from './server';
import { gridWorldSize, openServedWorld } from './world';

const connections = 50;

/** The grid's first page as its address without parameters asks for it (prefetchClientGrid). */
const firstGridPage = { page: 1, pageSize: 10, sorting: [], status: 'all' };

/** Who is asking and whether they may open the screen: the reads every page's data starts with. */
const signedInReads = (uiElement: string): JsonRead[] => [
  { method: 'GET', path: 'auth/who-am-i' },
  { method: 'POST', path: 'sec/permission/ui-check', body: { uiElement } },
];

interface Pair {
  /** The screen, e.g. "Home". */
  screen: string;
  /** The document's path under the base path. */
  documentPath: string;
  /**
   * The same data as JSON: the reads of the screen's loader for a manager (who-am-i, the ui-check
   * and its prefetch), under the API's address. The first after the sign-in reads is the one
   * whose response names what the document must show.
   */
  reads: JsonRead[];
  /** Text the document holds only when it was rendered with the person's data. */
  shows: (json: unknown) => string[];
}

const pairs: Pair[] = [
  {
    screen: 'Home',
    documentPath: '',
    // prefetchHome for a manager: the summary, the corporation, its realtors, the first page of
    // who needs attention, the coming reminders and the reminder activity.
    reads: [
      ...signedInReads(RouteName.Default),
      { method: 'GET', path: 'home/summary' },
      { method: 'GET', path: 'id/tenant-details' },
      { method: 'GET', path: 'clients/realtors' },
      { method: 'GET', path: 'home/attention?page=1' },
      { method: 'POST', path: 'reminder/subscriptions/8/1', body: { daysFilter: 30 } },
      { method: 'GET', path: 'home/reminder-activity' },
    ],
    shows: () => ['Needs attention'],
  },
  {
    screen: 'client grid',
    documentPath: 'clients',
    // prefetchClientGrid for a manager: the first page, the corporation, the counts and the realtors.
    reads: [
      ...signedInReads(RouteName.Clients),
      { method: 'POST', path: 'clients/grid', body: firstGridPage },
      { method: 'GET', path: 'id/tenant-details' },
      { method: 'GET', path: 'clients/properties/count' },
      { method: 'GET', path: 'clients/properties/pendingCount' },
      { method: 'GET', path: 'clients/realtors' },
    ],
    // The first row's email, as the grid lists it.
    shows: (json) => {
      const first = (json as ClientGrid).items[0];
      if (!first?.email) throw new Error('the grid of the largest corporation is empty');
      return [first.email];
    },
  },
];

/**
 * Every read of a pair once, each responding 200; returns the screen's first read's JSON, for the
 * text its document must show, and each read's time alone (which of them the load waits on). A 503
 * is asked again a second later: the requests of the load before may still wait for the
 * database's connections after their clients have gone.
 */
async function readJson(
  server: RunningServer,
  token: string,
  pair: Pair,
): Promise<{ shown: unknown; times: string }> {
  const responses: unknown[] = [];
  const times: string[] = [];
  for (const read of pair.reads) {
    for (let attempt = 1; ; attempt += 1) {
      const started = performance.now();
      const response = await fetch(`${server.url}/${read.path}`, {
        method: read.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(read.body === undefined ? {} : { body: JSON.stringify(read.body) }),
      });
      if (response.ok) {
        responses.push(await response.json());
        times.push(`${read.path} ${Math.round(performance.now() - started)} ms`);
        break;
      }
      if (response.status !== 503 || attempt === 60)
        throw new Error(
          `${read.method} api/${read.path} answered ${response.status}: ${await response.text()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  return { shown: responses[signedInReads('').length], times: times.join(', ') };
}

/**
 * The document once, as autocannon will ask for it: it must respond 200 with the person's data, so
 * that a redirect to the Loading Page or a page rendered for no one is never what is measured.
 */
async function checkDocument(url: string, cookie: string, expected: string[]): Promise<void> {
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const missing = expected.filter((text) => !html.includes(text));
  if (missing.length > 0) throw new Error(`${url} does not show ${missing.join(', ')}`);
}

/**
 * `seconds` of load; every request must get a 2xx response. autocannon stops with up to `connections`
 * requests still in the server, which would slow the next load: one more request of the same
 * kind, responded to after them, is awaited before the next begins.
 */
async function loadOnce(what: string, options: Parameters<typeof load>[0]): Promise<LoadResult> {
  const result = await load(options);
  if (result.errors > 0)
    throw new Error(
      `${result.errors} requests of ${what} failed: ${result.timeouts} timed out, ` +
        Object.entries(result.statuses)
          .map(([status, count]) => `${count} answered ${status}`)
          .join(', '),
    );
  const last = options.requests?.at(-1);
  const after = await fetch(last ? `${new URL(options.url).origin}${last.path}` : options.url, {
    method: last?.method ?? options.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(last?.body === undefined ? {} : { body: JSON.stringify(last.body) }),
  });
  await after.arrayBuffer();
  return result;
}

function record(context: BenchContext, pair: Pair, documentLoad: LoadResult, jsonLoad: LoadResult): void {
  const subject = `${pair.screen} document (GET /ui/${pair.documentPath}), manager`;
  const reads = pair.reads.length;
  context.record({
    metric: `${subject}: requests per second`,
    unit: 'req/s',
    value: documentLoad.requestsPerSecond,
    baseline: {
      name: `its data as JSON, the ${reads} reads one after another (sets per second), the same run`,
      value: jsonLoad.requestsPerSecond / reads,
    },
    higherIsBetter: true,
    goalRatio: 0.5,
  });
  context.record({
    metric: `${subject}: p97.5 latency at ${connections} connections`,
    unit: 'ms',
    value: documentLoad.p97_5Ms,
    baseline: { name: `one of its ${reads} JSON reads, the same run`, value: jsonLoad.p97_5Ms },
    higherIsBetter: false,
  });
}

/** A pair's JSON and document, each warmed up, then loaded in turn for `seconds`. */
async function measurePair(
  context: BenchContext,
  options: {
    server: RunningServer;
    token: string;
    cookie: string;
    pair: Pair;
    seconds: number;
    warmUpSeconds: number;
  },
): Promise<void> {
  const { server, token, cookie, pair, seconds, warmUpSeconds } = options;
  const documentUrl = new URL(pair.documentPath, `${new URL(server.url).origin}/ui/`).href;
  await checkDocument(documentUrl, cookie, pair.shows((await readJson(server, token, pair)).shown));
  // At 50 connections a full-size Home serves a few documents a second, so the mean response takes
  // about autocannon's default 10 s limit; the longer limit counts those responses instead of
  // abandoning them (an abandoned request still runs and slows the rest).
  const documentOptions = { url: documentUrl, headers: { cookie }, connections, timeoutSeconds: 30 };
  const apiPath = new URL(server.url).pathname;
  const jsonOptions = {
    url: server.url,
    token,
    requests: pair.reads.map((read) => ({ ...read, path: `${apiPath}/${read.path}` })),
    connections,
    timeoutSeconds: 30,
  };
  const jsonName = `${pair.screen}'s JSON reads`;
  // Short runs first, so the server's code is compiled and its pool full before measuring.
  await loadOnce(`${jsonName} (warming up)`, { ...jsonOptions, seconds: warmUpSeconds });
  await loadOnce(`${documentUrl} (warming up)`, { ...documentOptions, seconds: warmUpSeconds });
  const jsonLoad = await loadOnce(jsonName, { ...jsonOptions, seconds });
  const documentLoad = await loadOnce(documentUrl, { ...documentOptions, seconds });
  // Warm, on a server with nothing else to do: which of the reads the loads waited on.
  context.log(`${pair.screen}'s reads, each alone: ${(await readJson(server, token, pair)).times}`);
  // On a machine too busy for the run's length no request may finish: a ratio of nothing.
  if (jsonLoad.requestsPerSecond === 0 || documentLoad.requestsPerSecond === 0)
    context.log(
      `${pair.screen}: no request completed in ${seconds} s on one side (document ${documentLoad.requestsPerSecond} req/s, JSON ${jsonLoad.requestsPerSecond} req/s); not recorded`,
    );
  else record(context, pair, documentLoad, jsonLoad);
}

const benchmark: Benchmark = {
  name: 'pages',
  async run(context) {
    ensureWebBuild((message) => context.log(message));
    // A quick run's document of Home may take seconds on a busy machine: a shorter run could end
    // before any response.
    const seconds = context.quick ? 5 : 10;
    const warmUpSeconds = context.quick ? 1 : 3;
    const size = gridWorldSize(context.quick);
    const served = await openServedWorld(context, 'pages', size);
    try {
      const { server, world } = served;
      const token = await signIn(server, world.managerEmail, world.password);
      // A page's session cookie carries the token the sign-in responded with.
      const cookie = `${sessionCookieNames.session}=${token}`;
      const failed: string[] = [];
      // One screen's failure (a request refused under load) leaves the other's figures standing.
      for (const pair of pairs) {
        await measurePair(context, { server, token, cookie, pair, seconds, warmUpSeconds }).catch(
          (error: unknown) => {
            failed.push(pair.screen);
            context.log(`${pair.screen} failed: ${error instanceof Error ? error.message : String(error)}`);
          },
        );
      }
      if (failed.length > 0) throw new Error(`${failed.join(' and ')} not measured`);
    } finally {
      await served.close();
    }
  },
};

export default benchmark;
