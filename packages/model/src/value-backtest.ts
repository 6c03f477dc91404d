/**
 * Value bets in the backtest (pure): flags at the best price of the declared bookmakers
 * (bookmakers.ts), scored first by closing line value against Pinnacle's closing price (Shin for
 * 1X2, proportional for Over/Under, as the ledger does), then by flat-stake ROI; both with 95 %
 * block-bootstrap intervals (blocks = match days). Bets whose close came from the market average
 * are reported on their own, never mixed in (docs/decisions/0191-the-value-rule-chosen-before-it-is-scored.md).
 */
import { blockBootstrapInterval } from './bootstrap.ts';
import { DEFAULT_BOOKMAKERS, type ListedBookmaker } from './bookmakers.ts';
import type { ThreeWayPrices, TwoWayPrices } from './football-data.ts';
import { betSummary, type BetSummary } from './scoring.ts';
import { valueFlagOf, type BookPrice, type RuleSelection, type ValueRule } from './value-rule.ts';

const BOOTSTRAP_REPLICATES = 2000;

/** What the value bets of one evaluated match need (backtest.ts EvaluatedMatch has it all). */
export interface ValueBetMatch {
  league: string;
  season: string;
  date: string;
  outcome: 0 | 1 | 2;
  over: boolean;
  /** Pre-closing prices of the declared books the file carries, by research column prefix. */
  books?: Record<string, ThreeWayPrices>;
  booksOU?: Record<string, TwoWayPrices>;
  /** The de-vigged closing line and where it came from. */
  closeX1?: { fair: [number, number, number]; source: 'pinnacle' | 'average' };
  closeOver?: { over: number; source: 'pinnacle' | 'average' };
}

/** Fair probability of each selection per the forecast being judged (undefined: none). */
export type FairOf<T> = (e: T) => Partial<Record<RuleSelection, number>>;

/** Closing line value of a set of bets: count, mean (fraction), its 95 % interval and the share that beat the close (fraction). */
export interface ClvSummary {
  n: number;
  mean: number;
  ci95: [number, number];
  beatClosePct: number;
}

/** A set of value bets: CLV first (against Pinnacle's close; the average-close bets apart), then hit rate and ROI with its interval. */
export type ValueBetGroup = BetSummary & {
  roiCI95: [number, number];
  clv: ClvSummary;
  /** Bets whose close came from the market average (no Pinnacle close): reported apart. */
  clvAverageClose: ClvSummary;
  /** Bets with no closing price at all. */
  withoutClose: number;
};

export interface ValueBets {
  /** The headline: CLV against Pinnacle's close over every flagged bet that has one. */
  clv: ClvSummary;
  all: ValueBetGroup;
  byMarket: { '1X2': ValueBetGroup; 'OU2.5': ValueBetGroup };
  byLeague: Record<string, ValueBetGroup>;
  bySeason: Record<string, ValueBetGroup>;
  rule: ValueRule;
  /** Whose fair price the rule reads. */
  fair: string;
  /** Where the price comes from: the best price among the declared bookmakers. */
  against: string;
}

export interface Bet {
  market: '1X2' | 'OU2.5';
  league: string;
  season: string;
  day: string;
  odds: number;
  won: boolean;
  clv?: number;
  closeSource?: 'pinnacle' | 'average';
}

const X1: readonly ('home' | 'draw' | 'away')[] = ['home', 'draw', 'away'];

/** The listed books' prices of every selection of a match (a backtest book has no commission: no exchange is in the files). */
function listedPrices(e: ValueBetMatch, list: readonly ListedBookmaker[]): Record<RuleSelection, BookPrice[]> {
  const out: Record<RuleSelection, BookPrice[]> = { home: [], draw: [], away: [], over25: [], under25: [] };
  for (const b of list) {
    if (!b.research) continue;
    const x1 = e.books?.[b.research];
    if (x1) for (const k of X1) out[k].push({ bookmaker: b.name, price: x1[k] });
    const ou = e.booksOU?.[b.research];
    if (ou) {
      out.over25.push({ bookmaker: b.name, price: ou.over });
      out.under25.push({ bookmaker: b.name, price: ou.under });
    }
  }
  return out;
}

/** The bets a rule flags over the evaluated matches, each with its result and CLV. */
export function flaggedBets<T extends ValueBetMatch>(
  ev: readonly T[],
  fairOf: FairOf<T>,
  rule: ValueRule,
  list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS,
): Bet[] {
  const bets: Bet[] = [];
  for (const e of ev) {
    const fair = fairOf(e);
    const prices = listedPrices(e, list);
    for (const selection of ['home', 'draw', 'away', 'over25', 'under25'] as const) {
      const flag = valueFlagOf(selection, fair[selection], prices[selection], rule);
      if (!flag) continue;
      const x1 = selection === 'home' || selection === 'draw' || selection === 'away';
      const won = x1 ? e.outcome === X1.indexOf(selection) : selection === 'over25' ? e.over : !e.over;
      let close: { p: number; source: 'pinnacle' | 'average' } | undefined;
      if (x1 && e.closeX1) close = { p: e.closeX1.fair[X1.indexOf(selection)]!, source: e.closeX1.source };
      if (!x1 && e.closeOver) close = { p: selection === 'over25' ? e.closeOver.over : 1 - e.closeOver.over, source: e.closeOver.source };
      bets.push({
        market: x1 ? '1X2' : 'OU2.5',
        league: e.league,
        season: e.season,
        day: e.date.slice(0, 10),
        odds: flag.price,
        won,
        ...(close ? { clv: flag.price * close.p - 1, closeSource: close.source } : {}),
      });
    }
  }
  return bets;
}

