/** Business constants of docs/product.md#business-constants that the UI states in words. */

export { HIGH_CONFIDENCE_PERCENT as HIGH_CONFIDENCE_THRESHOLD, PREMIUM_PRICE_USD, PUBLISHED_BASIS_MIN_PICKS, STAKE_USD } from '@app/contracts/rules';

export const FREE_PRICE_USD = 0;

/** How every page names the two kinds of record, never added together (docs/decisions/0090-published-and-backfilled-predictions.md). */
export const BASIS_LABELS = { published: 'Published before kickoff', backtest: 'Back-tested (reconstructed)' } as const;
export const MEMBER_COUNT_LABEL = '2,500+';
/** Why picks as a whole trail the market: said on /results and /analytics beside their figures. */
export const PICKS_PAY_THE_MARGIN =
  'A pick is the outcome we think most likely, taken at the market’s price; that price carries the bookmaker’s margin, so picks as a whole lose about the margin unless they win more often than the price says. Value bets are the ones priced above the fair price.';

/**
 * The three models and their weights in the ensemble (marketing copy, docs/product.md#audience-and-plans): the a-priori
 * weights, which the engine's learned pool stays close to (docs/model.md).
 */
export const MODELS = [
  { name: 'Statistical learning', weight: 40 },
  { name: 'Football-optimised AI', weight: 30 },
  { name: 'Dynamic team rating', weight: 30 },
] as const;

/**
 * A match without odds of its own: the market memory (ratings from earlier matches' closing prices) pooled with our
 * models, 1X2 weights in percent (the prior weights frozen by docs/decisions/0290-market-memory.md, published as
 * docs/decisions/0291-forecasts-from-market-memory-in-the-product.md says).
 */
export const MEMORY_WEIGHTS = { memory: 94, models: 6 } as const;

/**
 * Walk-forward backtest of the forecasting engine as a deployed stage runs it (docs/model.md, the `--deployed`
 * backtest): 10 leagues, seasons 2019-20 to 2022-23, ranked probability score (lower is better) against Pinnacle's
 * closing odds, and the value bets of both kinds with their return; 95 % block-bootstrap intervals.
 */
export const BACKTEST = {
  seasons: '2019-20 to 2022-23',
  leagues: 10,
  matches: 12843,
  pinnacleClosingRps: 0.2009,
  /** Our models alone: no bookmaker price anywhere. */
  modelsOnly: { rps: 0.2051, ratio: 1.021, ratioLow: 1.017, ratioHigh: 1.025 },
  /** With the fixture's pre-kickoff odds: the published forecast, which is the market's fair price. */
  withOdds: { rps: 0.2018, ratio: 1.005, ratioLow: 1.003, ratioHigh: 1.007 },
  /**
   * Value bets (docs/model.md "Value bets"; the research backtest, the rule frozen on 2015-16..2018-19 before this one
   * run): closing line value against Pinnacle's closing price first, then the flat-stake return; fractions. Flagged: a
   * listed bookmaker's price at least 5 % above Pinnacle's fair price; our models alone: their probability at the same
   * books' best price.
   */
  valueBets: {
    flagged: { bets: 206, clv: 0.075, clvLow: 0.054, clvHigh: 0.096, roi: 0.099, roiLow: -0.093, roiHigh: 0.292 },
    modelsAlone: { bets: 11299, clv: -0.033, clvLow: -0.035, clvHigh: -0.031, roi: -0.068, roiLow: -0.094, roiHigh: -0.041 },
  },
} as const;

export const CONTACT_REPLY_HOURS = 24;
export const SUPPORT_HOURS = 'Mon-Fri, 9:00-18:00 GMT';
