/**
 * Walk-forward backtest (pure): runs the league engine through each league's matches in date order and
 * scores the evaluated seasons against Pinnacle and the market average on the common subset.
 */
import { LeagueEngine, dayNumber, groupByDay, type P4 } from './engine.ts';
import type { ParsedMatch, ThreeWayPrices, TwoWayPrices } from './footballData.ts';
import { DEFAULT_HYPER, type Hyper } from './hyper.ts';
import { findValueBets, removeMargin } from './odds.ts';
import {
  betSummary, calibrationTable, outcomeOf, pickSummary, summarize3, summarizeBinary,
  type BetSummary, type BinarySummary, type CalibrationBin, type Outcome, type PickSummary, type ThreeWaySummary,
} from './scoring.ts';

export interface EvaluatedMatch {
  league: string;
  season: string;
  date: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  outcome: Outcome;
  over: boolean;
  ensemble: P4;
  statistical: P4;
  ai: P4;
  rating: P4;
  pool: P4;
  usedOdds: boolean;
  /** Predictions of the same match made without the fixture's own odds. */
  noOdds: { ensemble: P4; statistical: P4; ai: P4; rating: P4 };
  /** De-vigged (Shin) Pinnacle 1X2: closing PSC*, else pre-closing PS*. */
  pinnacle?: [number, number, number];
  /** De-vigged (proportional) Pinnacle O/U: PC>2.5 else P>2.5. */
  pinnacleOver?: number;
  /** De-vigged market average (pre-closing Avg* / BbAv*). */
  market?: [number, number, number];
  marketOver?: number;
  /** Best and average pre-kickoff prices (for value bets and pick ROI). */
  best?: ThreeWayPrices;
  bestOU?: TwoWayPrices;
  avg?: ThreeWayPrices;
  avgOU?: TwoWayPrices;
}

export interface BacktestOptions {
  /** Seasons to evaluate (labels like '2019-20'); every earlier season is history. */
  seasons: readonly string[];
  refitDays?: number;
  hyper?: Hyper;
  onProgress?: (msg: string) => void;
}

const shin3 = (p: ThreeWayPrices): [number, number, number] => removeMargin([p.home, p.draw, p.away], 'shin') as [number, number, number];
const prop2 = (p: TwoWayPrices): number => removeMargin([p.over, p.under], 'proportional')[0]!;

/** Runs one league (all its matches, any order) and returns the evaluated matches. */
export function backtestLeague(matches: readonly ParsedMatch[], opts: BacktestOptions): EvaluatedMatch[] {
  const hyper = opts.hyper ?? DEFAULT_HYPER;
  const evalSet = new Set(opts.seasons);
  const first = opts.seasons.length ? [...opts.seasons].sort()[0]! : '9999';
  const used = matches.filter((m) => m.season <= (opts.seasons.length ? [...opts.seasons].sort().at(-1)! : '0000'));
  const evalMatches = used.filter((m) => evalSet.has(m.season));
  if (evalMatches.length === 0) return [];
  const firstEvalDay = Math.min(...evalMatches.map((m) => dayNumber(m.date)));
  const historyStart = firstEvalDay - hyper.historyDays;
  const league = matches[0]!.league;
  const engine = new LeagueEngine(league, {
    hyper,
    refitDays: opts.refitDays ?? hyper.refitDays,
    featureStartDay: firstEvalDay - Math.max(hyper.replayDays, hyper.ai.windowDays),
  });
  const out: EvaluatedMatch[] = [];
  let lastSeason = '';
  for (const { day, matches: dm } of groupByDay(used.filter((m) => dayNumber(m.date) >= historyStart))) {
    const predict = dm.some((m) => evalSet.has(m.season) && m.season >= first);
    const season = dm[0]!.season;
    if (predict && season !== lastSeason) {
      lastSeason = season;
      opts.onProgress?.(`${league} ${season}`);
    }
    const preds = engine.processDay(day, dm, predict);
    for (const { match, prediction, noOdds } of preds) {
      const m = match as ParsedMatch;
      if (!evalSet.has(m.season)) continue;
      const e: EvaluatedMatch = {
        league: m.league, season: m.season, date: m.date, home: m.home, away: m.away,
        homeGoals: m.homeGoals, awayGoals: m.awayGoals,
        outcome: outcomeOf(m.homeGoals, m.awayGoals), over: m.homeGoals + m.awayGoals > 2,
        ensemble: prediction.final, statistical: prediction.statistical, ai: prediction.ai, rating: prediction.rating,
        pool: prediction.pool, usedOdds: prediction.features.hasOdds,
        noOdds: { ensemble: noOdds.final, statistical: noOdds.statistical, ai: noOdds.ai, rating: noOdds.rating },
      };
      const pin = m.closing.ps ?? m.pre.ps;
      if (pin) e.pinnacle = shin3(pin);
      const pinOU = m.closing.psOU ?? m.preOU.ps;
      if (pinOU) e.pinnacleOver = prop2(pinOU);
      if (m.pre.avg) { e.market = shin3(m.pre.avg); e.avg = m.pre.avg; }
      if (m.preOU.avg) { e.marketOver = prop2(m.preOU.avg); e.avgOU = m.preOU.avg; }
      if (m.pre.max) e.best = m.pre.max;
      if (m.preOU.max) e.bestOU = m.preOU.max;
      out.push(e);
    }
  }
  return out;
}

