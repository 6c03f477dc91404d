/**
 * Value bets in the backtest (pure): flags at the best price of the declared bookmakers
 * (bookmakers.ts), scored first by closing line value against Pinnacle's closing price (Shin for
 * 1X2, proportional for Over/Under and the Asian handicap, as the ledger does), then by flat-stake
 * ROI; both with 95 % block-bootstrap intervals (blocks = match days). Bets whose close came from the
 * market average are reported on their own, never mixed in
 * (docs/decisions/0191-the-value-rule-chosen-before-it-is-scored.md); an Asian handicap bet has a
 * CLV only when the close is at its own line
 * (docs/decisions/0310-a-value-rule-chosen-for-what-a-subscriber-earns.md).
 */
import { blockBootstrapInterval } from '@app/model/bootstrap';
import { DEFAULT_BOOKMAKERS, type ListedBookmaker } from '@app/model/bookmakers';
import type { HandicapPrices, ParsedMatch, ThreeWayPrices, TwoWayPrices } from '@app/model/football-data';
import { removeMargin } from '@app/model/odds';
import type { BetSummary } from '@app/model/scoring';
import { planResults, STAKE_PLANS, type PlanResult, type StakePlan } from '@app/model/stakes';
import {
  marketOf,
  valueFlagOf,
  VALUE_MARKETS,
  type BookPrice,
  type RuleSelection,
  type ValueMarket,
  type ValueRule,
  type ValueRules,
} from '@app/model/value-rule';

const BOOTSTRAP_REPLICATES = 2000;

/** The Asian handicap of a match as the value rule reads it: the pre-closing line, its sharp fair price, the listed books' prices, the close. */
export interface HandicapOfMatch {
  /** The home side's handicap (-0.5: the home side gives half a goal). */
  line: number;
  /** Pinnacle's pre-closing price at `line`, de-vigged (proportional): the home side's fair probability. */
  fairHome?: number;
  /** The listed books' pre-closing prices at `line`, by research column prefix. */
  books?: Record<string, HandicapPrices>;
  /** Pinnacle's close, de-vigged, and its line (CLV only when it equals `line`). */
  close?: { line: number; fairHome: number };
}

/** What the value bets of one evaluated match need (backtest.ts EvaluatedMatch has it all). */
export interface ValueBetMatch {
  league: string;
  season: string;
  date: string;
  outcome: 0 | 1 | 2;
  over: boolean;
  /** The score (the Asian handicap is settled on the goal difference). */
  homeGoals?: number;
  awayGoals?: number;
  /** Pre-closing prices of the declared books the file carries, by research column prefix. */
  books?: Record<string, ThreeWayPrices>;
  booksOU?: Record<string, TwoWayPrices>;
  /** De-vigged Pinnacle pre-closing prices: the sharp fair price the value rule reads (Shin 1X2, proportional O/U). */
  sharpPre?: [number, number, number];
  sharpPreOver?: number;
  ah?: HandicapOfMatch;
  /** The de-vigged closing line and where it came from. */
  closeX1?: { fair: [number, number, number]; source: 'pinnacle' | 'average' };
  closeOver?: { over: number; source: 'pinnacle' | 'average' };
}

const shin3 = (p: ThreeWayPrices): [number, number, number] => removeMargin([p.home, p.draw, p.away], 'shin') as [number, number, number];
const prop2 = (a: number, b: number): number => removeMargin([a, b], 'proportional')[0]!;

