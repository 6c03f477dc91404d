/**
 * Business numbers that the server computes with and the site states in words; both read them
 * from here so they cannot disagree.
 */

/** A pick is high-confidence, and tracked, at this probability (percent) or more. */
export const HIGH_CONFIDENCE_PERCENT = 60;

/** The flat stake of the profit figures, in US dollars. */
export const STAKE_USD = 20;

/** The Premium plan's monthly price, in US dollars. */
export const PREMIUM_PRICE_USD = 29;

/**
 * Until a deployment has this many settled published picks in the window, the headline figures
 * are the back-tested ones (backfilled predictions), labelled as such.
 */
export const PUBLISHED_BASIS_MIN_PICKS = 30;

/**
 * Fewer settled bets than this and a figure's interval says little (on a handful of bets it looks
 * precise and is not): the pages print "too few bets to judge" in its place
 * (docs/decisions/0331-intervals-only-from-the-stated-sample.md, amending 0211).
 */
export const MIN_BETS_TO_JUDGE = 100;

/**
 * Quarter-Kelly figures (ROI, profit, drawdown) are shown only once this many units are staked
 * quarter-Kelly: below it, a few small stakes make the ROI swing by tens of percent
 * (docs/decisions/0211-honest-figures.md).
 */
export const MIN_KELLY_UNITS_STAKED = 10;

/** Every ledger entry is staked 1 unit flat, and this fraction of the Kelly stake... */
export const KELLY_FRACTION = 0.25;
/** ...capped at this many units (1 unit = 1 % of a bankroll). */
export const KELLY_CAP_UNITS = 2.5;

/** The periods the track record is shown for: the last 30 days, 90 days, or all time. */
export const PERIODS = ['30', '90', 'all'] as const;
/** "All time" covers at most this many days back (the stored record's horizon). */
export const ALL_TIME_DAYS = 365;

/** The two markets we forecast and bet: home/draw/away, and Over/Under 2.5 goals. */
export const BET_MARKETS = ['1x2', 'ou25'] as const;

/**
 * The stake plans a value flag's suggestion can follow: `flat`, 1 unit (1 % of the bankroll) on
 * every flag; `kelly`, the ledger's quarter-Kelly from the fair probability, capped at
 * KELLY_CAP_UNITS units.
 */
export const STAKE_PLANS = ['flat', 'kelly'] as const;
export type StakePlan = (typeof STAKE_PLANS)[number];