export interface ForecasterRow extends ThreeWaySummary { name: string }
export interface OuRow extends BinarySummary { name: string }

export interface GroupReport {
  label: string;
  /** All evaluated matches. */
  matches: number;
  /** 1X2 on the common subset (Pinnacle and market average both present). */
  x1: Record<'ensemble' | 'statistical' | 'ai' | 'rating' | 'pinnacle' | 'market', ThreeWaySummary>;
  ou: Record<'ensemble' | 'statistical' | 'ai' | 'rating' | 'pinnacle' | 'market', BinarySummary>;
}

export interface BacktestReport {
  groups: GroupReport[];
  overall: GroupReport & {
    rps: number;
    ensemble: ThreeWaySummary;
    pinnacle: ThreeWaySummary;
    picks: { ensemble: PickSummary; pinnacle: PickSummary; market: PickSummary; ouEnsemble: PickSummary };
    valueBets: { x1: BetSummary; ou: BetSummary; all: BetSummary; edge: number; minProbability: number };
    calibration: { x1: CalibrationBin[]; ou: CalibrationBin[] };
    allMatches: { ensemble: ThreeWaySummary; statistical: ThreeWaySummary; ai: ThreeWaySummary; rating: ThreeWaySummary };
    /** The same matches predicted without the fixture's own odds (how the model degrades when odds are absent). */
    noOdds: GroupReport;
  };
}

function groupReport(label: string, ev: readonly EvaluatedMatch[]): GroupReport {
  const c = ev.filter((e) => e.pinnacle && e.market);
  const y = c.map((e) => e.outcome);
  const three = (f: (e: EvaluatedMatch) => readonly number[]) => summarize3(c.map(f), y);
  const co = ev.filter((e) => e.pinnacleOver !== undefined && e.marketOver !== undefined);
  const yo = co.map((e) => e.over);
  const two = (f: (e: EvaluatedMatch) => number) => summarizeBinary(co.map(f), yo);
  return {
    label,
    matches: ev.length,
    x1: {
      ensemble: three((e) => e.ensemble.slice(0, 3)),
      statistical: three((e) => e.statistical.slice(0, 3)),
      ai: three((e) => e.ai.slice(0, 3)),
      rating: three((e) => e.rating.slice(0, 3)),
      pinnacle: three((e) => e.pinnacle!),
      market: three((e) => e.market!),
    },
    ou: {
      ensemble: two((e) => e.ensemble[3]),
      statistical: two((e) => e.statistical[3]),
      ai: two((e) => e.ai[3]),
      rating: two((e) => e.rating[3]),
      pinnacle: two((e) => e.pinnacleOver!),
      market: two((e) => e.marketOver!),
    },
  };
}

