import type { HomeHealth } from '@homeminder/shared/contracts/home-health';
import { homeProfileMessages } from '@homeminder/shared/contracts/home-profile';
import { healthScoreOf } from '@homeminder/shared/health-score';
import { NotFoundError } from '../../lib/errors';
import { reachHome, type HomeAccessRepository, type HomeCaller } from '../home-profiles';
import type { HealthInputs, HomeHealthRepository } from './home-health.repository';

interface Dependencies {
  homes: HomeAccessRepository;
  health: HomeHealthRepository;
  now?: () => Date;
}

/** The score of a home from what was read of it (the rule is the shared package's). */
const scored = (inputs: HealthInputs) => ({
  propertyId: inputs.propertyId,
  scoredOn: inputs.today,
  ...healthScoreOf({ ...inputs, today: new Date(`${inputs.today}T00:00:00Z`) }),
});

/**
 * Scores homes of one corporation now and keeps the scores, inside the caller's transaction: the
 * page of a home, the daily run, and a reply that changes what is overdue.
 */
export async function rescoreHomes(
  health: Pick<HomeHealthRepository, 'inputsOf' | 'keep'>,
  tenantId: string,
  propertyIds: string[],
  at: Date,
) {
  const scores = (await health.inputsOf(tenantId, propertyIds, at)).map(scored);
  await health.keep(tenantId, scores);
  return scores;
}

/**
 * A home's health score (docs/decisions/095): worked out when its page is read, for its owner and
 * for staff in reach, and kept; and every home scored again each day, a batch a minute, so that
 * the client grid and Home read kept scores.
 */
export function homeHealthService({ homes, health, now = () => new Date() }: Dependencies) {
  return {
    async healthOf(caller: HomeCaller, propertyId: string): Promise<HomeHealth> {
      const { tenantId } = await reachHome(homes, caller, propertyId);
      const [score] = await rescoreHomes(health, tenantId, [propertyId], now());
      if (!score) throw new NotFoundError(homeProfileMessages.homeNotFound);
      return { score: score.score, band: score.band, reasons: score.reasons, scoredOn: score.scoredOn };
    },

    /** Scores the homes due a score; returns how many. */
    async scoreDue(): Promise<number> {
      const at = now();
      const byTenant = new Map<string, string[]>();
      for (const { tenantId, propertyId } of await health.due(at))
        byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), propertyId]);
      let count = 0;
      for (const [tenantId, propertyIds] of byTenant) {
        await health.inCorporation(tenantId, async () => {
          count += (await rescoreHomes(health, tenantId, propertyIds, at)).length;
        });
      }
      return count;
    },
  };
}
export type HomeHealthService = ReturnType<typeof homeHealthService>;
