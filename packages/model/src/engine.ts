/**
 * The league engine: one walk-forward pass over a league's matches in date order.
 *
 * For every match day: (1) refit the periodic models if the cadence is due (Dixon-Coles, rating->1X2 mapping,
 * the learned model, the calibration), using only matches dated before that day; (2) predict every match of the
 * day from that state; (3) only then feed the day's results into the incremental trackers (ratings, form, rows).
 * Matches on the same day therefore never see each other, and nothing dated on or after a day can change a
 * prediction for that day.
 *
 * The serialisable part of the engine (`ModelParts`) is exactly what predictFixture needs; fitLeagueModel
 * replays history through this engine and stores the parts.
 */
import { dcExpectations, fitDixonColes, type DCMatch, type DCParams } from './dixonColes.ts';
import { quickMarkets } from './grid.ts';
import { DEFAULT_HYPER, type Hyper } from './hyper.ts';
import { impliedGoals } from './impliedGoals.ts';
import {
  binaryProb, fitBinary, fitMultinomial, fitOrdered, multinomialProbs, orderedProbs,
  type BinaryModel, type MultinomialModel, type OrderedModel,
} from './logistic.ts';
import { overFromOdds, threeWayFromOdds } from './odds.ts';
import {
  emptyLeagueRatings, goalExpectations, newTeamRating, piExpectedGd, regressToMean, updateRatings,
  type LeagueRatings, type MarketExpectation, type TeamRating,
} from './ratings.ts';
import type { MatchOdds, MatchRecord } from './types.ts';

export const DAY_MS = 86_400_000;

/** Day number (days since 1970-01-01, UTC) of an ISO date or datetime. */
export function dayNumber(date: string): number {
  const ms = Date.parse(date.length <= 10 ? `${date}T00:00:00Z` : date);
  if (!Number.isFinite(ms)) throw new Error(`Invalid date '${date}'`);
  return Math.floor(ms / DAY_MS);
}

export function dayToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function seasonYear(s: string): number {
  const m = /^(\d{4})/.exec(s);
  return m ? Number(m[1]) : NaN;
}

export interface TeamTrack {
  /** Day number of the last league match. */
  last: number | null;
  /** Points of the last five matches, most recent last. */
  pts: number[];
  gf: number;
  ga: number;
  /** Shots-on-target EWMA for/against (null until a match with shot data). */
  tf: number | null;
  ta: number | null;
  n: number;
  /** Season in which the club was a newcomer to the league (promoted / first seen). */
  newcomerIn: string | null;
}

export interface AiModel {
  /** Multinomial 1X2 model with and without the fixture's market odds. */
  x1: MultinomialModel;
  x1NoOdds: MultinomialModel;
  ou: BinaryModel;
  ouNoOdds: BinaryModel;
  /** Standardisation (mean, sd) of the standardised feature block, per model. */
  scale: { x1: [number[], number[]]; x1NoOdds: [number[], number[]]; ou: [number[], number[]]; ouNoOdds: [number[], number[]] };
  rows: number;
}

/** Everything predictFixture needs (plain JSON). */
export interface ModelParts {
  lastDay: number | null;
  season: string | null;
  ratings: LeagueRatings;
  tracks: Record<string, TeamTrack>;
  active: string[];
  prevActive: string[];
  dc: DCParams | null;
  ordinal: OrderedModel | null;
  ouRating: BinaryModel | null;
  ai: AiModel | null;
  calibration: { x1: MultinomialModel; ou: BinaryModel; rows: number } | null;
}

export type P4 = [number, number, number, number];

export interface Features {
  hasOdds: boolean;
  hasOuOdds: boolean;
  market?: { home: number; draw: number; away: number; over: number; lambda: number; mu: number };
  dc: { lambda: number; mu: number; rho: number; p: P4 };
  stat: { lambda: number; mu: number; rho: number };
  /** Rating features: Elo difference / 400 incl. home advantage, pi expected GD, goal-rating log ratio. */
  rating: [number, number, number];
  goalRating: { lambda: number; mu: number; over: number };
  /** Non-market base features for the learned model (standardised at fit time). */
  base: number[];
  /** O/U base features. */
  ouBase: number[];
}

