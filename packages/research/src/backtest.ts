/**
 * Walk-forward backtest (pure): runs the league engine through each league's matches in date order and
 * scores the evaluated seasons against Pinnacle closing, the market average and the model's own odds input on the
 * common subset. `market: 'none'` hands the engine no bookmaker price at all (history and fixtures); Pinnacle and
 * the market average are still scored as yardsticks.
 */
import { blockBootstrapInterval } from '@app/model/bootstrap';
import { historyAt, kickoffOf, lastRunBefore, stageMatches, type DeployedView, type StageMatch } from '@app/model/deployment';
import { LeagueEngine, dayNumber, groupByDay, type P4, type Prediction } from '@app/model/engine';
import type { ParsedMatch, ThreeWayPrices, TwoWayPrices } from '@app/model/football-data';
import { LeagueFitter, predictRaw } from '@app/model/forecast';
import { DEFAULT_HYPER, type Hyper } from '@app/model/hyper';
import { removeMargin, threeWayFromOdds } from '@app/model/odds';
import {
  calibrationSlope,
  calibrationTable,
  outcomeOf,
  pickSummary,
  rps,
  summarize3,
  summarizeBinary,
  type BinarySummary,
  type CalibrationBin,
  type CalibrationFit,
  type Outcome,
  type PickSummary,
  type ThreeWaySummary,
} from '@app/model/scoring';
import type { MatchOdds } from '@app/model/types';
import { bookmakerConfig, sharpFair, valueBetsOf, valueFieldsOf, type HandicapOfMatch, type ValueBets } from './value-backtest.ts';
import { everyMarket, VALUE_RULE, VALUE_RULES, type ValueRule, type ValueRules } from '@app/model/value-rule';

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
  /** Our models: the pool of the components (no bookmaker price). */
  models: P4;
  usedOdds: boolean;
  /** The model's own odds input for the fixture, de-vigged (Shin); absent with market 'none'. */
  input?: [number, number, number];
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
  /** De-vigged Pinnacle pre-closing prices: the sharp fair price the value rule reads (Shin 1X2, proportional O/U). */
  sharpPre?: [number, number, number];
  sharpPreOver?: number;
  /** The de-vigged closing line for CLV: Pinnacle's (PSC*, PC>2.5), else the market average's (AvgC*), said which. */
  closeX1?: { fair: [number, number, number]; source: 'pinnacle' | 'average' };
  closeOver?: { over: number; source: 'pinnacle' | 'average' };
  /** Pre-closing prices of the declared bookmakers the file carries (bookmakers.ts). */
  books?: Record<string, ThreeWayPrices>;
  booksOU?: Record<string, TwoWayPrices>;
  /** The Asian handicap's line, sharp fair price, listed books' prices and close (value-backtest.ts). */
  ah?: HandicapOfMatch;
}

/** 'all': the engine sees the pre-kickoff odds of every match; 'none': no bookmaker price at all. */
export type MarketMode = 'all' | 'none';

/**
 * `--deployed`: replay what a deployed stage's generation pipeline sees (deployment.ts): a first run that imports
 * the last four seasons, then one fit a day on the history it holds then, statistics `statsLagHours` after kickoff.
 */
export interface DeployedOptions {
  statsLagHours: number;
  /** The stage's first generation run (epoch ms); default: the run that publishes the first evaluated match. */
  stageStart?: number;
}

export interface BacktestOptions {
  /** Seasons to evaluate (labels like '2019-20'); every earlier season is history. */
  seasons: readonly string[];
  market?: MarketMode;
  refitDays?: number;
  hyper?: Hyper;
  deployed?: DeployedOptions;
  onProgress?: (msg: string) => void;
}

const shin3 = (p: ThreeWayPrices): [number, number, number] => removeMargin([p.home, p.draw, p.away], 'shin') as [number, number, number];
const prop2 = (p: TwoWayPrices): number => removeMargin([p.over, p.under], 'proportional')[0]!;

