import * as z from 'zod/mini';

export const ANALYTICS_PERIODS = ['30', '90', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** "All time" covers at most this many days back (the stored record's horizon). */
export const ANALYTICS_ALL_DAYS = 365;

export const AnalyticsQuerySchema = z.object({ period: z.optional(z.enum(ANALYTICS_PERIODS, 'period must be 30, 90 or all')) });

/** Picks of one market (or both): count, hits, $20-stake profit, ROI with its 95 % interval. */
export const PickRecordSchema = z.object({
  picks: z.int(),
  hits: z.int(),
  /** Percent, one decimal; null without picks. */
  hitRate: z.nullable(z.number()),
  /** Picks with a price (profit needs one). */
  staked: z.int(),
  profit: z.number(),
  /** Profit / staked x 100 and its 95 % interval (normal approximation over the picks' returns); null without a staked pick. */
  roi: z.nullable(z.number()),
  roiLow: z.nullable(z.number()),
  roiHigh: z.nullable(z.number()),
});
export type PickRecord = z.infer<typeof PickRecordSchema>;

export const ReliabilityBinSchema = z.object({
  /** Bin bounds in percent, e.g. 40..50. */
  from: z.number(),
  to: z.number(),
  /** Mean forecast probability of the bin and the observed frequency, in percent. */
  forecast: z.number(),
  observed: z.number(),
  count: z.int(),
});

export const AnalyticsReportSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  from: z.iso.date(),
  to: z.iso.date(),
  /** `published`: predictions made before kickoff (30+ settled picks); else `backtest`: reconstructed ones, labelled. */
  basis: z.enum(['published', 'backtest']),
  matches: z.int(),
  markets: z.object({ all: PickRecordSchema, '1x2': PickRecordSchema, ou25: PickRecordSchema }),
  /** Value bets flagged before kickoff, settled against the price shown. */
  valueBets: PickRecordSchema,
  /** Mean RPS of our forecasts and of the market's fair probabilities on the same matches (lower is better). */
  rps: z.object({ matches: z.int(), ours: z.nullable(z.number()), market: z.nullable(z.number()) }),
  /** Every 1X2 outcome probability we published, in 10-point bins, against how often it happened. */
  reliability: z.array(ReliabilityBinSchema),
  perLeague: z.array(z.object({ leagueId: z.string(), league: z.string(), '1x2': PickRecordSchema, ou25: PickRecordSchema })),
  computedAt: z.iso.datetime(),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;
