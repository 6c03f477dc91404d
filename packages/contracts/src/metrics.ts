import * as z from 'zod/mini';

/**
 * Latest performance metrics over high-confidence (>= 60 %) picks of settled matches in the
 * last 30 days. `null` from the API until the first metrics run.
 */
export const MetricsSchema = z.strictObject({
  winAccuracy: z.number(),
  totalPredictions: z.int(),
  /** Signed profit in dollars at a $20 flat stake. */
  totalProfit: z.number(),
  /** Profit / total staked x 100; null when nothing was staked. */
  payoutPercentage: z.nullable(z.number()),
  /** Highest decimal odds among won picks; null when none. */
  bestWinningOdds: z.nullable(z.number()),
  date: z.iso.date(),
});
export type Metrics = z.infer<typeof MetricsSchema>;

/**
 * The headline figures and what they rest on: `published` picks (made before kickoff) once there
 * are 30 settled ones in the window, else `backtest` (predictions reconstructed after the fact on
 * a league's first run). The two are never mixed. The counts are settled picks in the window.
 */
export const TrackRecordSchema = z.extend(MetricsSchema, {
  basis: z.enum(['published', 'backtest']),
  publishedPredictions: z.int(),
  backfilledPredictions: z.int(),
});
export type TrackRecord = z.infer<typeof TrackRecordSchema>;

export const LatestMetricsSchema = z.nullable(TrackRecordSchema);
export type LatestMetrics = z.infer<typeof LatestMetricsSchema>;

/**
 * One day of the trend: the headline figures as of the end of that day, on their basis (the same
 * rule as the latest figures), with the picks they rest on.
 */
export const TrendEntrySchema = z.strictObject({
  date: z.iso.date(),
  winAccuracy: z.number(),
  totalPredictions: z.int(),
  basis: z.enum(['published', 'backtest']),
});
export type TrendEntry = z.infer<typeof TrendEntrySchema>;

/** Oldest first; the last 30 days that have settled picks. */
export const TrendSchema = z.array(TrendEntrySchema);
export type Trend = z.infer<typeof TrendSchema>;

/** The same figures over published and over back-tested picks, side by side (never summed). */
export const MetricsByBasisSchema = z.strictObject({
  /** The window in days, counted back from `to`. */
  days: z.int(),
  to: z.iso.datetime(),
  published: MetricsSchema,
  backtest: MetricsSchema,
});
export type MetricsByBasis = z.infer<typeof MetricsByBasisSchema>;
