/**
 * Public API of the forecasting engine: fit a league model once (plain-JSON state), predict fixtures from it.
 *
 *   const state = fitLeagueModel({ league: 'E0', history, asOf: '2023-05-06' });
 *   const forecast = predictFixture(state, { kickoff: '2023-05-06T14:00:00Z', league: 'E0', home: 'Arsenal', away: 'Chelsea', odds });
 */
import { LeagueEngine, dayNumber, dayToIso, groupByDay, predictFromFeatures, type ModelParts, type Prediction } from './engine.ts';
import { buildFeatures, marketView } from './features.ts';
import { doubleChance, gridBtts, gridCorner, gridExpectedGoals, gridOver, gridTopScores, rakeGrid, scoreGrid } from './grid.ts';
import { DEFAULT_HYPER, type Hyper } from './hyper.ts';
import { DEFAULT_STACK, poolMemory } from './market-memory.ts';
import { goalMarkets } from './markets.ts';
import type { ComponentOutput, FixtureInput, Forecast, MatchRecord, ThreeWay } from './types.ts';

export type { ComponentOutput, FixtureInput, Forecast, ForecastSource, MatchOdds, MatchRecord, ThreeWay } from './types.ts';

/** Version of the model code and of the state format. A state from another version is refused by predictFixture. */
export const MODEL_VERSION = 'fp-ensemble-4.0.0';

export interface LeagueModelState {
  version: string;
  league: string;
  /** The asOf date of the fit (ISO date); only matches dated before it were used. */
  fittedAt: string;
  /** Hyper-parameters the state was fitted with (predictFixture uses the same). */
  hyper: Hyper;
  /** Fitted components, ratings and team trackers. */
  parts: ModelParts;
  stats: { matches: number; skipped: number; firstDate: string | null; lastDate: string | null; teams: number };
}

export interface FitInput {
  league: string;
  history: MatchRecord[];
  /** Only matches dated strictly before this day are used (ISO date or datetime). */
  asOf: string;
  /** Advanced: override hyper-parameters (tests, tuning). */
  hyper?: Hyper;
}