export interface Prediction {
  statistical: P4;
  rating: P4;
  ai: P4;
  /** Linear pool before calibration. */
  pool: P4;
  /** Published (after calibration). */
  final: P4;
  features: Features;
}

interface Row {
  t: number;
  y: 0 | 1 | 2;
  over: 0 | 1;
  f: Features;
  pool?: P4;
}

interface HistMatch {
  t: number;
  home: string;
  away: string;
  hg: number;
  ag: number;
  iL?: number;
  iM?: number;
}

const logit = (p: number) => Math.log(Math.max(p, 1e-6) / Math.max(1 - p, 1e-6));
const clampP = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));

export function emptyParts(): ModelParts {
  return {
    lastDay: null, season: null, ratings: emptyLeagueRatings(), tracks: {}, active: [], prevActive: [],
    dc: null, ordinal: null, ouRating: null, ai: null, calibration: null,
  };
}

function teamRating(parts: ModelParts, hyper: Hyper, team: string): TeamRating {
  return parts.ratings.teams[team] ?? newTeamRating(parts.ratings, hyper.ratings, parts.active.length ? parts.active : undefined);
}

function emptyTrack(): TeamTrack {
  return { last: null, pts: [], gf: 1.3, ga: 1.3, tf: null, ta: null, n: 0, newcomerIn: null };
}

/** Market view of a fixture from its pre-kickoff odds (Shin for 1X2, proportional for O/U). */
export function marketView(odds: MatchOdds | undefined, rho: number): Features['market'] | undefined {
  const p = threeWayFromOdds(odds, 'shin');
  if (!p) return undefined;
  const over = overFromOdds(odds, 'proportional');
  const ig = impliedGoals(p, over, rho);
  const o = over ?? quickMarkets(ig.lambda, ig.mu, rho)[3];
  return { home: p.home, draw: p.draw, away: p.away, over: o, lambda: ig.lambda, mu: ig.mu };
}

/** Builds the pre-kickoff features of a fixture from the model parts (pure). */
export function buildFeatures(
  parts: ModelParts,
  hyper: Hyper,
  home: string,
  away: string,
  t: number,
  odds: MatchOdds | undefined,
  precomputedMarket?: Features['market'] | null,
): Features {
  const rh = teamRating(parts, hyper, home);
  const ra = teamRating(parts, hyper, away);
  const ge = goalExpectations(parts.ratings, rh, ra);
  const dcp = parts.dc;
  const dcx = dcp ? dcExpectations(dcp, home, away) : ge;
  const rho = dcp ? dcp.rho : hyper.dc.impliedRho;
  const dcP = quickMarkets(dcx.lambda, dcx.mu, rho);
  const market = precomputedMarket === undefined ? marketView(odds, hyper.dc.impliedRho) : (precomputedMarket ?? undefined);
  let stat = { lambda: dcx.lambda, mu: dcx.mu, rho };
  if (market) {
    const a = hyper.dc.anchor;
    stat = {
      lambda: Math.exp((1 - a) * Math.log(dcx.lambda) + a * Math.log(market.lambda)),
      mu: Math.exp((1 - a) * Math.log(dcx.mu) + a * Math.log(market.mu)),
      rho,
    };
  }
  const grOver = quickMarkets(ge.lambda, ge.mu, rho)[3];
  const rating: [number, number, number] = [
    (rh.elo + hyper.ratings.elo.home - ra.elo) / 400,
    piExpectedGd(rh, ra, hyper.ratings),
    Math.log(ge.lambda / ge.mu),
  ];
  const th = parts.tracks[home];
  const ta = parts.tracks[away];
  const avgPts = (tr: TeamTrack | undefined) => (tr && tr.pts.length ? tr.pts.reduce((s, x) => s + x, 0) / tr.pts.length : 1.3);
  const rest = (tr: TeamTrack | undefined) => (tr && tr.last !== null ? Math.min(t - tr.last, 28) : 28) / 7;
  const hasShots = th?.tf != null && th?.ta != null && ta?.tf != null && ta?.ta != null;
  const sotDiff = hasShots ? th!.tf! - th!.ta! - (ta!.tf! - ta!.ta!) : 0;
  const sotTot = hasShots ? (th!.tf! + th!.ta! + ta!.tf! + ta!.ta!) / 2 : 0;
  const gTot = ((th?.gf ?? 1.3) + (th?.ga ?? 1.3) + (ta?.gf ?? 1.3) + (ta?.ga ?? 1.3)) / 2;
  const base = [
    Math.log(dcP[0] / dcP[2]),
    Math.log(dcP[1] / dcP[2]),
    rating[0],
    rating[1],
    rating[2],
    avgPts(th) - avgPts(ta),
    rest(th),
    rest(ta),
    sotDiff,
    hasShots ? 1 : 0,
  ];
  const ouBase = [logit(dcP[3]), logit(grOver), gTot, sotTot, hasShots ? 1 : 0];
  const f: Features = {
    hasOdds: market !== undefined,
    hasOuOdds: market !== undefined && overFromOdds(odds) !== undefined,
    dc: { lambda: dcx.lambda, mu: dcx.mu, rho, p: dcP },
    stat,
    rating,
    goalRating: { lambda: ge.lambda, mu: ge.mu, over: grOver },
    base,
    ouBase,
  };
  if (market) f.market = market;
  return f;
}