/** A forecast of an evaluated match with the yardsticks it is scored against. `odds`: the engine's odds input. */
function evaluated(m: ParsedMatch, prediction: Prediction, odds: MatchOdds | undefined): EvaluatedMatch {
  const e: EvaluatedMatch = {
    league: m.league,
    season: m.season,
    date: m.date,
    home: m.home,
    away: m.away,
    homeGoals: m.homeGoals,
    awayGoals: m.awayGoals,
    outcome: outcomeOf(m.homeGoals, m.awayGoals),
    over: m.homeGoals + m.awayGoals > 2,
    ensemble: prediction.final,
    statistical: prediction.statistical,
    ai: prediction.ai,
    rating: prediction.rating,
    models: prediction.pool,
    usedOdds: prediction.features.market !== undefined,
  };
  const input = threeWayFromOdds(odds, 'shin');
  if (input) e.input = [input.home, input.draw, input.away];
  const pin = m.closing.ps ?? m.pre.ps;
  if (pin) e.pinnacle = shin3(pin);
  const pinOU = m.closing.psOU ?? m.preOU.ps;
  if (pinOU) e.pinnacleOver = prop2(pinOU);
  if (m.pre.avg) {
    e.market = shin3(m.pre.avg);
    e.avg = m.pre.avg;
  }
  if (m.preOU.avg) {
    e.marketOver = prop2(m.preOU.avg);
    e.avgOU = m.preOU.avg;
  }
  if (m.pre.max) e.best = m.pre.max;
  if (m.preOU.max) e.bestOU = m.preOU.max;
  return Object.assign(e, valueFieldsOf(m));
}

/**
 * The deployed replay of one league: the stage starts with the run that publishes the first evaluated match; each
 * evaluated match is forecast by the last daily run before its kickoff, fitted (as the pipeline does) on the history
 * that run holds, with the prices that run captured.
 */
function backtestDeployed(
  used: readonly ParsedMatch[],
  evalMatches: readonly ParsedMatch[],
  opts: BacktestOptions,
  deployed: DeployedOptions,
): EvaluatedMatch[] {
  const league = used[0]!.league;
  const evalSet = new Set(opts.seasons);
  const firstKickoff = Math.min(...evalMatches.map((m) => Date.parse(kickoffOf(m))));
  const view: DeployedView = {
    stageStart: deployed.stageStart ?? lastRunBefore(firstKickoff),
    statsLagHours: deployed.statsLagHours,
    odds: opts.market !== 'none',
  };
  const stage = stageMatches(used, view);
  const runs = new Map<number, StageMatch[]>();
  for (const s of stage) {
    if (!evalSet.has(s.match.season) || s.kickoffMs <= view.stageStart) continue;
    const run = lastRunBefore(s.kickoffMs);
    let list = runs.get(run);
    if (!list) runs.set(run, (list = []));
    list.push(s);
  }
  const fitter = new LeagueFitter(league, opts.hyper);
  const out: EvaluatedMatch[] = [];
  let lastSeason = '';
  for (const [runAt, fixtures] of [...runs].sort((a, b) => a[0] - b[0])) {
    if (fixtures[0]!.match.season !== lastSeason) {
      lastSeason = fixtures[0]!.match.season;
      opts.onProgress?.(`${league} ${lastSeason} (deployed)`);
    }
    const state = fitter.fit(historyAt(stage, view, runAt), new Date(runAt).toISOString());
    for (const s of fixtures) {
      const odds = s.record.odds;
      out.push(
        evaluated(s.match, predictRaw(state, { kickoff: s.record.date, league, home: s.match.home, away: s.match.away, ...(odds ? { odds } : {}) }), odds),
      );
    }
  }
  return out;
}

/** Runs one league (all its matches, any order) and returns the evaluated matches. */
export function backtestLeague(allMatches: readonly ParsedMatch[], opts: BacktestOptions): EvaluatedMatch[] {
  const hyper = opts.hyper ?? DEFAULT_HYPER;
  // The engine reads prices only from `odds`; without the market it gets records that have none.
  const matches = opts.market === 'none' ? allMatches.map(({ odds: _odds, ...m }) => m as ParsedMatch) : allMatches;
  const evalSet = new Set(opts.seasons);
  const first = opts.seasons.length ? [...opts.seasons].sort()[0]! : '9999';
  const used = matches.filter((m) => m.season <= (opts.seasons.length ? [...opts.seasons].sort().at(-1)! : '0000'));
  const evalMatches = used.filter((m) => evalSet.has(m.season));
  if (evalMatches.length === 0) return [];
  if (opts.deployed) return backtestDeployed(used, evalMatches, opts, opts.deployed);
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
    for (const { match, prediction } of preds) {
      const m = match as ParsedMatch;
      if (evalSet.has(m.season)) out.push(evaluated(m, prediction, m.odds));
    }
  }
  return out;
}

export interface ForecasterRow extends ThreeWaySummary {
  name: string;
}
export interface OuRow extends BinarySummary {
  name: string;
}

