/**
 * The walk-forward driver: one pass over a league's matches in date order.
 *
 * For every match day: (1) refit the periodic models if the cadence is due (Dixon-Coles, the rating mapping,
 * the learned model, the stacking step), using only matches dated before that day; (2) predict every match of
 * the day from that state; (3) only then feed the day's results into the incremental trackers (ratings, form,
 * shot conversion, training rows). Matches on the same day therefore never see each other, and nothing dated on
 * or after a day can change a prediction for that day.
 *
 * Bookmaker prices are read in one place only: each match's market view, handed to the stacking step (a fixture's
 * to combine it with our models, past matches' to learn the weight). The components never see a price, so they are
 * the same whether or not any price exists.
 */
import { components, fitLearned, fitRatingMapping, type Components, type TrainingRow } from './components.ts';
import { fitDixonColes, type DCMatch } from './dixon-coles.ts';
import { fitPoolWeights, fitStacking, poolOf, stacked } from './ensemble.ts';
import {
  buildFeatures,
  dayNumber,
  DAY_MS,
  emptyForm,
  emptyParts,
  ingestShots,
  marketView,
  matchShots,
  type Features,
  type ModelParts,
  type P4,
  type TeamForm,
} from './features.ts';
import { quickMarkets } from './grid.ts';
import { DEFAULT_HYPER, type Hyper } from './hyper.ts';
import { dcHomeOffset, newTeamRating, regressToMean, updateRatings, type ShotExpectation } from './ratings.ts';
import type { MatchRecord } from './types.ts';

export { dayNumber, dayToIso, type ModelParts, type P4 } from './features.ts';

export interface Prediction extends Components {
  /** Our models: the pool of the components (ensemble.ts poolOf). */
  pool: P4;
  /** Published: the stacked combination with the market when the fixture has odds, else the pool. */
  final: P4;
  features: Features;
}

/** Component and ensemble probabilities for prepared features (pure). */
export function predictFromFeatures(parts: ModelParts, hyper: Hyper, f: Features): Prediction {
  const c = components(parts, hyper, f);
  const pool = poolOf(c, hyper, parts.pool);
  const final = f.market ? stacked(parts.stacking, f.market, pool) : pool;
  return { ...c, pool, final, features: f };
}

function seasonYear(s: string): number {
  const m = /^(\d{4})/.exec(s);
  return m ? Number(m[1]) : NaN;
}

/** A played match as the Dixon-Coles refit needs it. */
interface PlayedMatch {
  day: number;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  /** Expected-goals proxy of each side, when the match has shot data. */
  homeXg?: number;
  awayXg?: number;
  /** The home-advantage offset Dixon-Coles reads for the match, from the state before it (ratings.ts dcHomeOffset; 0 while the state is off). */
  homeOffset: number;
}

const outcomeIndex = (m: MatchRecord): 0 | 1 | 2 => (m.homeGoals > m.awayGoals ? 0 : m.homeGoals === m.awayGoals ? 1 : 2);

export interface EngineOptions {
  hyper?: Hyper;
  /** Refit cadence in days (default hyper.refitDays). */
  refitDays?: number;
  /** Training rows and refits are only produced from this day on (ratings always run). */
  featureStartDay?: number;
}

export interface DayPrediction {
  match: MatchRecord;
  prediction: Prediction;
}

/** Walk-forward engine for one league. */
export class LeagueEngine {
  readonly hyper: Hyper;
  parts: ModelParts;
  private refitDays: number;
  private featureStartDay: number;
  private played: PlayedMatch[] = [];
  private rows: TrainingRow[] = [];
  private lastRefit: number | null = null;

  constructor(
    readonly league: string,
    opts: EngineOptions = {},
  ) {
    this.hyper = opts.hyper ?? DEFAULT_HYPER;
    this.parts = emptyParts();
    this.refitDays = opts.refitDays ?? this.hyper.refitDays;
    this.featureStartDay = opts.featureStartDay ?? -Infinity;
  }