/** The value-bet fields of a parsed match (the walk-forward's evaluated matches carry the same). */
export function valueFieldsOf(m: ParsedMatch): Omit<ValueBetMatch, 'league' | 'season' | 'date' | 'outcome' | 'over' | 'homeGoals' | 'awayGoals'> {
  const e: ReturnType<typeof valueFieldsOf> = {};
  if (m.pre.ps) e.sharpPre = shin3(m.pre.ps);
  if (m.preOU.ps) e.sharpPreOver = prop2(m.preOU.ps.over, m.preOU.ps.under);
  if (m.closing.ps) e.closeX1 = { fair: shin3(m.closing.ps), source: 'pinnacle' };
  else if (m.closing.avg) e.closeX1 = { fair: shin3(m.closing.avg), source: 'average' };
  if (m.closing.psOU) e.closeOver = { over: prop2(m.closing.psOU.over, m.closing.psOU.under), source: 'pinnacle' };
  else if (m.closing.avgOU) e.closeOver = { over: prop2(m.closing.avgOU.over, m.closing.avgOU.under), source: 'average' };
  if (m.books) e.books = m.books;
  if (m.booksOU) e.booksOU = m.booksOU;
  if (m.preAH) {
    const close = m.closingAH?.ps ? { line: m.closingAH.line, fairHome: prop2(m.closingAH.ps.home, m.closingAH.ps.away) } : undefined;
    e.ah = {
      line: m.preAH.line,
      ...(m.preAH.ps ? { fairHome: prop2(m.preAH.ps.home, m.preAH.ps.away) } : {}),
      ...(m.booksAH ? { books: m.booksAH } : {}),
      ...(close ? { close } : {}),
    };
  }
  return e;
}

/** A parsed match as the value backtest reads it, without any forecast (the value rule needs none). */
export function valueMatchOf(m: ParsedMatch): ValueBetMatch {
  const d = m.homeGoals - m.awayGoals;
  return {
    league: m.league,
    season: m.season,
    date: m.date,
    outcome: d > 0 ? 0 : d === 0 ? 1 : 2,
    over: m.homeGoals + m.awayGoals > 2,
    homeGoals: m.homeGoals,
    awayGoals: m.awayGoals,
    ...valueFieldsOf(m),
  };
}

/** The sharp fair price of each selection: Pinnacle's pre-closing line, de-vigged. */
export function sharpFair(e: ValueBetMatch): Partial<Record<RuleSelection, number>> {
  return {
    ...(e.sharpPre ? { home: e.sharpPre[0], draw: e.sharpPre[1], away: e.sharpPre[2] } : {}),
    ...(e.sharpPreOver !== undefined ? { over25: e.sharpPreOver, under25: 1 - e.sharpPreOver } : {}),
    ...(e.ah?.fairHome !== undefined ? { ahHome: e.ah.fairHome, ahAway: 1 - e.ah.fairHome } : {}),
  };
}

/**
 * Profit per unit staked on one side of an Asian handicap: `margin` is the side's goal difference
 * plus its handicap; a quarter line is half the stake on each neighbouring half line (a whole line
 * that lands level is a push).
 */
export function handicapProfit(margin: number, price: number): number {
  const half = (m: number) => (m > 1e-9 ? price - 1 : m < -1e-9 ? -1 : 0);
  const quarter = Math.abs((margin * 4) % 2) === 1;
  return quarter ? (half(margin - 0.25) + half(margin + 0.25)) / 2 : half(margin);
}

/** Fair probability of each selection per the forecast being judged (undefined: none). */
export type FairOf<T> = (e: T) => Partial<Record<RuleSelection, number>>;

/** Closing line value of a set of bets: count, mean (fraction), its 95 % interval, the share that beat the close; the sum in stake units and its interval. */
export interface ClvSummary {
  n: number;
  mean: number;
  ci95: [number, number];
  beatClosePct: number;
  /** Sum of the CLVs: the edge taken in stake units at a flat stake of 1. */
  total: number;
  totalCI95: [number, number];
}

/** A set of value bets: CLV first (against Pinnacle's close; the average-close bets apart), then hit rate and ROI with its interval. */
export type ValueBetGroup = BetSummary & {
  roiCI95: [number, number];
  clv: ClvSummary;
  /** Bets whose close came from the market average (no Pinnacle close): reported apart. */
  clvAverageClose: ClvSummary;
  /** Bets with no closing price at all (an Asian handicap whose line moved by the close among them). */
  withoutClose: number;
};