// Feature vectors for the learned model. The first `nPrior` entries are log-odds features kept on their raw
// scale with a prior coefficient of 1 for their own class; the rest are standardised.
function x1Vector(f: Features, withOdds: boolean): { raw: number[]; std: number[] } {
  if (withOdds && f.market) {
    const m = f.market;
    return { raw: [Math.log(m.home / m.away), Math.log(m.draw / m.away)], std: f.base };
  }
  return { raw: [f.base[0]!, f.base[1]!], std: f.base.slice(2) };
}

function ouVector(f: Features, withOdds: boolean): { raw: number[]; std: number[] } {
  if (withOdds && f.market) return { raw: [logit(f.market.over)], std: f.ouBase };
  return { raw: [f.ouBase[0]!], std: f.ouBase.slice(1) };
}

function standardise(std: number[], scale: [number[], number[]]): number[] {
  return std.map((v, j) => (v - scale[0][j]!) / scale[1][j]!);
}

const DEFAULT_ORDINAL: OrderedModel = { coef: [-0.45, Math.log(1.05), 1.6, 0.2, 0.3], p: 3 };

/** Component and ensemble probabilities for prepared features (pure). */
export function predictFromFeatures(parts: ModelParts, hyper: Hyper, f: Features): Prediction {
  const s = quickMarkets(f.stat.lambda, f.stat.mu, f.stat.rho);
  const statistical: P4 = [s[0], s[1], s[2], s[3]];

  const ord = orderedProbs(parts.ordinal ?? DEFAULT_ORDINAL, f.rating);
  const rOver = parts.ouRating ? binaryProb(parts.ouRating, [logit(f.goalRating.over)]) : f.goalRating.over;
  let rating: P4 = [ord[0], ord[1], ord[2], rOver];
  const ra = hyper.rating.anchor;
  if (f.market && ra > 0) {
    const m = f.market;
    const g = [ord[0], ord[1], ord[2]].map((v, k) => Math.exp((1 - ra) * Math.log(v) + ra * Math.log(k === 0 ? m.home : k === 1 ? m.draw : m.away)));
    const gs = g[0]! + g[1]! + g[2]!;
    const lo = (1 - ra) * logit(rOver) + ra * logit(m.over);
    rating = [g[0]! / gs, g[1]! / gs, g[2]! / gs, 1 / (1 + Math.exp(-lo))];
  }

  let ai: P4;
  if (parts.ai) {
    const m = parts.ai;
    const useOdds = f.hasOdds;
    const v = x1Vector(f, useOdds);
    const x = [...v.raw, ...standardise(v.std, useOdds ? m.scale.x1 : m.scale.x1NoOdds)];
    const p = multinomialProbs(useOdds ? m.x1 : m.x1NoOdds, x);
    const ov = ouVector(f, useOdds);
    const xo = [...ov.raw, ...standardise(ov.std, useOdds ? m.scale.ou : m.scale.ouNoOdds)];
    const po = binaryProb(useOdds ? m.ou : m.ouNoOdds, xo);
    ai = [p[0], p[1], p[2], po];
  } else if (f.market) {
    ai = [f.market.home, f.market.draw, f.market.away, f.market.over];
  } else {
    ai = [f.dc.p[0], f.dc.p[1], f.dc.p[2], f.dc.p[3]];
  }

  const w = hyper.weights;
  const pool = [0, 1, 2, 3].map((k) => w.statistical * statistical[k]! + w.ai * ai[k]! + w.rating * rating[k]!) as P4;
  const ps = pool[0] + pool[1] + pool[2];
  pool[0] /= ps; pool[1] /= ps; pool[2] /= ps;
  let final: P4 = [...pool];
  if (parts.calibration && hyper.calibration.enabled) {
    const c = parts.calibration;
    const p = multinomialProbs(c.x1, [Math.log(pool[0] / pool[2]), Math.log(pool[1] / pool[2])]);
    const po = binaryProb(c.ou, [logit(pool[3])]);
    final = [p[0], p[1], p[2], po];
  }
  final = final.map((v) => clampP(v)) as P4;
  const fs = final[0] + final[1] + final[2];
  final[0] /= fs; final[1] /= fs; final[2] /= fs;
  return { statistical, rating, ai, pool, final, features: f };
}

