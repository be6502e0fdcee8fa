// Client grid API: requests per second and latency at 50 connections for a realtor and a manager of
// a 20 000-client corporation, by name, by who needs attention and by systems, against the same SQL replayed by
// the raw driver and the index-read floor; the trivial-route ceiling of the same server; and the
// grid's growth from a small to a large database.
import { generateAttention } from './attention-data';
import type { WorldSize } from './generate';
import { recordGrowthInTurns, type Benchmark, type BenchContext } from './harness';
import { captureQueries, load, replay, signIn, type LoadResult, type RunningServer } from './server';
import {
  gridWorldSize,
  indexReadFloor,
  openServedWorld,
  recordAgainstRawSql,
  withSmallAndLarge,
} from './world';

const connections = 50;
const gridBody = { page: 1, pageSize: 10, sorting: [{ propertyName: 'lastName', dir: 'asc' }] };
/**
 * The first page of the grid, by name; filtered and sorted by who needs attention; and by name of
 * the homes with a system likely to need a replacement.
 */
const views = {
  'by name': gridBody,
  'needing attention': {
    page: 1,
    pageSize: 10,
    attention: 'needed',
    sorting: [{ propertyName: 'attention', dir: 'desc' }],
  },
  'likely replacement soon': { ...gridBody, systems: 'replaceSoon' },
} as const;
type View = keyof typeof views;

type Role = 'realtor' | 'manager';

/** The grid's first page asked by `connections` clients at once for `seconds`; every request must succeed. */
async function loadGrid(
  server: RunningServer,
  token: string,
  seconds: number,
  body: object = gridBody,
): Promise<LoadResult> {
  const result = await load({
    url: `${server.url}/clients/grid`,
    method: 'POST',
    token,
    body,
    connections,
    seconds,
  });
  if (result.errors > 0) throw new Error(`${result.errors} grid requests failed`);
  return result;
}

/** The grid under load for a realtor and a manager, with the raw replay of its statements, and the trivial route. */
async function measureGrid(
  context: BenchContext,
  label: string,
  size: WorldSize,
  seconds: number,
  warmUpSeconds: number,
) {
  const served = await openServedWorld(context, label, size, generateAttention);
  const { database, world, server } = served;
  try {
    const results: Partial<Record<`${Role}, ${View}`, { api: LoadResult; raw: LoadResult }>> = {};
    for (const role of ['realtor', 'manager'] as const) {
      const email = role === 'realtor' ? world.realtorEmail : world.managerEmail;
      const token = await signIn(server, email, world.password);
      for (const [view, body] of Object.entries(views) as Array<[View, object]>) {
        const send = (target: RunningServer) =>
          fetch(`${target.url}/clients/grid`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          }).then(async (response) => {
            if (!response.ok) throw new Error(`grid answered ${response.status}: ${await response.text()}`);
            return response.json();
          });
        await send(server); // warm the server's caches and plans
        const queries = await captureQueries(database.handle, send);
        // A short run first, so the server's code is compiled and its pool full before measuring: a
        // second was not enough for the first role measured in a full run.
        await loadGrid(server, token, warmUpSeconds, body);
        const api = await loadGrid(server, token, seconds, body);
        const raw = await replay(database.url, queries, connections, seconds);
        results[`${role}, ${view}`] = { api, raw };
      }
    }
    const trivial = await load({ url: `${server.url}/lookups/us-states`, connections, seconds });
    const floor = await indexReadFloor(database.url, world.bigCorporationId, connections, seconds);
    return { results, trivial, floor };
  } finally {
    await served.close();
  }
}

interface GrowthWorld {
  /** The manager's grid under load for `seconds`: its p97.5 in milliseconds. */
  measure(seconds: number): Promise<number>;
  close(): Promise<void>;
}

/** A database of `size` with its own server, signed in as the big corporation's manager. */
async function openGrowthWorld(context: BenchContext, label: string, size: WorldSize): Promise<GrowthWorld> {
  const served = await openServedWorld(context, label, size);
  const { world, server } = served;
  const token = await signIn(server, world.managerEmail, world.password);
  return {
    async measure(seconds) {
      return (await loadGrid(server, token, seconds)).p97_5Ms;
    },
    close: () => served.close(),
  };
}

const benchmark: Benchmark = {
  name: 'grid',
  async run(context) {
    const seconds = context.quick ? 3 : 10;
    const main = await measureGrid(
      context,
      'grid',
      gridWorldSize(context.quick),
      seconds,
      context.quick ? 1 : 3,
    );
    for (const [key, { api, raw }] of Object.entries(main.results)) {
      recordAgainstRawSql(
        context,
        { subject: `client grid, ${key}`, connections, latencyGoal: 'goal p95 < 30 ms' },
        api,
        raw,
        main.floor,
      );
    }
    context.record({
      metric: 'trivial route (US states): requests per second',
      unit: 'req/s',
      value: main.trivial.requestsPerSecond,
      baseline: {
        name: 'client grid, manager',
        value: main.results['manager, by name']!.api.requestsPerSecond,
      },
      higherIsBetter: true,
    });

    // Growth: one corporation of the same size in a small and in a large database, both up at once
    // and measured in turns, so that what else the machine does falls on both sides alike.
    const corporation = context.quick ? 2_000 : 5_000;
    const largeClients = context.quick ? 100_000 : 1_000_000;
    await withSmallAndLarge(
      () =>
        openGrowthWorld(context, 'growth_small', {
          corporations: 10,
          clients: 10_000,
          bigCorporationClients: corporation,
          subscriptionsPerProperty: 3,
          realtorsPerCorporation: 5,
        }),
      () =>
        openGrowthWorld(context, 'growth_large', {
          corporations: context.quick ? 100 : 1_000,
          clients: largeClients,
          bigCorporationClients: corporation,
          subscriptionsPerProperty: context.quick ? 1 : 3,
          realtorsPerCorporation: 5,
        }),
      (small, large) =>
        recordGrowthInTurns(context, {
          subject: 'client grid, manager',
          measure: (side, seconds) => [small, large][side]!.measure(seconds),
          largeClients,
          roundSeconds: context.quick ? 1 : 4,
        }),
    );
  },
};

export default benchmark;