export interface ValueBets {
  /** The headline: CLV against Pinnacle's close over every flagged bet that has one. */
  clv: ClvSummary;
  all: ValueBetGroup;
  byMarket: Record<ValueMarket, ValueBetGroup>;
  /** Each market's bets season by season. */
  byMarketSeason: Record<ValueMarket, Record<string, ValueBetGroup>>;
  byLeague: Record<string, ValueBetGroup>;
  bySeason: Record<string, ValueBetGroup>;
  /** Profit, ROI and worst drawdown of the bets under each stake plan. */
  stakes: PlanResult[];
  rule: ValueRule | ValueRules;
  /** Whose fair price the rule reads. */
  fair: string;
  /** Where the price comes from: the best price among the declared bookmakers. */
  against: string;
}

export interface Bet {
  market: ValueMarket;
  league: string;
  season: string;
  day: string;
  odds: number;
  /** The Asian handicap line the bet was taken at (the selected side's handicap). */
  line?: number;
  won: boolean;
  /** Profit per unit staked (an Asian handicap can be a push or half won). */
  profit: number;
  fairProbability: number;
  clv?: number;
  closeSource?: 'pinnacle' | 'average';
}

const X1: readonly ('home' | 'draw' | 'away')[] = ['home', 'draw', 'away'];
const SELECTIONS: readonly RuleSelection[] = ['home', 'draw', 'away', 'over25', 'under25', 'ahHome', 'ahAway'];

/** The listed books' prices of every selection of a match (a backtest book has no commission: no exchange is in the files). */
function listedPrices(e: ValueBetMatch, list: readonly ListedBookmaker[]): Record<RuleSelection, BookPrice[]> {
  const out: Record<RuleSelection, BookPrice[]> = { home: [], draw: [], away: [], over25: [], under25: [], ahHome: [], ahAway: [] };
  for (const b of list) {
    if (!b.research) continue;
    const x1 = e.books?.[b.research];
    if (x1) for (const k of X1) out[k].push({ bookmaker: b.name, price: x1[k] });
    const ou = e.booksOU?.[b.research];
    if (ou) {
      out.over25.push({ bookmaker: b.name, price: ou.over });
      out.under25.push({ bookmaker: b.name, price: ou.under });
    }
    const ah = e.ah?.books?.[b.research];
    if (ah) {
      out.ahHome.push({ bookmaker: b.name, price: ah.home });
      out.ahAway.push({ bookmaker: b.name, price: ah.away });
    }
  }
  return out;
}

/** A selection's result (profit per unit) and its de-vigged close, if any. */
function settle(
  e: ValueBetMatch,
  selection: RuleSelection,
  price: number,
): { profit: number; close?: { p: number; source: 'pinnacle' | 'average' } } | undefined {
  const plain = (won: boolean) => (won ? price - 1 : -1);
  if (selection === 'home' || selection === 'draw' || selection === 'away') {
    const k = X1.indexOf(selection);
    return { profit: plain(e.outcome === k), ...(e.closeX1 ? { close: { p: e.closeX1.fair[k]!, source: e.closeX1.source } } : {}) };
  }
  if (selection === 'over25' || selection === 'under25') {
    const over = selection === 'over25';
    const close = e.closeOver ? { p: over ? e.closeOver.over : 1 - e.closeOver.over, source: e.closeOver.source } : undefined;
    return { profit: plain(over ? e.over : !e.over), ...(close ? { close } : {}) };
  }
  if (!e.ah || e.homeGoals === undefined || e.awayGoals === undefined) return undefined;
  const home = selection === 'ahHome';
  const diff = e.homeGoals - e.awayGoals;
  const margin = home ? diff + e.ah.line : -diff - e.ah.line;
  const c = e.ah.close;
  // CLV only against a close at the same line: a moved line prices another bet
  const close = c && c.line === e.ah.line ? { p: home ? c.fairHome : 1 - c.fairHome, source: 'pinnacle' as const } : undefined;
  return { profit: handicapProfit(margin, price), ...(close ? { close } : {}) };
}