export interface EngineOptions {
  hyper?: Hyper;
  /** Refit cadence in days (default hyper.refitDays). */
  refitDays?: number;
  /** Rows/refits (DC, learned model) are only produced from this day on (ratings always run). */
  featureStartDay?: number;
  /** Warm-start source. */
  warm?: ModelParts | null;
  /**
   * 'replay' (fitLeagueModel): intermediate refits only refresh Dixon-Coles (needed for the learned model's
   * features); the learned model and the rating mapping are fitted once at the end. Requires calibration off
   * (calibration needs the out-of-sample ensemble of every row); with calibration on, replay refits everything.
   */
  mode?: 'backtest' | 'replay';
}

export interface DayPrediction {
  match: MatchRecord;
  prediction: Prediction;
  /** The same fixture predicted without its own odds (history unchanged): shows how the model degrades. */
  noOdds: Prediction;
}

/** Walk-forward engine for one league. */
export class LeagueEngine {
  readonly hyper: Hyper;
  parts: ModelParts;
  private refitDays: number;
  private featureStartDay: number;
  private hist: HistMatch[] = [];
  private rows: Row[] = [];
  private lastRefit: number | null = null;
  private warm: ModelParts | null;
  private light: boolean;

  constructor(readonly league: string, opts: EngineOptions = {}) {
    this.hyper = opts.hyper ?? DEFAULT_HYPER;
    this.parts = emptyParts();
    this.refitDays = opts.refitDays ?? this.hyper.refitDays;
    this.featureStartDay = opts.featureStartDay ?? -Infinity;
    this.warm = opts.warm ?? null;
    this.light = opts.mode === 'replay' && !this.hyper.calibration.enabled;
  }

  setRefitDays(days: number): void {
    this.refitDays = days;
  }

