/**
 * A home's health score as the pages read it (docs/decisions/095): the score, its band and the
 * reasons, kept per home so that the client grid and Home can filter, sort and count by it.
 */
import { z } from '../zod';
import { healthBands, type HealthBand } from '../health-score';

export { healthBandLabel } from '../health-score';
import { optionalId } from './clients';

export const healthBandNames = healthBands.map((one) => one.band) as [HealthBand, ...HealthBand[]];

export const homeHealthSchema = z.object({
  score: z.number(),
  band: z.enum(healthBandNames),
  reasons: z.array(z.object({ points: z.number(), text: z.string(), raise: z.string() })),
  /** The local day it was scored, 'YYYY-MM-DD'. */
  scoredOn: z.string(),
});
export type HomeHealth = z.infer<typeof homeHealthSchema>;

/** A manager may narrow Home's card to one realtor's clients. */
export const healthOverviewQuerySchema = z.object({ realtorId: optionalId });

/** Home's card: the homes in reach by band, and the lowest scored first with their first reason. */
export const healthOverviewSchema = z.object({
  bands: z.array(z.object({ band: z.enum(healthBandNames), count: z.number() })),
  lowest: z.array(
    z.object({
      clientId: z.string(),
      propertyId: z.string(),
      clientName: z.string(),
      addressLine: z.string(),
      score: z.number(),
      band: z.enum(healthBandNames),
      reason: z.string().nullable(),
    }),
  ),
});
export type HealthOverview = z.infer<typeof healthOverviewSchema>;
