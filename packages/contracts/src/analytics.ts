import * as z from 'zod/mini';
import { ALL_TIME_DAYS, BET_MARKETS, PERIODS } from './rules.ts';

export const ANALYTICS_PERIODS = PERIODS;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_ALL_DAYS = ALL_TIME_DAYS;

export const AnalyticsQuerySchema = z.object({
  period: z.optional(z.enum(ANALYTICS_PERIODS, 'period must be 30, 90 or all')),
  league: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'league must be a league id'))),
  market: z.optional(z.enum(BET_MARKETS, 'market must be 1x2 or ou25')),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** Closing line value of a set of bets (docs/track-record.md#closing-line-value). */
export const ClvSchema = z.strictObject({
  /** Bets with a price and a closing price. */
  bets: z.int(),
  /** Settled bets without a closing price (or without a price): not in the figures. */
  withoutClosing: z.int(),
  /** Mean CLV in percent and its 95 % interval (bootstrap over match days); null without bets. */
  mean: z.nullable(z.number()),
  ci95: z.nullable(z.tuple([z.number(), z.number()])),
  /** Share of bets whose price beat the fair closing price, percent. */
  beatClosePct: z.nullable(z.number()),
});
export type Clv = z.infer<typeof ClvSchema>;

/** Settled bets of one kind, market or league: count, hits, $20-stake profit, ROI, quarter-Kelly and CLV. */
export const PickRecordSchema = z.strictObject({
  picks: z.int(),
  hits: z.int(),
  /** Percent, one decimal; null without picks. */
  hitRate: z.nullable(z.number()),
  /** Picks with a price (profit needs one; a lost pick always counts). */
  staked: z.int(),
  /** Dollars at a flat $20 stake. */
  profit: z.number(),
  /**
   * Profit / staked x 100 and its 95 % interval (percentile bootstrap over match days, so never
   * below -100); null without a staked pick, the interval also with a single one.
   */
  roi: z.nullable(z.number()),
  roiLow: z.nullable(z.number()),
  roiHigh: z.nullable(z.number()),
  /** Quarter-Kelly stakes (units, capped at 2.5 each): total staked, profit and ROI. */
  kelly: z.strictObject({ staked: z.number(), profit: z.number(), roi: z.nullable(z.number()) }),
  clv: ClvSchema,
});
export type PickRecord = z.infer<typeof PickRecordSchema>;

/** Cumulative profit in units, bet by bet in kickoff order, and the largest fall from a peak. */
export const ProfitCurveSchema = z.strictObject({
  points: z.array(z.strictObject({ kickoff: z.iso.datetime(), flat: z.number(), kelly: z.number() })),
  maxDrawdown: z.strictObject({ flat: z.number(), kelly: z.number() }),
});
export type ProfitCurve = z.infer<typeof ProfitCurveSchema>;

export const ReliabilityBinSchema = z.strictObject({
  /** Bin bounds in percent, e.g. 40..50. */
  from: z.number(),
  to: z.number(),
  /** Mean forecast probability of the bin and the observed frequency, in percent. */
  forecast: z.number(),
  observed: z.number(),
  count: z.int(),
});

/**
 * Forecast quality of one period (all leagues), computed by the metrics job from the stored
 * predictions: RPS against the market and the reliability diagram.
 */
export const ForecastQualitySchema = z.strictObject({
  period: z.enum(ANALYTICS_PERIODS),
  basis: z.enum(['published', 'backtest']),
  matches: z.int(),
  /** Mean RPS of our forecasts and of the market's fair probabilities on the same matches (lower is better). */
  rps: z.strictObject({ matches: z.int(), ours: z.nullable(z.number()), market: z.nullable(z.number()) }),
  /** Every 1X2 outcome probability we published, in 10-point bins, against how often it happened. */
  reliability: z.array(ReliabilityBinSchema),
  computedAt: z.iso.datetime(),
});
export type ForecastQuality = z.infer<typeof ForecastQualitySchema>;

export const AnalyticsReportSchema = z.strictObject({
  period: z.enum(ANALYTICS_PERIODS),
  from: z.iso.date(),
  to: z.iso.date(),
  league: z.nullable(z.string()),
  market: z.nullable(z.enum(BET_MARKETS)),
  /** Leagues with a settled bet in the period (the league filter). */
  leagues: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  /** `published`: predictions made before kickoff (30+ settled picks in the period); else `backtest`: reconstructed ones, labelled. */
  basis: z.enum(['published', 'backtest']),
  /** Settled matches with a bet. */
  matches: z.int(),
  markets: z.strictObject({ all: PickRecordSchema, '1x2': PickRecordSchema, ou25: PickRecordSchema }),
  /** Value bets flagged before kickoff, settled at the price shown (or its correction). */
  valueBets: PickRecordSchema,
  /** Every bet of the set (picks and value bets) with a closing price. */
  clv: ClvSchema,
  curves: z.strictObject({ picks: ProfitCurveSchema, valueBets: ProfitCurveSchema }),
  perLeague: z.array(
    z.strictObject({ leagueId: z.string(), league: z.string(), '1x2': PickRecordSchema, ou25: PickRecordSchema, valueBets: PickRecordSchema }),
  ),
  /** Null until the first metrics run. */
  forecast: z.nullable(ForecastQualitySchema),
  computedAt: z.iso.datetime(),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;

/** What one window's settled value flags of one basis are worth at a flat stake: expected (from CLV) beside what happened. */
export const ValueWorthFiguresSchema = z.strictObject({
  /** Settled value flags (won or lost) in the window. */
  flags: z.int(),
  /** Their closing line value: `bets` (with a closing price) is the sample size of everything expected below. */
  clv: ClvSchema,
  /**
   * Expected profit in dollars at a flat STAKE_USD on each flag with a closing price: mean CLV x bets x stake, with
   * the mean's 95 % interval; and the same per 30 days of the window, to set beside the monthly fee. Null without bets
   * (the intervals also with a single one).
   */
  expectedUsd: z.nullable(z.number()),
  expectedUsdCi95: z.nullable(z.tuple([z.number(), z.number()])),
  expectedMonthlyUsd: z.nullable(z.number()),
  expectedMonthlyUsdCi95: z.nullable(z.tuple([z.number(), z.number()])),
  /** What actually happened: profit in dollars at the flat stake, and per 30 days of the window. */
  actualUsd: z.number(),
  actualMonthlyUsd: z.number(),
});
export type ValueWorthFigures = z.infer<typeof ValueWorthFiguresSchema>;

export const ValueWorthWindowSchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.int(),
  /** Flags published before kickoff and back-tested ones, apart (never summed). */
  published: ValueWorthFiguresSchema,
  backtest: ValueWorthFiguresSchema,
});
export type ValueWorthWindow = z.infer<typeof ValueWorthWindowSchema>;

/** `GET /api/ledger/value-worth` (public): the last 30 days' and the season's value flags beside the monthly fee. */
export const ValueWorthSchema = z.strictObject({
  stakeUsd: z.number(),
  feeUsd: z.number(),
  last30: ValueWorthWindowSchema,
  season: ValueWorthWindowSchema,
  computedAt: z.iso.datetime(),
});
export type ValueWorth = z.infer<typeof ValueWorthSchema>;