const X1_FORECASTERS = ['ensemble', 'models', 'statistical', 'ai', 'rating', 'pinnacle', 'market', 'input'] as const;
export type X1Forecaster = (typeof X1_FORECASTERS)[number];
const OU_FORECASTERS = ['ensemble', 'models', 'statistical', 'ai', 'rating', 'pinnacle', 'market'] as const;

export interface GroupReport {
  label: string;
  /** All evaluated matches. */
  matches: number;
  /** 1X2 on the common subset (Pinnacle, the market average and, with the market, the model's odds input present). */
  x1: Partial<Record<X1Forecaster, ThreeWaySummary>> & Record<Exclude<X1Forecaster, 'input'>, ThreeWaySummary>;
  ou: Record<(typeof OU_FORECASTERS)[number], BinarySummary>;
  /**
   * Levels on the 1X2 common subset: the mean P(home win) and P(over 2.5) of our models (`models`) and of Pinnacle
   * closing, against the observed shares (a home advantage or a goal level that the forecasts miss).
   */
  levels: { home: { models: number; pinnacle: number; observed: number }; over: { models: number; pinnacle: number; observed: number } };
}

/** Which backtest produced a report. */
export interface BacktestConfig {
  /**
   * 'research': one walk-forward engine per league over every season on file, refitted weekly; 'deployed': what a
   * deployed stage publishes (a four-season import, one fit a day on the history the stage then holds).
   */
  mode: 'research' | 'deployed';
  market: MarketMode;
  /** Deployed mode: kickoff to the match statistics in the stored history. */
  statsLagHours?: number;
  /** Deployed mode: seasons imported by the stage's first run. */
  historySeasons?: number;
  /** The declared bookmakers value bets are priced at (bookmakers.ts), as `buildReport` names them. */
  bookmakers?: string[];
}

export interface BacktestReport {
  market: MarketMode;
  groups: GroupReport[];
  overall: GroupReport & {
    config: BacktestConfig;
    rps: number;
    ensemble: ThreeWaySummary;
    /** Pinnacle closing (PSC*, else PS*), de-vigged (Shin). */
    pinnacle: ThreeWaySummary;
    /** The model's own odds input, de-vigged, on the same matches (absent with market 'none'). */
    input?: ThreeWaySummary;
    components: { models: ThreeWaySummary; statistical: ThreeWaySummary; ai: ThreeWaySummary; rating: ThreeWaySummary };
    /** Ensemble RPS / Pinnacle closing RPS, 95 % block-bootstrap interval (blocks = match days). */
    ratio: number;
    ratioCI95: [number, number];
    /** Mean paired RPS difference ensemble - odds input, 95 % block-bootstrap interval (absent with market 'none'). */
    inputDiff?: number;
    inputDiffCI95?: [number, number];
    /** Ensemble O/U 2.5 Brier - Pinnacle's, 95 % block-bootstrap interval. */
    ouDiff: number;
    ouDiffCI95: [number, number];
    /** Our models (the pool) minus their best component, mean paired RPS, 95 % block-bootstrap interval. */
    modelsVsBestComponent: { component: 'statistical' | 'ai' | 'rating'; diff: number; diffCI95: [number, number] };
    /** Calibration of the ensemble's P(over 2.5): logistic recalibration slope (1 = calibrated) and intercept. */
    ouCalibration: CalibrationFit;
    picks: { ensemble: PickSummary; pinnacle: PickSummary; market: PickSummary; ouEnsemble: PickSummary };
    /**
     * Value bets as flagged: a declared bookmaker's price above Pinnacle's pre-closing fair price (the published
     * forecast with odds), under the rule in force; CLV first, then ROI.
     */
    valueBets: ValueBets;
    /** The frozen rule of 0191 in every market, scored on the same matches for comparison. */
    valueBetsFrozen: ValueBets;
    /** Value bets of our models alone (the pool, no bookmaker price) at the declared books' best price. */
    valueBetsModels: ValueBets;
    calibration: { x1: CalibrationBin[]; ou: CalibrationBin[] };
    allMatches: { ensemble: ThreeWaySummary; models: ThreeWaySummary; statistical: ThreeWaySummary; ai: ThreeWaySummary; rating: ThreeWaySummary };
  };
}

function forecastOf(e: EvaluatedMatch, k: X1Forecaster): readonly number[] {
  switch (k) {
    case 'pinnacle':
      return e.pinnacle!;
    case 'market':
      return e.market!;
    case 'input':
      return e.input!;
    default:
      return e[k].slice(0, 3);
  }
}