export function buildReport(ev: readonly EvaluatedMatch[], valueEdge = 0.05, valueMinP?: number): BacktestReport {
  const keys = [...new Set(ev.map((e) => `${e.league}|${e.season}`))].sort();
  const groups = keys.map((k) => groupReport(k.replace('|', ' '), ev.filter((e) => `${e.league}|${e.season}` === k)));
  const overall = groupReport('overall', ev);
  const noOdds = groupReport('overall (no fixture odds)', ev.map((e) => ({ ...e, ...e.noOdds })));
  const c = ev.filter((e) => e.pinnacle && e.market);
  const avgPrices = (e: EvaluatedMatch) => (e.avg ? [e.avg.home, e.avg.draw, e.avg.away] : undefined);
  const picks = {
    ensemble: pickSummary(ev.map((e) => e.ensemble.slice(0, 3)), ev.map((e) => e.outcome), ev.map(avgPrices)),
    pinnacle: pickSummary(c.map((e) => e.pinnacle!), c.map((e) => e.outcome), c.map(avgPrices)),
    market: pickSummary(c.map((e) => e.market!), c.map((e) => e.outcome), c.map(avgPrices)),
    ouEnsemble: pickSummary(
      ev.map((e) => [e.ensemble[3], 1 - e.ensemble[3], 0]),
      ev.map((e) => (e.over ? 0 : 1) as Outcome),
      ev.map((e) => (e.avgOU ? [e.avgOU.over, e.avgOU.under] : undefined)),
    ),
  };
  const x1Bets: { odds: number; won: boolean }[] = [];
  const ouBets: { odds: number; won: boolean }[] = [];
  for (const e of ev) {
    const odds = { ...(e.best ? { home: e.best.home, draw: e.best.draw, away: e.best.away } : {}), ...(e.bestOU ? { over25: e.bestOU.over, under25: e.bestOU.under } : {}) };
    const bets = findValueBets(
      { probabilities: { home: e.ensemble[0], draw: e.ensemble[1], away: e.ensemble[2] }, overUnder25: { over: e.ensemble[3], under: 1 - e.ensemble[3] } },
      odds,
      { edge: valueEdge, ...(valueMinP !== undefined ? { minProbability: valueMinP } : {}) },
    );
    for (const b of bets) {
      const won = b.selection === 'home' ? e.outcome === 0 : b.selection === 'draw' ? e.outcome === 1 : b.selection === 'away' ? e.outcome === 2 : b.selection === 'over' ? e.over : !e.over;
      (b.market === '1X2' ? x1Bets : ouBets).push({ odds: b.odds, won });
    }
  }
  const probs: number[] = [], hit: boolean[] = [];
  for (const e of ev) for (let k = 0; k < 3; k++) { probs.push(e.ensemble[k]!); hit.push(e.outcome === k); }
  const all = ev.map((e) => e.outcome);
  return {
    groups,
    overall: {
      ...overall,
      rps: overall.x1.ensemble.rps,
      ensemble: overall.x1.ensemble,
      pinnacle: overall.x1.pinnacle,
      picks,
      valueBets: { x1: betSummary(x1Bets), ou: betSummary(ouBets), all: betSummary([...x1Bets, ...ouBets]), edge: valueEdge, minProbability: valueMinP ?? 0.2 },
      calibration: { x1: calibrationTable(probs, hit), ou: calibrationTable(ev.map((e) => e.ensemble[3]), ev.map((e) => e.over)) },
      allMatches: {
        ensemble: summarize3(ev.map((e) => e.ensemble.slice(0, 3)), all),
        statistical: summarize3(ev.map((e) => e.statistical.slice(0, 3)), all),
        ai: summarize3(ev.map((e) => e.ai.slice(0, 3)), all),
        rating: summarize3(ev.map((e) => e.rating.slice(0, 3)), all),
      },
      noOdds,
    },
  };
}