/** The bets a rule flags over the evaluated matches, each with its result and CLV. */
export function flaggedBets<T extends ValueBetMatch>(
  ev: readonly T[],
  fairOf: FairOf<T>,
  rule: ValueRule | ValueRules,
  list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS,
): Bet[] {
  const bets: Bet[] = [];
  for (const e of ev) {
    const fair = fairOf(e);
    const prices = listedPrices(e, list);
    for (const selection of SELECTIONS) {
      const flag = valueFlagOf(selection, fair[selection], prices[selection], rule);
      if (!flag) continue;
      const result = settle(e, selection, flag.price);
      if (!result) continue;
      const market = marketOf(selection);
      bets.push({
        market,
        league: e.league,
        season: e.season,
        day: e.date.slice(0, 10),
        odds: flag.price,
        ...(market === 'AH' ? { line: selection === 'ahHome' ? e.ah!.line : -e.ah!.line } : {}),
        won: result.profit > 0,
        profit: result.profit,
        fairProbability: flag.fairProbability,
        ...(result.close ? { clv: flag.price * result.close.p - 1, closeSource: result.close.source } : {}),
      });
    }
  }
  return bets;
}

/** Mean CLV with its day-block 95 % interval and the share above 0; the sum and its interval. */
export function clvSummary(bets: readonly Pick<Bet, 'clv' | 'day'>[], replicates = BOOTSTRAP_REPLICATES): ClvSummary {
  const priced = bets.filter((b) => b.clv !== undefined);
  const values = priced.map((b) => b.clv!);
  const days = priced.map((b) => b.day);
  const n = values.length;
  const total = values.reduce((s, x) => s + x, 0);
  return {
    n,
    mean: n ? total / n : NaN,
    ci95: n ? blockBootstrapInterval(days, [values, values.map(() => 1)], ([s, k]) => s! / k!, replicates) : [NaN, NaN],
    beatClosePct: n ? values.filter((v) => v > 0).length / n : NaN,
    total,
    totalCI95: n ? blockBootstrapInterval(days, [values], ([s]) => s!, replicates) : [NaN, NaN],
  };
}