/** The 1X2 common subset: Pinnacle and the market average present, and the odds input unless there is none at all. */
function commonX1(ev: readonly EvaluatedMatch[]): EvaluatedMatch[] {
  const withInput = ev.some((e) => e.input);
  return ev.filter((e) => e.pinnacle && e.market && (!withInput || e.input));
}

function commonOu(ev: readonly EvaluatedMatch[]): EvaluatedMatch[] {
  return ev.filter((e) => e.pinnacleOver !== undefined && e.marketOver !== undefined);
}

function groupReport(label: string, ev: readonly EvaluatedMatch[]): GroupReport {
  const c = commonX1(ev);
  const y = c.map((e) => e.outcome);
  const x1 = {} as GroupReport['x1'];
  for (const k of X1_FORECASTERS)
    if (k !== 'input' || c.some((e) => e.input))
      x1[k] = summarize3(
        c.map((e) => forecastOf(e, k)),
        y,
      );
  const co = commonOu(ev);
  const yo = co.map((e) => e.over);
  const over = (e: EvaluatedMatch, k: (typeof OU_FORECASTERS)[number]) => (k === 'pinnacle' ? e.pinnacleOver! : k === 'market' ? e.marketOver! : e[k][3]);
  const ou = {} as GroupReport['ou'];
  for (const k of OU_FORECASTERS)
    ou[k] = summarizeBinary(
      co.map((e) => over(e, k)),
      yo,
    );
  const mean = <T>(rows: readonly T[], f: (e: T) => number) => rows.reduce((a, e) => a + f(e), 0) / rows.length;
  const levels = {
    home: { models: mean(c, (e) => e.models[0]), pinnacle: mean(c, (e) => e.pinnacle![0]), observed: mean(c, (e) => (e.outcome === 0 ? 1 : 0)) },
    over: { models: mean(co, (e) => e.models[3]), pinnacle: mean(co, (e) => e.pinnacleOver!), observed: mean(co, (e) => (e.over ? 1 : 0)) },
  };
  return { label, matches: ev.length, x1, ou, levels };
}

const BOOTSTRAP_REPLICATES = 2000;

