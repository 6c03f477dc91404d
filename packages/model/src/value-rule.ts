/**
 * The value-bet rule (docs/decisions/0191-the-value-rule-chosen-before-it-is-scored.md): a listed
 * bookmaker pays more than the sharp fair price. Pure; shared by the backtest and the odds scan.
 */

/** A selection the rule prices: one outcome of 1X2, or one side of Over/Under 2.5. */
export type RuleSelection = 'home' | 'draw' | 'away' | 'over25' | 'under25';

export interface ValueRule {
  /** Minimum fair probability x price - 1 (0.02 = the price pays 2 % more than fair). */
  minEdge: number;
  /** Prices considered: [minOdds, maxOdds]. */
  minOdds: number;
  maxOdds: number;
  /** Minimum fair probability of the selection. */
  minProbability: number;
}

/**
 * The rule in force: tuned on 2015-16..2018-19 only and frozen before its one evaluation run on
 * 2019-20..2022-23 (the decision record has both runs' figures).
 */
export const VALUE_RULE: ValueRule = { minEdge: 0.05, minOdds: 1.01, maxOdds: 15, minProbability: 0.2 };

/** One listed book's price of a selection, already net of any commission. */
export interface BookPrice {
  bookmaker: string;
  price: number;
}

export interface ValueFlag {
  selection: RuleSelection;
  /** The best listed price and its bookmaker (the first listed on a tie). */
  price: number;
  bookmaker: string;
  /** The sharp fair probability at the same moment. */
  fairProbability: number;
  /** fairProbability x price - 1. */
  edge: number;
  /** How many listed books offered at least `price` (1 = only the flagged one). */
  booksAtPrice: number;
}

/** The best price of a list (the first listed on a tie) and how many offer at least it. */
export function bestPrice(prices: readonly BookPrice[]): (BookPrice & { booksAtPrice: number }) | undefined {
  let best: BookPrice | undefined;
  for (const p of prices) if (!best || p.price > best.price) best = p;
  if (!best) return undefined;
  return { ...best, booksAtPrice: prices.filter((p) => p.price >= best.price).length };
}

/** The flag of one selection under `rule`, or undefined when the best listed price does not clear it. */
export function valueFlagOf(
  selection: RuleSelection,
  fairProbability: number | undefined,
  prices: readonly BookPrice[],
  rule: ValueRule = VALUE_RULE,
): ValueFlag | undefined {
  if (fairProbability === undefined || !(fairProbability > 0) || fairProbability < rule.minProbability) return undefined;
  const inRange = prices.filter((p) => p.price >= rule.minOdds && p.price <= rule.maxOdds);
  const best = bestPrice(inRange);
  if (!best) return undefined;
  const edge = fairProbability * best.price - 1;
  if (edge < rule.minEdge) return undefined;
  return { selection, price: best.price, bookmaker: best.bookmaker, fairProbability, edge, booksAtPrice: best.booksAtPrice };
}