  /**
   * Processes one match day: refit if due, predict (when `predict`), then ingest the results.
   * All matches must share the same date (day number) and be later than any previous day.
   */
  processDay(day: number, matches: readonly MatchRecord[], predict: boolean): DayPrediction[] {
    const parts = this.parts;
    if (parts.lastDay !== null && day <= parts.lastDay) throw new Error('processDay: days must be strictly increasing');
    this.handleSeason(day, matches);
    const inFeatures = day >= this.featureStartDay;
    if (inFeatures && (this.lastRefit === null || day - this.lastRefit >= this.refitDays)) this.refit(day, this.light && !predict);
    const markets = matches.map((m) => marketView(m.odds, this.hyper.dc.impliedRho) ?? null);
    const out: DayPrediction[] = [];
    const feats: (Features | null)[] = [];
    for (let i = 0; i < matches.length; i++) {
      const m = matches[i]!;
      if (!inFeatures && !predict) { feats.push(null); continue; }
      const f = buildFeatures(parts, this.hyper, m.home, m.away, day, m.odds, markets[i]);
      feats.push(f);
      if (this.light && !predict) {
        const y = m.homeGoals > m.awayGoals ? 0 : m.homeGoals === m.awayGoals ? 1 : 2;
        this.rows.push({ t: day, y, over: m.homeGoals + m.awayGoals > 2 ? 1 : 0, f });
        continue;
      }
      if (inFeatures || predict) {
        const pr = predictFromFeatures(parts, this.hyper, f);
        if (predict) {
          const nf = buildFeatures(parts, this.hyper, m.home, m.away, day, undefined, null);
          out.push({ match: m, prediction: pr, noOdds: predictFromFeatures(parts, this.hyper, nf) });
        }
        const y = m.homeGoals > m.awayGoals ? 0 : m.homeGoals === m.awayGoals ? 1 : 2;
        if (inFeatures) this.rows.push({ t: day, y, over: m.homeGoals + m.awayGoals > 2 ? 1 : 0, f, pool: parts.ai ? pr.pool : undefined });
      }
    }
    for (let i = 0; i < matches.length; i++) this.ingest(day, matches[i]!, markets[i] ?? undefined);
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
      for (const tr of Object.values(parts.tracks)) {
        tr.pts = [];
        if (elapsed > 1) { tr.gf = 1.3; tr.ga = 1.3; tr.tf = null; tr.ta = null; tr.last = null; }
      }
      parts.prevActive = parts.active;
      parts.active = [];
    }
    parts.season = newLabel;
  }

  private ingest(day: number, m: MatchRecord, market: Features['market'] | undefined): void {
    const parts = this.parts;
    const hyper = this.hyper;
    for (const team of [m.home, m.away]) {
      if (!parts.ratings.teams[team]) {
        parts.ratings.teams[team] = newTeamRating(parts.ratings, hyper.ratings, parts.active.length ? parts.active : undefined);
      }
      if (!parts.active.includes(team)) {
        parts.active.push(team);
        const tr = (parts.tracks[team] ??= emptyTrack());
        if (parts.prevActive.length > 0 && !parts.prevActive.includes(team)) tr.newcomerIn = parts.season;
        else if (parts.prevActive.length === 0 && tr.n === 0) tr.newcomerIn = null;
      }
    }
    const rh = parts.ratings.teams[m.home]!;
    const ra = parts.ratings.teams[m.away]!;
    const mk: MarketExpectation | undefined = market
      ? { home: market.home, draw: market.draw, away: market.away, lambda: market.lambda, mu: market.mu }
      : undefined;
    updateRatings(parts.ratings, rh, ra, m.homeGoals, m.awayGoals, mk, hyper.ratings);
    const a = hyper.formAlpha;
    const th = parts.tracks[m.home]!;
    const ta = parts.tracks[m.away]!;
    const ptsH = m.homeGoals > m.awayGoals ? 3 : m.homeGoals === m.awayGoals ? 1 : 0;
    const ptsA = m.homeGoals < m.awayGoals ? 3 : m.homeGoals === m.awayGoals ? 1 : 0;
    const upd = (tr: TeamTrack, gf: number, ga: number, sf: number | undefined, sa: number | undefined, pts: number) => {
      tr.gf += a * (gf - tr.gf);
      tr.ga += a * (ga - tr.ga);
      if (sf !== undefined && sa !== undefined) {
        tr.tf = tr.tf === null ? sf : tr.tf + a * (sf - tr.tf);
        tr.ta = tr.ta === null ? sa : tr.ta + a * (sa - tr.ta);
      }
      tr.pts.push(pts);
      if (tr.pts.length > 5) tr.pts.shift();
      tr.last = day;
      tr.n++;
    };
    upd(th, m.homeGoals, m.awayGoals, m.homeShotsOnTarget, m.awayShotsOnTarget, ptsH);
    upd(ta, m.awayGoals, m.homeGoals, m.awayShotsOnTarget, m.homeShotsOnTarget, ptsA);
    const h: HistMatch = { t: day, home: m.home, away: m.away, hg: m.homeGoals, ag: m.awayGoals };
    if (market) { h.iL = market.lambda; h.iM = market.mu; }
    this.hist.push(h);
  }

  /**
   * Refits the periodic models on everything ingested so far (all dated before `day`).
   * `dcOnly` (replay mode) refreshes only Dixon-Coles.
   */
  refit(day: number, dcOnly = false): void {
    this.lastRefit = day;
    const parts = this.parts;
    const hyper = this.hyper;
    // Warm starts only speed up the optimisers (all fits are convex or nearly so); the optimum is the same.
    const warm = this.warm;
    // --- Dixon-Coles on the window
    const from = day - hyper.dc.windowDays;
    const dcm: DCMatch[] = [];
    const b = hyper.dc.targetBlend;
    for (let i = this.hist.length - 1; i >= 0; i--) {
      const h = this.hist[i]!;
      if (h.t < from) break;
      const w = Math.exp(-hyper.dc.xi * (day - h.t));
      const hasImp = h.iL !== undefined && h.iM !== undefined;
      dcm.push({
        home: h.home, away: h.away, homeGoals: h.hg, awayGoals: h.ag, weight: w,
        homeTarget: hasImp ? (1 - b) * h.hg + b * h.iL! : h.hg,
        awayTarget: hasImp ? (1 - b) * h.ag + b * h.iM! : h.ag,
      });
    }
    dcm.reverse();
    const season = parts.season;
    const nt = hyper.dc.newTeam;
    if (dcm.length >= 20) {
      parts.dc = fitDixonColes(dcm, {
        ridge: hyper.dc.ridge,
        priorMean: (team) => (parts.tracks[team]?.newcomerIn === season && season !== null ? nt : { attack: 0, defence: 0 }),
        newTeam: nt,
        init: parts.dc ?? warm?.dc ?? undefined,
      });
    } else {
      parts.dc = {
        teams: [], attack: [], defence: [], intercept: Math.log(parts.ratings.awayRate),
        home: Math.log(parts.ratings.homeRate / parts.ratings.awayRate), rho: hyper.dc.impliedRho,
        newTeamAttack: 0, newTeamDefence: 0, iterations: 0, logLik: 0,
      };
    }
    if (dcOnly) return;
    // --- rows in windows
    const rows = this.rows;
    const halfLife = hyper.ai.halfLifeDays;
    const sel = (win: number) => {
      const out: Row[] = [];
      for (let i = rows.length - 1; i >= 0; i--) {
        const r = rows[i]!;
        if (r.t < day - win) break;
        out.push(r);
      }
      return out.reverse();
    };
    // --- rating -> 1X2 (ordered logit) and rating -> O/U
    const rr = sel(hyper.rating.windowDays);
    if (rr.length >= 100) {
      const wts = rr.map((r) => Math.pow(0.5, (day - r.t) / halfLife));
      parts.ordinal = fitOrdered({ x: rr.map((r) => r.f.rating), y: rr.map((r) => r.y), w: wts }, hyper.rating.l2, parts.ordinal?.coef ?? warm?.ordinal?.coef);
      parts.ouRating = fitBinary({ x: rr.map((r) => [logit(r.f.goalRating.over)]), y: rr.map((r) => r.over), w: wts }, { l2: 1 }, [0, 1]);
    }
    // --- learned model
    const ar = sel(hyper.ai.windowDays);
    if (ar.length >= 100) {
      const wts = ar.map((r) => Math.pow(0.5, (day - r.t) / halfLife));
      const prev = parts.ai ?? warm?.ai ?? null;
      parts.ai = this.fitAi(ar, wts, prev);
    }
    // --- calibration of the linear pool
    if (hyper.calibration.enabled) {
      const cr = sel(hyper.calibration.windowDays).filter((r) => r.pool !== undefined);
      if (cr.length >= 200) {
        const wts = cr.map((r) => Math.pow(0.5, (day - r.t) / halfLife));
        const l2 = hyper.calibration.l2;
        const x1 = fitMultinomial(
          { x: cr.map((r) => [Math.log(r.pool![0] / r.pool![2]), Math.log(r.pool![1] / r.pool![2])]), y: cr.map((r) => r.y), w: wts },
          { l2, interceptL2: l2 },
          [0, 1, 0, 0, 0, 1],
        );
        const ou = fitBinary({ x: cr.map((r) => [logit(r.pool![3])]), y: cr.map((r) => r.over), w: wts }, { l2, interceptL2: l2 }, [0, 1]);
        parts.calibration = { x1, ou, rows: cr.length };
      }
    }
  }

  private fitAi(rows: Row[], w: number[], prev: AiModel | null): AiModel {
    const hyper = this.hyper;
    const fitX1 = (withOdds: boolean, init?: MultinomialModel) => {
      const rs = withOdds ? rows.filter((r) => r.f.hasOdds) : rows;
      const ws = withOdds ? w.filter((_, i) => rows[i]!.f.hasOdds) : w;
      const vecs = rs.map((r) => x1Vector(r.f, withOdds));
      const scale = scaleOf(vecs.map((v) => v.std), vecs[0]?.std.length ?? (withOdds ? 10 : 8));
      const x = vecs.map((v) => [...v.raw, ...standardise(v.std, scale)]);
      const p = 2 + scale[0].length;
      const prior = new Array<number>(2 * (p + 1)).fill(0);
      prior[1] = 1; // class H on raw feature 0
      prior[p + 1 + 2] = 1; // class D on raw feature 1
      const l2 = new Array<number>(p).fill(withOdds ? hyper.ai.l2 : hyper.ai.l2NoOdds);
      l2[0] = hyper.ai.l2Market; l2[1] = hyper.ai.l2Market;
      const model = fitMultinomial({ x, y: rs.map((r) => r.y), w: ws }, { l2, interceptL2: hyper.ai.interceptL2 }, prior, init?.coef.length === prior.length ? init.coef : undefined, 8);
      return { model, scale };
    };
    const fitOu = (withOdds: boolean, init?: BinaryModel) => {
      const rs = withOdds ? rows.filter((r) => r.f.hasOdds) : rows;
      const ws = withOdds ? w.filter((_, i) => rows[i]!.f.hasOdds) : w;
      const vecs = rs.map((r) => ouVector(r.f, withOdds));
      const scale = scaleOf(vecs.map((v) => v.std), vecs[0]?.std.length ?? (withOdds ? 5 : 4));
      const x = vecs.map((v) => [...v.raw, ...standardise(v.std, scale)]);
      const p = 1 + scale[0].length;
      const prior = new Array<number>(p + 1).fill(0);
      prior[1] = 1;
      const l2 = new Array<number>(p).fill(withOdds ? hyper.ai.l2 : hyper.ai.l2NoOdds);
      l2[0] = hyper.ai.l2Market;
      const model = fitBinary({ x, y: rs.map((r) => r.over), w: ws }, { l2, interceptL2: hyper.ai.interceptL2 }, prior, init?.coef.length === prior.length ? init.coef : undefined, 8);
      return { model, scale };
    };
    const a = fitX1(true, prev?.x1);
    const b = fitX1(false, prev?.x1NoOdds);
    const c = fitOu(true, prev?.ou);
    const d = fitOu(false, prev?.ouNoOdds);
    return {
      x1: a.model, x1NoOdds: b.model, ou: c.model, ouNoOdds: d.model,
      scale: { x1: a.scale, x1NoOdds: b.scale, ou: c.scale, ouNoOdds: d.scale },
      rows: rows.length,
    };
  }
}

function scaleOf(vs: number[][], p: number): [number[], number[]] {
  const mean = new Array<number>(p).fill(0);
  const sd = new Array<number>(p).fill(1);
  if (vs.length === 0) return [mean, sd];
  for (const v of vs) for (let j = 0; j < p; j++) mean[j]! += v[j]!;
  for (let j = 0; j < p; j++) mean[j]! /= vs.length;
  const ss = new Array<number>(p).fill(0);
  for (const v of vs) for (let j = 0; j < p; j++) { const d = v[j]! - mean[j]!; ss[j]! += d * d; }
  for (let j = 0; j < p; j++) { const s = Math.sqrt(ss[j]! / vs.length); sd[j] = s > 1e-9 ? s : 1; }
  return [mean, sd];
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

