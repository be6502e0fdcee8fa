// Who needs attention (GET api/home/attention): requests per second and p97.5 at 50 connections for a
// realtor and a manager of a 20 000-client corporation, against the same SQL replayed by the raw
// driver; and the manager's p97.5 in a 1 000 000-client database against a 10 000-client one.
import { generateAttention } from './attention-data';
import type { WorldSize } from './generate';
import { recordGrowthInTurns, type Benchmark, type BenchContext } from './harness';
import { captureQueries, load, replay, signIn, type LoadResult, type RunningServer } from './server';
import { indexReadFloor, openServedWorld, recordAgainstRawSql, withSmallAndLarge } from './world';

const connections = 50;

/** The list's first page asked by `connections` clients at once; every request must succeed. */
async function loadList(server: RunningServer, token: string, seconds: number): Promise<LoadResult> {
  const result = await load({ url: `${server.url}/home/attention`, token, connections, seconds });
  if (result.errors > 0) throw new Error(`${result.errors} attention requests failed`);
  return result;
}

/** A generated world with attention data and its own server; `close` drops both. */
const openWorld = (context: BenchContext, label: string, size: WorldSize) =>
  openServedWorld(context, label, size, generateAttention);

const benchmark: Benchmark = {
  name: 'attention',
  async run(context) {
    // Longer than the grid's quick run: a request of a second or more left without a response when a short
    // run ends would count as none.
    const seconds = context.quick ? 8 : 15;
    const main = await openWorld(context, 'attention', {
      corporations: context.quick ? 20 : 1_000,
      clients: context.quick ? 40_000 : 1_000_000,
      bigCorporationClients: 20_000,
      subscriptionsPerProperty: 3,
      realtorsPerCorporation: 5,
    });
    try {
      const floor = await indexReadFloor(
        main.database.url,
        main.world.bigCorporationId,
        connections,
        seconds,
      );
      for (const role of ['realtor', 'manager'] as const) {
        const email = role === 'realtor' ? main.world.realtorEmail : main.world.managerEmail;
        const token = await signIn(main.server, email, main.world.password);
        const send = (target: RunningServer) =>
          fetch(`${target.url}/home/attention`, { headers: { authorization: `Bearer ${token}` } }).then(
            async (response) => {
              if (!response.ok)
                throw new Error(`attention answered ${response.status}: ${await response.text()}`);
              return response.json() as Promise<{ total: number }>;
            },
          );
        const first = await send(main.server);
        context.log(`${role}: ${first.total.toLocaleString('en-US')} rows listed`);
        const queries = await captureQueries(main.database.handle, send);
        await loadList(main.server, token, context.quick ? 1 : 3);
        const api = await loadList(main.server, token, seconds);
        const raw = await replay(main.database.url, queries, connections, seconds);
        recordAgainstRawSql(context, { subject: `needs attention, ${role}`, connections }, api, raw, floor);
      }
    } finally {
      await main.close();
    }

    // Growth: one corporation of the same size in a small and in a large database, both up at once
    // and measured in turns, so that what else the machine does falls on both sides alike.
    const corporation = 5_000;
    const size = (clients: number, corporations: number, subscriptionsPerProperty: number) => ({
      corporations,
      clients,
      bigCorporationClients: corporation,
      subscriptionsPerProperty,
      realtorsPerCorporation: 5,
    });
    await withSmallAndLarge(
      () => openWorld(context, 'attention_small', size(10_000, 10, 3)),
      () => openWorld(context, 'attention_large', size(1_000_000, 1_000, context.quick ? 1 : 3)),
      async (small, large) => {
        const tokens = await Promise.all(
          [small, large].map((one) => signIn(one.server, one.world.managerEmail, one.world.password)),
        );
        await recordGrowthInTurns(context, {
          subject: 'needs attention, manager',
          measure: async (side, seconds) =>
            (await loadList([small, large][side]!.server, tokens[side]!, seconds)).p97_5Ms,
          largeClients: 1_000_000,
          roundSeconds: context.quick ? 4 : 8,
        });
      },
    );
  },
};

export default benchmark;
