import * as z from 'zod/mini';

/**
 * Latest performance metrics over high-confidence (>= 60 %) picks of settled matches in the
 * last 30 days. `null` from the API until the first metrics run.
 */
export const MetricsSchema = z.object({
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

export const LatestMetricsSchema = z.nullable(MetricsSchema);
export type LatestMetrics = z.infer<typeof LatestMetricsSchema>;

export const TrendEntrySchema = z.object({ date: z.iso.date(), winAccuracy: z.number() });
export type TrendEntry = z.infer<typeof TrendEntrySchema>;

/** Oldest first; at most the last 30 daily entries. */
export const TrendSchema = z.array(TrendEntrySchema);
export type Trend = z.infer<typeof TrendSchema>;
