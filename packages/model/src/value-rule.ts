/**
 * The value-bet rule (docs/decisions/0191-the-value-rule-chosen-before-it-is-scored.md, its thresholds
 * per market replaced by docs/decisions/0310-a-value-rule-chosen-for-what-a-subscriber-earns.md): a
 * listed bookmaker pays more than the sharp fair price. Pure; shared by the backtest and the odds scan.
 */

/** A selection the rule prices: one outcome of 1X2, one side of Over/Under 2.5, or one side of the Asian handicap. */
export type RuleSelection = 'home' | 'draw' | 'away' | 'over25' | 'under25' | 'ahHome' | 'ahAway';

/** The markets a value rule is chosen and scored for, each apart. */
export type ValueMarket = '1X2' | 'OU2.5' | 'AH';
export const VALUE_MARKETS: readonly ValueMarket[] = ['1X2', 'OU2.5', 'AH'];

/** The market of a selection. */
export function marketOf(selection: RuleSelection): ValueMarket {
  if (selection === 'over25' || selection === 'under25') return 'OU2.5';
  if (selection === 'ahHome' || selection === 'ahAway') return 'AH';
  return '1X2';
}

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
 * The frozen rule of 0191: tuned on 2015-16..2018-19 only and frozen before its one evaluation run on
 * 2019-20..2022-23 (the decision record has both runs' figures); kept to score it beside its successor.
 */
export const VALUE_RULE: ValueRule = { minEdge: 0.05, minOdds: 1.01, maxOdds: 15, minProbability: 0.2 };

/** One rule per market; a market without one is not flagged. */
export type ValueRules = Partial<Record<ValueMarket, ValueRule>>;

/** The same rule in every market (the frozen rule is scored this way). */
export const everyMarket = (rule: ValueRule): ValueRules => ({ '1X2': rule, 'OU2.5': rule, AH: rule });

/**
 * The rules in force (0310): each market's rule tuned on 2015-16..2019-20 for the total edge a
 * subscriber can take per season; only markets whose closing line value was above 0 on the
 * evaluation seasons 2020-21..2022-23. Over/Under 2.5 and the Asian handicap got no rule in the
 * tuning (no rule's mean CLV interval was above 0 on 2019-20, their one season with prices).
 */
export const VALUE_RULES: ValueRules = { '1X2': { minEdge: 0.01, minOdds: 1.01, maxOdds: 15, minProbability: 0 } };

const isRule = (r: ValueRule | ValueRules): r is ValueRule => 'minEdge' in r;

/** The rule `rules` applies to a selection (undefined: its market is not flagged). */
export function ruleFor(selection: RuleSelection, rules: ValueRule | ValueRules): ValueRule | undefined {
  return isRule(rules) ? rules : rules[marketOf(selection)];
}

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
  rules: ValueRule | ValueRules = VALUE_RULES,
): ValueFlag | undefined {
  const rule = ruleFor(selection, rules);
  if (!rule) return undefined;
  if (fairProbability === undefined || !(fairProbability > 0) || fairProbability < rule.minProbability) return undefined;
  const inRange = prices.filter((p) => p.price >= rule.minOdds && p.price <= rule.maxOdds);
  const best = bestPrice(inRange);
  if (!best) return undefined;
  const edge = fairProbability * best.price - 1;
  if (edge < rule.minEdge) return undefined;
  return { selection, price: best.price, bookmaker: best.bookmaker, fairProbability, edge, booksAtPrice: best.booksAtPrice };
}