  /**
   * An independent copy of the engine at this point of its replay: processing the same days on the copy gives
   * bit-identical results to processing them on the original (every optimiser starts from the engine's own
   * previous fit, never from outside state), so a replay can resume from a saved copy (forecast.ts LeagueFitter).
   */
  clone(): LeagueEngine {
    const copy = new LeagueEngine(this.league, { hyper: this.hyper, refitDays: this.refitDays, featureStartDay: this.featureStartDay });
    copy.parts = structuredClone(this.parts);
    // Played matches and training rows are never changed once recorded: the copy may share them.
    copy.played = [...this.played];
    copy.rows = [...this.rows];
    copy.lastRefit = this.lastRefit;
    return copy;
  }

  /**
   * Processes one match day: refit if due, predict, then ingest the results. Returns the day's predictions when
   * `predict`. All matches must share the same date (day number) and be later than any previous day.
   */
  processDay(day: number, matches: readonly MatchRecord[], predict: boolean): DayPrediction[] {
    const parts = this.parts;
    if (parts.lastDay !== null && day <= parts.lastDay) throw new Error('processDay: days must be strictly increasing');
    this.handleSeason(day, matches);
    const inFeatures = day >= this.featureStartDay;
    if (inFeatures && (this.lastRefit === null || day - this.lastRefit >= this.refitDays)) this.refit(day);
    const out: DayPrediction[] = [];
    if (inFeatures || predict) {
      for (const m of matches) {
        const f = buildFeatures(parts, this.hyper, m.home, m.away, day, marketView(m.odds, this.hyper.dc.impliedRho));
        const prediction = predictFromFeatures(parts, this.hyper, f);
        if (predict) out.push({ match: m, prediction });
        if (inFeatures)
          this.rows.push({
            day,
            outcome: outcomeIndex(m),
            over: m.homeGoals + m.awayGoals > 2 ? 1 : 0,
            features: f,
            components: { statistical: prediction.statistical, ai: prediction.ai, rating: prediction.rating },
            pool: prediction.pool,
          });
      }
    }
    for (const m of matches) this.ingest(day, m);
    parts.lastDay = day;
    return out;
  }

  private handleSeason(day: number, matches: readonly MatchRecord[]): void {
    const parts = this.parts;
    const label = matches.find((m) => m.season)?.season ?? null;
    let elapsed = 0;
    let newLabel: string | null = parts.season;
    if (label !== null && parts.season !== null && label !== parts.season && seasonYear(label) > seasonYear(parts.season)) {
      elapsed = seasonYear(label) - seasonYear(parts.season);
      newLabel = label;
    } else if (label === null && parts.lastDay !== null && day - parts.lastDay > 60) {
      elapsed = Math.max(1, Math.round((day - parts.lastDay) / 365));
      const base = parts.season !== null && Number.isFinite(seasonYear(parts.season)) ? seasonYear(parts.season) : new Date(day * DAY_MS).getUTCFullYear() - 1;
      newLabel = `${base + elapsed}`;
    } else if (parts.season === null) {
      newLabel = label ?? `${new Date(day * DAY_MS).getUTCFullYear()}`;
    }
    if (elapsed > 0) {
      regressToMean(parts.ratings, this.hyper.ratings, elapsed, parts.active.length ? parts.active : undefined);
      for (const form of Object.values(parts.form)) {
        form.recentPoints = [];
        if (elapsed > 1) Object.assign(form, { ...emptyForm(), matches: form.matches, newcomerIn: form.newcomerIn });
      }
      parts.prevActive = parts.active;
      parts.active = [];
    }
    parts.season = newLabel;
  }