/** Mean CLV with its day-block 95 % interval and the share above 0. */
export function clvSummary(bets: readonly Pick<Bet, 'clv' | 'day'>[], replicates = BOOTSTRAP_REPLICATES): ClvSummary {
  const priced = bets.filter((b) => b.clv !== undefined);
  const values = priced.map((b) => b.clv!);
  const n = values.length;
  return {
    n,
    mean: n ? values.reduce((s, x) => s + x, 0) / n : NaN,
    ci95: n
      ? blockBootstrapInterval(
          priced.map((b) => b.day),
          [values, values.map(() => 1)],
          ([s, k]) => s! / k!,
          replicates,
        )
      : [NaN, NaN],
    beatClosePct: n ? values.filter((v) => v > 0).length / n : NaN,
  };
}

export function groupOf(bets: readonly Bet[]): ValueBetGroup {
  return {
    ...betSummary(bets),
    roiCI95: bets.length
      ? blockBootstrapInterval(
          bets.map((b) => b.day),
          [bets.map((b) => (b.won ? b.odds - 1 : -1)), bets.map(() => 1)],
          ([p, n]) => p! / n!,
          BOOTSTRAP_REPLICATES,
        )
      : [NaN, NaN],
    clv: clvSummary(bets.filter((b) => b.closeSource === 'pinnacle')),
    clvAverageClose: clvSummary(bets.filter((b) => b.closeSource === 'average')),
    withoutClose: bets.filter((b) => b.clv === undefined).length,
  };
}

function by(bets: readonly Bet[], key: (b: Bet) => string): Record<string, ValueBetGroup> {
  const out: Record<string, ValueBetGroup> = {};
  for (const k of [...new Set(bets.map(key))].sort()) out[k] = groupOf(bets.filter((b) => key(b) === k));
  return out;
}

/** The value bets of one forecast under `rule`, at the declared books' best price. */
export function valueBetsOf<T extends ValueBetMatch>(
  ev: readonly T[],
  fairOf: FairOf<T>,
  rule: ValueRule,
  fair: string,
  list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS,
): ValueBets {
  const bets = flaggedBets(ev, fairOf, rule, list);
  const all = groupOf(bets);
  return {
    clv: all.clv,
    all,
    byMarket: { '1X2': groupOf(bets.filter((b) => b.market === '1X2')), 'OU2.5': groupOf(bets.filter((b) => b.market === 'OU2.5')) },
    byLeague: by(bets, (b) => b.league),
    bySeason: by(bets, (b) => b.season),
    rule,
    fair,
    against: `best pre-closing price of the declared bookmakers in the files (${list
      .filter((b) => b.research)
      .map((b) => b.name)
      .join(', ')}); never Max*/BbMx*`,
  };
}

/** One candidate rule's figures on the tuning seasons. */
export interface TuningRow {
  rule: ValueRule;
  clv: ClvSummary;
  roi: number;
  bets: number;
}

/** The grid the rule is tuned over (declared in the decision record before the tuning run). */
export const TUNING_GRID = {
  minEdge: [0.01, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1],
  minOdds: [1.01, 1.5, 2],
  maxOdds: [3, 5, 8, 15],
  minProbability: [0, 0.1, 0.2, 0.3],
} as const;

/** The least number of tuning-season bets a rule needs to be chosen (about 500 in the evaluation's larger sample). */
export const TUNING_MIN_BETS = 400;

/**
 * Every rule of the grid on the tuning seasons, and the one chosen by the criterion declared
 * beforehand: the highest lower bound of the CLV interval among rules with at least
 * TUNING_MIN_BETS bets (ties: the lower edge threshold, then the wider odds range).
 */
export function tuneValueRule<T extends ValueBetMatch>(
  ev: readonly T[],
  fairOf: FairOf<T>,
  list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS,
  replicates = 1000,
): { rows: TuningRow[]; chosen: TuningRow | undefined } {
  const rows: TuningRow[] = [];
  for (const minEdge of TUNING_GRID.minEdge) {
    for (const minOdds of TUNING_GRID.minOdds) {
      for (const maxOdds of TUNING_GRID.maxOdds) {
        if (maxOdds <= minOdds) continue;
        for (const minProbability of TUNING_GRID.minProbability) {
          const rule = { minEdge, minOdds, maxOdds, minProbability };
          const bets = flaggedBets(ev, fairOf, rule, list);
          const pin = bets.filter((b) => b.closeSource === 'pinnacle');
          const s = betSummary(bets);
          rows.push({ rule, clv: clvSummary(pin, replicates), roi: s.roi, bets: bets.length });
        }
      }
    }
  }
  const eligible = rows.filter((r) => r.clv.n >= TUNING_MIN_BETS);
  const chosen = eligible.reduce<TuningRow | undefined>((best, r) => {
    if (!best) return r;
    const d = r.clv.ci95[0] - best.clv.ci95[0];
    if (d > 1e-12) return r;
    if (d < -1e-12) return best;
    if (r.rule.minEdge !== best.rule.minEdge) return r.rule.minEdge < best.rule.minEdge ? r : best;
    return r.rule.maxOdds - r.rule.minOdds > best.rule.maxOdds - best.rule.minOdds ? r : best;
  }, undefined);
  return { rows, chosen };
}

/** The declared list as a report's `config` names it: each book with where its prices come from. */
export function bookmakerConfig(list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS): string[] {
  return list.map((b) =>
    [
      b.name,
      b.research ? `research ${b.research}*` : 'no research column',
      b.key ? `The Odds API ${b.key}` : 'not on The Odds API',
      ...(b.commission ? [`net of ${(b.commission * 100).toFixed(0)} % commission`] : []),
    ].join(', '),
  );
}