/** One order whatever order the leagues finished in (sums and intervals are then reproducible to the last bit). */
export function sortedForReport(evaluated: readonly EvaluatedMatch[]): EvaluatedMatch[] {
  const key = (e: EvaluatedMatch) => `${e.date}|${e.league}|${e.home}|${e.away}`;
  return [...evaluated].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export { sharpFair };

const probabilitiesOf = (p: P4) => ({ home: p[0], draw: p[1], away: p[2], over25: p[3], under25: 1 - p[3] });

/** Our models' own value rule, unchanged from before the declared list: 5 % edge, probability >= 0.2, prices up to 15. */
const MODELS_VALUE_RULE: ValueRule = { minEdge: 0.05, minOdds: 1.01, maxOdds: 15, minProbability: 0.2 };

const SHARP_FAIR = 'Pinnacle pre-closing, de-vigged (Shin 1X2, proportional O/U and Asian handicap)';

/** The report of evaluated matches; `config` (or just the market mode, research) says which backtest made them. */
export function buildReport(
  evaluated: readonly EvaluatedMatch[],
  config: BacktestConfig | MarketMode = 'all',
  valueRule: ValueRule | ValueRules = VALUE_RULES,
): BacktestReport {
  const cfg: BacktestConfig = { ...(typeof config === 'string' ? { mode: 'research', market: config } : config), bookmakers: bookmakerConfig() };
  const market = cfg.market;
  const ev = sortedForReport(evaluated);
  const keys = [...new Set(ev.map((e) => `${e.league}|${e.season}`))].sort();
  const groups = keys.map((k) =>
    groupReport(
      k.replace('|', ' '),
      ev.filter((e) => `${e.league}|${e.season}` === k),
    ),
  );
  const overall = groupReport('overall', ev);
  const c = commonX1(ev);
  const matchRps = (k: X1Forecaster) => c.map((e) => rps(forecastOf(e, k), e.outcome));
  const ens = matchRps('ensemble');
  const pin = matchRps('pinnacle');
  const days = c.map((e) => e.date.slice(0, 10));
  const ratioCI95 = blockBootstrapInterval(days, [ens, pin], ([a, b]) => a! / b!, BOOTSTRAP_REPLICATES);
  const co = commonOu(ev);
  const sq = (p: number, hit: boolean) => (p - (hit ? 1 : 0)) ** 2;
  const ouDiffCI95 = blockBootstrapInterval(
    co.map((e) => e.date.slice(0, 10)),
    [co.map((e) => sq(e.ensemble[3], e.over) - sq(e.pinnacleOver!, e.over)), co.map(() => 1)],
    ([d, n]) => d! / n!,
    BOOTSTRAP_REPLICATES,
  );
  const inputStats: Partial<BacktestReport['overall']> = {};
  if (overall.x1.input) {
    const inp = matchRps('input');
    inputStats.input = overall.x1.input;
    inputStats.inputDiff = overall.x1.ensemble.rps - overall.x1.input.rps;
    inputStats.inputDiffCI95 = blockBootstrapInterval(days, [ens.map((x, i) => x - inp[i]!), ens.map(() => 1)], ([d, n]) => d! / n!, BOOTSTRAP_REPLICATES);
  }
  const avgPrices = (e: EvaluatedMatch) => (e.avg ? [e.avg.home, e.avg.draw, e.avg.away] : undefined);
  const picks = {
    ensemble: pickSummary(
      ev.map((e) => e.ensemble.slice(0, 3)),
      ev.map((e) => e.outcome),
      ev.map(avgPrices),
    ),
    pinnacle: pickSummary(
      c.map((e) => e.pinnacle!),
      c.map((e) => e.outcome),
      c.map(avgPrices),
    ),
    market: pickSummary(
      c.map((e) => e.market!),
      c.map((e) => e.outcome),
      c.map(avgPrices),
    ),
    ouEnsemble: pickSummary(
      ev.map((e) => [e.ensemble[3], 1 - e.ensemble[3], 0]),
      ev.map((e) => (e.over ? 0 : 1) as Outcome),
      ev.map((e) => (e.avgOU ? [e.avgOU.over, e.avgOU.under] : undefined)),
    ),
  };
  const components = ['statistical', 'ai', 'rating'] as const;
  const best = components.reduce((a, b) => (overall.x1[b].rps < overall.x1[a].rps ? b : a));
  const bestRps = matchRps(best);
  const modelsRps = matchRps('models');
  const modelsVsBestComponent = {
    component: best,
    diff: overall.x1.models.rps - overall.x1[best].rps,
    diffCI95: blockBootstrapInterval(days, [modelsRps.map((x, i) => x - bestRps[i]!), modelsRps.map(() => 1)], ([d, n]) => d! / n!, BOOTSTRAP_REPLICATES),
  };
  const probs: number[] = [],
    hit: boolean[] = [];
  for (const e of ev)
    for (let k = 0; k < 3; k++) {
      probs.push(e.ensemble[k]!);
      hit.push(e.outcome === k);
    }
  const all = ev.map((e) => e.outcome);
  const allOf = (k: 'ensemble' | 'models' | 'statistical' | 'ai' | 'rating') =>
    summarize3(
      ev.map((e) => e[k].slice(0, 3)),
      all,
    );
  const x = overall.x1;
  return {
    market,
    groups,
    overall: {
      ...overall,
      config: cfg,
      rps: x.ensemble.rps,
      ensemble: x.ensemble,
      pinnacle: x.pinnacle,
      ...inputStats,
      components: { models: x.models, statistical: x.statistical, ai: x.ai, rating: x.rating },
      ratio: x.ensemble.rps / x.pinnacle.rps,
      ratioCI95,
      ouDiff: overall.ou.ensemble.brier - overall.ou.pinnacle.brier,
      ouDiffCI95,
      modelsVsBestComponent,
      ouCalibration: calibrationSlope(
        ev.map((e) => e.ensemble[3]),
        ev.map((e) => e.over),
      ),
      picks,
      valueBets: valueBetsOf(ev, sharpFair, valueRule, SHARP_FAIR),
      valueBetsFrozen: valueBetsOf(ev, sharpFair, everyMarket(VALUE_RULE), SHARP_FAIR),
      valueBetsModels: valueBetsOf(ev, (e) => probabilitiesOf(e.models), MODELS_VALUE_RULE, 'our models alone (the pool of the components)'),
      calibration: {
        x1: calibrationTable(probs, hit),
        ou: calibrationTable(
          ev.map((e) => e.ensemble[3]),
          ev.map((e) => e.over),
        ),
      },
      allMatches: { ensemble: allOf('ensemble'), models: allOf('models'), statistical: allOf('statistical'), ai: allOf('ai'), rating: allOf('rating') },
    },
  };
}