  /** Feeds one played match into the ratings, form, shot conversion and the Dixon-Coles history. */
  private ingest(day: number, m: MatchRecord): void {
    const parts = this.parts;
    const hyper = this.hyper;
    for (const team of [m.home, m.away]) {
      if (!parts.ratings.teams[team]) {
        parts.ratings.teams[team] = newTeamRating(parts.ratings, hyper.ratings, parts.active.length ? parts.active : undefined, parts.prevActive.length > 0);
      }
      if (!parts.active.includes(team)) {
        parts.active.push(team);
        const form = (parts.form[team] ??= emptyForm());
        if (parts.prevActive.length > 0 && !parts.prevActive.includes(team)) form.newcomerIn = parts.season;
        else if (parts.prevActive.length === 0 && form.matches === 0) form.newcomerIn = null;
      }
    }
    const played: PlayedMatch = {
      day,
      home: m.home,
      away: m.away,
      homeGoals: m.homeGoals,
      awayGoals: m.awayGoals,
      homeOffset: dcHomeOffset(parts.ratings, hyper.ratings),
    };
    let shots: ShotExpectation | undefined;
    const stats = matchShots(m);
    const proxy = stats ? ingestShots(parts.shots, hyper, day, m.homeGoals, m.awayGoals, stats) : undefined;
    const real =
      hyper.xg.real && m.homeExpectedGoals !== undefined && m.awayExpectedGoals !== undefined && m.homeExpectedGoals >= 0 && m.awayExpectedGoals >= 0
        ? { homeXg: m.homeExpectedGoals, awayXg: m.awayExpectedGoals }
        : undefined;
    const xg = real ?? proxy;
    if (xg) {
      played.homeXg = xg.homeXg;
      played.awayXg = xg.awayXg;
      const [home, draw, away] = quickMarkets(Math.max(xg.homeXg, 0.05), Math.max(xg.awayXg, 0.05), hyper.dc.impliedRho);
      shots = { home, draw, away, lambda: xg.homeXg, mu: xg.awayXg };
    }
    updateRatings(parts.ratings, parts.ratings.teams[m.home]!, parts.ratings.teams[m.away]!, m.homeGoals, m.awayGoals, shots, hyper.ratings, day);
    const a = hyper.formAlpha;
    const update = (form: TeamForm, goalsFor: number, goalsAgainst: number, sotFor: number | undefined, sotAgainst: number | undefined, points: number) => {
      form.goalsFor += a * (goalsFor - form.goalsFor);
      form.goalsAgainst += a * (goalsAgainst - form.goalsAgainst);
      if (sotFor !== undefined && sotAgainst !== undefined) {
        form.shotsOnTargetFor = form.shotsOnTargetFor === null ? sotFor : form.shotsOnTargetFor + a * (sotFor - form.shotsOnTargetFor);
        form.shotsOnTargetAgainst = form.shotsOnTargetAgainst === null ? sotAgainst : form.shotsOnTargetAgainst + a * (sotAgainst - form.shotsOnTargetAgainst);
      }
      form.recentPoints.push(points);
      if (form.recentPoints.length > 5) form.recentPoints.shift();
      form.lastDay = day;
      form.matches++;
    };
    const outcome = outcomeIndex(m);
    const hst = stats?.homeShotsOnTarget,
      ast = stats?.awayShotsOnTarget;
    update(parts.form[m.home]!, m.homeGoals, m.awayGoals, hst, ast, outcome === 0 ? 3 : outcome === 1 ? 1 : 0);
    update(parts.form[m.away]!, m.awayGoals, m.homeGoals, ast, hst, outcome === 2 ? 3 : outcome === 1 ? 1 : 0);
    this.played.push(played);
  }