export function groupOf(bets: readonly Bet[]): ValueBetGroup {
  const hits = bets.filter((b) => b.won).length;
  const profit = bets.reduce((s, b) => s + b.profit, 0);
  return {
    bets: bets.length,
    hits,
    hitRate: bets.length ? hits / bets.length : NaN,
    staked: bets.length,
    profit,
    roi: bets.length ? profit / bets.length : NaN,
    roiCI95: bets.length
      ? blockBootstrapInterval(
          bets.map((b) => b.day),
          [bets.map((b) => b.profit), bets.map(() => 1)],
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

const perMarket = <V>(f: (m: ValueMarket) => V): Record<ValueMarket, V> => ({ '1X2': f('1X2'), 'OU2.5': f('OU2.5'), AH: f('AH') });

/** The value bets of one forecast under `rule` (one for every market, or one per market), at the declared books' best price. */
export function valueBetsOf<T extends ValueBetMatch>(
  ev: readonly T[],
  fairOf: FairOf<T>,
  rule: ValueRule | ValueRules,
  fair: string,
  list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS,
  plans: readonly StakePlan[] = STAKE_PLANS,
): ValueBets {
  const bets = flaggedBets(ev, fairOf, rule, list);
  const all = groupOf(bets);
  return {
    clv: all.clv,
    all,
    byMarket: perMarket((m) => groupOf(bets.filter((b) => b.market === m))),
    byMarketSeason: perMarket((m) =>
      by(
        bets.filter((b) => b.market === m),
        (b) => b.season,
      ),
    ),
    byLeague: by(bets, (b) => b.league),
    bySeason: by(bets, (b) => b.season),
    stakes: planResults(bets, plans),
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
 * 0191's protocol (the frozen rule's): every rule of the grid on the tuning seasons, and the one chosen by the criterion declared
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
          const roi = bets.length ? bets.reduce((t, b) => t + b.profit, 0) / bets.length : NaN;
          rows.push({ rule, clv: clvSummary(pin, replicates), roi, bets: bets.length });
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

/** The grid each market's rule is tuned over (0310, declared before the tuning run). */
export const EARNINGS_GRID = {
  minEdge: [0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.06],
  minOdds: [1.01, 1.5],
  maxOdds: [3, 5, 8, 15],
  minProbability: [0, 0.1, 0.2, 0.3],
} as const;

/** One candidate rule of one market on the tuning seasons: its CLV and the criterion's figure. */
export interface EarningsRow {
  market: ValueMarket;
  rule: ValueRule;
  bets: number;
  clv: ClvSummary;
  roi: number;
  /** Seasons with the market priced (a sharp price and a listed book's): the total is per season of these. */
  seasons: number;
  /** The criterion: the 95 % lower bound of the total CLV (stake units) per priced season. */
  totalPerSeasonLow: number;
}

/** The market's chosen row: eligible (mean CLV interval above 0), highest lower bound of the total per season; ties to more bets, then the lower edge. */
function chooseEarnings(rows: readonly EarningsRow[]): EarningsRow | undefined {
  let best: EarningsRow | undefined;
  for (const r of rows) {
    if (!(r.clv.n > 0 && r.clv.ci95[0] > 0)) continue;
    if (!best) best = r;
    else {
      const d = r.totalPerSeasonLow - best.totalPerSeasonLow;
      if (d > 1e-12 || (Math.abs(d) <= 1e-12 && (r.clv.n > best.clv.n || (r.clv.n === best.clv.n && r.rule.minEdge < best.rule.minEdge)))) best = r;
    }
  }
  return best;
}

/**
 * 0310's tuning: every rule of EARNINGS_GRID in each market apart on the tuning seasons, and each
 * market's choice by the declared criterion (the highest 95 % lower bound of the total CLV in stake
 * units per season, among rules whose mean CLV interval lies above 0); a market with no such rule
 * gets none.
 */
export function tuneForEarnings<T extends ValueBetMatch>(
  ev: readonly T[],
  fairOf: FairOf<T>,
  list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS,
  replicates = 1000,
): { rows: EarningsRow[]; chosen: ValueRules; byMarket: Partial<Record<ValueMarket, EarningsRow>> } {
  const open: ValueRule = { minEdge: -1, minOdds: 1, maxOdds: 1000, minProbability: 0 };
  // a season counts for a market when some match of it has the market priced (any flag under an open rule)
  const seasonsOf = (m: ValueMarket) => new Set(flaggedBets(ev, fairOf, { [m]: open }, list).map((b) => b.season)).size;
  const rows: EarningsRow[] = [];
  const byMarket: Partial<Record<ValueMarket, EarningsRow>> = {};
  const chosen: ValueRules = {};
  for (const market of VALUE_MARKETS) {
    const seasons = seasonsOf(market);
    const marketRows: EarningsRow[] = [];
    for (const minEdge of EARNINGS_GRID.minEdge)
      for (const minOdds of EARNINGS_GRID.minOdds)
        for (const maxOdds of EARNINGS_GRID.maxOdds)
          for (const minProbability of EARNINGS_GRID.minProbability) {
            const rule = { minEdge, minOdds, maxOdds, minProbability };
            const bets = flaggedBets(ev, fairOf, { [market]: rule }, list);
            const clv = clvSummary(
              bets.filter((b) => b.closeSource === 'pinnacle'),
              replicates,
            );
            marketRows.push({
              market,
              rule,
              bets: bets.length,
              clv,
              roi: bets.length ? bets.reduce((t, b) => t + b.profit, 0) / bets.length : NaN,
              seasons,
              totalPerSeasonLow: seasons && clv.n ? clv.totalCI95[0] / seasons : NaN,
            });
          }
    rows.push(...marketRows);
    const best = chooseEarnings(marketRows);
    if (best) {
      byMarket[market] = best;
      chosen[market] = best.rule;
    }
  }
  return { rows, chosen, byMarket };
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
