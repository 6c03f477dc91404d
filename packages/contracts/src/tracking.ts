import * as z from 'zod/mini';
import { MetricsByBasisSchema } from './metrics.ts';

export const TrackingQuerySchema = z.object({ days: z.enum(['1', '7', '30'], 'days must be 1, 7 or 30') });
export type TrackingQuery = z.infer<typeof TrackingQuerySchema>;

/** One high-confidence pick on the Performance Tracking page. */
export const TrackingRowSchema = z.strictObject({
  id: z.string(),
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  league: z.string(),
  matchTime: z.iso.datetime(),
  ourPrediction: z.string(),
  /** Percent, one decimal. */
  confidence: z.number(),
  actualResult: z.string(),
  hasResult: z.boolean(),
  isCorrect: z.nullable(z.boolean()),
  /** `published` before kickoff, or `backtest` (reconstructed on a league's first run). */
  basis: z.enum(['published', 'backtest']),
});
export type TrackingRow = z.infer<typeof TrackingRowSchema>;
export const TrackingListSchema = z.array(TrackingRowSchema);

/** The period's figures over published and over back-tested picks, and the picks still open. */
export const TrackingSummarySchema = z.extend(MetricsByBasisSchema, {
  pending: z.strictObject({ published: z.int(), backtest: z.int() }),
});
export type TrackingSummary = z.infer<typeof TrackingSummarySchema>;
