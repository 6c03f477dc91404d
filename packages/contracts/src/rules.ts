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