/** Canonical team name: trimmed, inner whitespace collapsed. */
export function cleanTeam(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

function validRecord(m: MatchRecord): boolean {
  return (
    typeof m.home === 'string' &&
    typeof m.away === 'string' &&
    cleanTeam(m.home) !== '' &&
    cleanTeam(m.away) !== '' &&
    cleanTeam(m.home) !== cleanTeam(m.away) &&
    Number.isInteger(m.homeGoals) &&
    Number.isInteger(m.awayGoals) &&
    m.homeGoals >= 0 &&
    m.awayGoals >= 0 &&
    typeof m.date === 'string' &&
    Number.isFinite(Date.parse(m.date.length <= 10 ? `${m.date}T00:00:00Z` : m.date))
  );
}

/**
 * History dated this many days before a fit's 4-week mark is assumed final (results in, statistics arrived), so a
 * replay of it can be reused for every later fit (LeagueFitter).
 */
const SETTLED_DAYS = 3;
/** A fit's calendar year: its learned rows start 2 years before the year's first day, its history 20 years before. */
const YEAR_DAYS = 364;

/** A day's matches in one order whatever order the history came in (dates, then clubs). */
const byDateAndClubs = (a: MatchRecord, b: MatchRecord) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.home < b.home ? -1 : a.home > b.home ? 1 : a.away < b.away ? -1 : a.away > b.away ? 1 : 0;

/** What a replay depends on: every field of every match the engine reads. */
const recordKey = (m: MatchRecord) =>
  `${m.date}|${m.home}|${m.away}|${m.homeGoals}|${m.awayGoals}|${m.homeShots}|${m.awayShots}|${m.homeShotsOnTarget}|${m.awayShotsOnTarget}|${m.season}|${m.odds ? `${m.odds.home},${m.odds.draw},${m.odds.away},${m.odds.over25},${m.odds.under25}` : ''}`;

/**
 * Fits league models from a match history, as `fitLeagueModel` does, and keeps the replay of the settled history
 * between fits: successive fits of one league (a walk-forward over seasons, one fit a day) then cost a few weeks of
 * replay and one refit each, instead of the whole history. A fit's calendar is anchored to fixed marks: its learned
 * rows start 2 years before the first day of its (52-week) year and its history is cut 20 years before that day, and
 * the replay is kept up to SETTLED_DAYS before its 4-week mark, then carried on to the next mark while the settled
 * history stays the same. So a fit depends only on the history and `asOf`, never on which fits came before:
 * `new LeagueFitter(l).fit(h, d)` equals any fitter's, bit for bit.
 */
export class LeagueFitter {
  readonly hyper: Hyper;
  /** The replay of every day before `until`, and the (prepared) matches it replayed. */
  private saved: { year: number; until: number; replayed: MatchRecord[]; engine: LeagueEngine } | null = null;
  /** Each history record checked, its names cleaned and its day computed once (records are never changed). */
  private readonly prepared = new WeakMap<MatchRecord, { day: number; record: MatchRecord } | null>();

  constructor(
    readonly league: string,
    hyper?: Hyper,
  ) {
    this.hyper = hyper ?? DEFAULT_HYPER;
  }

  private prepare(m: MatchRecord): { day: number; record: MatchRecord } | null {
    let p = this.prepared.get(m);
    if (p === undefined) {
      p = validRecord(m) ? { day: dayNumber(m.date), record: { ...m, home: cleanTeam(m.home), away: cleanTeam(m.away) } } : null;
      this.prepared.set(m, p);
    }
    return p;
  }

  /** The league model fitted on the matches of `history` dated before `asOf` (pure: the same as fitLeagueModel). */
  fit(history: readonly MatchRecord[], asOf: string): LeagueModelState {
    const hyper = this.hyper;
    const asOfDay = dayNumber(asOf);
    const year = Math.floor(asOfDay / YEAR_DAYS) * YEAR_DAYS;
    const until = Math.floor(asOfDay / hyper.replayRefitDays) * hyper.replayRefitDays - SETTLED_DAYS;
    let skipped = 0;
    const hist: MatchRecord[] = [];
    for (const m of history) {
      if (m.league !== this.league) continue;
      const p = this.prepare(m);
      if (!p) {
        skipped++;
        continue;
      }
      if (p.day >= asOfDay || p.day < year - hyper.historyDays) continue;
      hist.push(p.record);
    }
    hist.sort(byDateAndClubs);
    const days = groupByDay(hist);
    const before = (day: number) => days.filter((d) => d.day < day).flatMap((d) => d.matches);
    const saved = this.saved;
    const same = (a: readonly MatchRecord[], b: readonly MatchRecord[]) =>
      a.length === b.length && a.every((m, i) => m === b[i] || recordKey(m) === recordKey(b[i]!));
    const reuse = saved !== null && saved.year === year && saved.until <= until && same(saved.replayed, before(saved.until));
    const engine = reuse
      ? saved.engine.clone()
      : new LeagueEngine(this.league, { hyper, refitDays: hyper.replayRefitDays, featureStartDay: year - hyper.replayDays });
    const from = reuse ? saved.until : -Infinity;
    for (const { day, matches } of days) if (day >= from && day < until) engine.processDay(day, matches, false);
    if (!reuse || saved.until !== until) this.saved = { year, until, replayed: before(until), engine: engine.clone() };
    for (const { day, matches } of days) if (day >= until) engine.processDay(day, matches, false);
    engine.refit(asOfDay);
    return {
      version: MODEL_VERSION,
      league: this.league,
      fittedAt: dayToIso(asOfDay),
      hyper,
      parts: engine.parts,
      stats: {
        matches: hist.length,
        skipped,
        firstDate: days.length ? dayToIso(days[0]!.day) : null,
        lastDate: days.length ? dayToIso(days.at(-1)!.day) : null,
        teams: Object.keys(engine.parts.ratings.teams).length,
      },
    };
  }
}

/**
 * Fits the league model from played matches dated before `asOf`. Deterministic; pure (no I/O); the order of
 * `history` does not matter. Replays the league's history in date order (ratings, form, learned-model rows, refits
 * every 4 weeks over the last 2-3 years) and refits all components at asOf.
 */
export function fitLeagueModel(input: FitInput): LeagueModelState {
  return new LeagueFitter(input.league, input.hyper).fit(input.history, input.asOf);
}

const three = (p: readonly number[]): ThreeWay => ({ home: p[0]!, draw: p[1]!, away: p[2]! });
const comp = (p: readonly number[]): ComponentOutput => ({ home: p[0]!, draw: p[1]!, away: p[2]!, over25: p[3]! });

/** Internal: the raw prediction (components, pool, features) for a fixture. */
export function predictRaw(state: LeagueModelState, fixture: FixtureInput): Prediction {
  if (state.version !== MODEL_VERSION) throw new Error(`Model state version ${state.version} does not match ${MODEL_VERSION}; refit`);
  const day = dayNumber(fixture.kickoff);
  const f = buildFeatures(state.parts, state.hyper, cleanTeam(fixture.home), cleanTeam(fixture.away), day, marketView(fixture.odds, state.hyper.dc.impliedRho));
  return predictFromFeatures(state.parts, state.hyper, f);
}

/**
 * Forecast for one fixture. Works without odds (the published forecast is then the market memory's forecast pooled
 * with our models when `fixture.memory` is given, else our models' pool) and for teams the state has never seen
 * (newcomer priors).
 */
export function predictFixture(state: LeagueModelState, fixture: FixtureInput): Forecast {
  const pr = predictRaw(state, fixture);
  const market = pr.features.market;
  const m = fixture.memory;
  // Without odds of its own, the market memory's forecast pooled with our models by the frozen weights (decision 0290).
  const memory = !market && m ? poolMemory([m.home, m.draw, m.away, m.over25], pr.pool, DEFAULT_STACK.w1x2, DEFAULT_STACK.wOver) : undefined;
  const fin = memory ?? pr.final;
  const probabilities = three(fin);
  // One grid for every market: the statistical component's Dixon-Coles grid, raked to the published 1X2 and O/U 2.5.
  const s = pr.features.dc;
  const grid = rakeGrid(scoreGrid(s.lambda, s.mu, s.rho), probabilities, fin[3]);
  const btts = gridBtts(grid);
  const xg = gridExpectedGoals(grid);
  const goals = goalMarkets(grid);
  return {
    probabilities,
    overUnder25: { over: fin[3], under: 1 - fin[3] },
    components: { statistical: comp(pr.statistical), ai: comp(pr.ai), rating: comp(pr.rating) },
    models: comp(pr.pool),
    ...(market ? { market: comp([market.home, market.draw, market.away, market.over]) } : {}),
    ...(memory ? { memory: { ...m! } } : {}),
    source: market ? 'market' : memory ? 'memory' : 'models',
    markets: {
      expectedGoals: { home: xg.home, away: xg.away },
      btts,
      doubleChance: doubleChance(probabilities),
      topScores: gridTopScores(grid, 5),
      totals: { over15: gridOver(grid, 1.5), over35: gridOver(grid, 3.5) },
      scores: gridCorner(grid, 6),
      drawNoBet: goals.drawNoBet,
      asianHandicap: goals.asianHandicap,
    },
    modelVersion: MODEL_VERSION,
    usedOdds: market !== undefined,
    modelWeight: market
      ? { x1: state.parts.stacking?.x1Weight ?? 0, ou: state.parts.stacking?.ouWeight ?? 0 }
      : memory
        ? { x1: DEFAULT_STACK.w1x2, ou: DEFAULT_STACK.wOver }
        : { x1: 1, ou: 1 },
  };
}