  /** Refits the periodic models on everything ingested so far (all dated before `day`). */
  refit(day: number): void {
    this.lastRefit = day;
    const parts = this.parts;
    const hyper = this.hyper;
    // Each fit starts from the engine's own previous one: faster, and the same from any copy of the engine.
    this.refitDixonColes(day);
    const recent = (windowDays: number) => {
      const out: TrainingRow[] = [];
      for (let i = this.rows.length - 1; i >= 0 && this.rows[i]!.day >= day - windowDays; i--) out.push(this.rows[i]!);
      return out.reverse();
    };
    const decay = (rows: readonly TrainingRow[], halfLifeDays: number) => rows.map((r) => Math.pow(0.5, (day - r.day) / halfLifeDays));
    const ratingRows = recent(hyper.rating.windowDays);
    if (ratingRows.length >= 100) {
      Object.assign(parts, fitRatingMapping(ratingRows, decay(ratingRows, hyper.ai.halfLifeDays), hyper, parts.ordinal));
    }
    const learnedRows = recent(hyper.ai.windowDays);
    if (learnedRows.length >= 100) {
      parts.learned = fitLearned(learnedRows, decay(learnedRows, hyper.ai.halfLifeDays), hyper, parts.learned);
    }
    const poolRows = recent(hyper.pool.windowDays);
    parts.pool = fitPoolWeights(poolRows, decay(poolRows, hyper.pool.halfLifeDays), hyper);
    const stackRows = recent(hyper.stacking.windowDays);
    parts.stacking = fitStacking(stackRows, decay(stackRows, hyper.stacking.halfLifeDays), hyper) ?? parts.stacking;
  }

  private refitDixonColes(day: number): void {
    const parts = this.parts;
    const { xi, windowDays, xgBlend, ridge, newTeam, ratingPrior } = this.hyper.dc;
    const matches: DCMatch[] = [];
    for (let i = this.played.length - 1; i >= 0 && this.played[i]!.day >= day - windowDays; i--) {
      const p = this.played[i]!;
      const hasXg = p.homeXg !== undefined && p.awayXg !== undefined;
      matches.push({
        home: p.home,
        away: p.away,
        homeGoals: p.homeGoals,
        awayGoals: p.awayGoals,
        weight: Math.exp(-xi * (day - p.day)),
        homeOffset: p.homeOffset,
        homeTarget: hasXg ? (1 - xgBlend) * p.homeGoals + xgBlend * p.homeXg! : p.homeGoals,
        awayTarget: hasXg ? (1 - xgBlend) * p.awayGoals + xgBlend * p.awayXg! : p.awayGoals,
      });
    }
    matches.reverse();
    const season = parts.season;
    const priorMean = (team: string) => {
      const base = parts.form[team]?.newcomerIn === season && season !== null ? newTeam : { attack: 0, defence: 0 };
      const r = parts.ratings.teams[team];
      if (!r || ratingPrior === 0) return base;
      return { attack: (1 - ratingPrior) * base.attack + ratingPrior * r.attack, defence: (1 - ratingPrior) * base.defence + ratingPrior * r.defence };
    };
    if (matches.length >= 20) {
      parts.dc = fitDixonColes(matches, { ridge, priorMean, newTeam, init: parts.dc ?? undefined });
    } else {
      // Too few recent matches to fit: the model at its prior (the clubs' goal ratings, the league's goal rates).
      const teams = Object.keys(parts.ratings.teams);
      parts.dc = {
        teams,
        attack: teams.map((t) => priorMean(t).attack),
        defence: teams.map((t) => priorMean(t).defence),
        intercept: Math.log(parts.ratings.awayRate),
        home: Math.log(parts.ratings.homeRate / parts.ratings.awayRate),
        rho: this.hyper.dc.impliedRho,
        newTeamAttack: 0,
        newTeamDefence: 0,
        iterations: 0,
        logLik: 0,
      };
    }
  }
}

/** Groups matches (any order) into ascending day buckets. */
export function groupByDay<T extends { date: string }>(matches: readonly T[]): { day: number; matches: T[] }[] {
  const map = new Map<number, T[]>();
  for (const m of matches) {
    const d = dayNumber(m.date);
    let list = map.get(d);
    if (!list) map.set(d, (list = []));
    list.push(m);
  }
  return [...map.entries()].sort((a, b) => a[0] - b[0]).map(([day, ms]) => ({ day, matches: ms }));
}
