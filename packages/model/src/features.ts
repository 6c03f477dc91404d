/**
 * What the engine knows about a fixture before kickoff: team form, the expected-goals proxy, the market's view
 * of the fixture (only for the stacking step), and the feature vector shared by the components.
 */
import { dcExpectations, type DCParams } from './dixon-coles.ts';
import { quickMarkets } from './grid.ts';
import type { Hyper } from './hyper.ts';
import { impliedGoals } from './implied-goals.ts';
import type { BinaryModel, MultinomialModel, OrderedModel } from './logistic.ts';
import { overFromOdds, threeWayFromOdds } from './odds.ts';
import { emptyLeagueRatings, dcHomeOffset, goalExpectations, newTeamRating, piExpectedGd, type LeagueRatings, type TeamRating } from './ratings.ts';
import type { MatchOdds } from './types.ts';

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

/** Home, draw, away and over-2.5 probabilities. */
export type P4 = [number, number, number, number];

export const logit = (p: number) => Math.log(Math.max(p, 1e-6) / Math.max(1 - p, 1e-6));

/** Recent form of one club in its league (exponentially weighted, reset in part at a new season). */
export interface TeamForm {
  /** Day number of the last league match. */
  lastDay: number | null;
  /** Points of the last five matches, most recent last. */
  recentPoints: number[];
  goalsFor: number;
  goalsAgainst: number;
  /** Shots-on-target EWMA for/against (null until a match with shot data). */
  shotsOnTargetFor: number | null;
  shotsOnTargetAgainst: number | null;
  matches: number;
  /** Season in which the club was a newcomer to the league (promoted / first seen). */
  newcomerIn: string | null;
}

export function emptyForm(): TeamForm {
  return {
    lastDay: null,
    recentPoints: [],
    goalsFor: 1.3,
    goalsAgainst: 1.3,
    shotsOnTargetFor: null,
    shotsOnTargetAgainst: null,
    matches: 0,
    newcomerIn: null,
  };
}

/**
 * League totals behind the expected-goals proxy (matches with shot data only), decayed with a half-life of
 * `hyper.xg.halfLifeDays` (0: never forgotten) so the conversion rates follow how the game is played and counted now.
 */
export interface ShotConversion {
  goals: number;
  shotsOnTarget: number;
  /** Goals and all shots of the matches that also report total shots. */
  goalsWithShots: number;
  shots: number;
  /** Day number of the last match added (the decay runs from it). */
  day?: number;
}

export function emptyConversion(): ShotConversion {
  return { goals: 0, shotsOnTarget: 0, goalsWithShots: 0, shots: 0 };
}

/**
 * Expected-goals proxy of one side: (1 - shotsWeight) x goals per shot on target x shots on target
 * + shotsWeight x goals per shot x shots (when total shots are known). The conversion rates are the league's so
 * far, shrunk toward a prior worth `priorShotsOnTarget` shots on target (three times as many shots).
 */
export function expectedGoalsProxy(c: ShotConversion, hyper: Hyper, shotsOnTarget: number, shots: number | undefined): number {
  const { priorShotsOnTarget, priorGoalsPerShotOnTarget, shotsWeight } = hyper.xg;
  const perShotOnTarget = (c.goals + priorShotsOnTarget * priorGoalsPerShotOnTarget) / (c.shotsOnTarget + priorShotsOnTarget);
  const onTarget = perShotOnTarget * shotsOnTarget;
  if (shots === undefined || shotsWeight === 0) return onTarget;
  const priorShots = 3 * priorShotsOnTarget;
  const perShot = (c.goalsWithShots + priorShotsOnTarget * priorGoalsPerShotOnTarget) / (c.shots + priorShots);
  return (1 - shotsWeight) * onTarget + shotsWeight * perShot * shots;
}

/** A match's shots on target and (optionally) shots, each side, as the proxy reads them; undefined without statistics. */
export interface MatchShots {
  homeShotsOnTarget: number;
  awayShotsOnTarget: number;
  homeShots?: number;
  awayShots?: number;
}

export function matchShots(m: { homeShotsOnTarget?: number; awayShotsOnTarget?: number; homeShots?: number; awayShots?: number }): MatchShots | undefined {
  const hst = m.homeShotsOnTarget,
    ast = m.awayShotsOnTarget;
  if (hst === undefined || ast === undefined || !(hst >= 0) || !(ast >= 0)) return undefined;
  const hs = m.homeShots,
    as = m.awayShots;
  return hs !== undefined && as !== undefined && hs >= hst && as >= ast
    ? { homeShotsOnTarget: hst, awayShotsOnTarget: ast, homeShots: hs, awayShots: as }
    : { homeShotsOnTarget: hst, awayShotsOnTarget: ast };
}

/**
 * The proxy's expected goals of both sides of a played match at the league's conversion rates before it, then the
 * match added to the (decayed) totals: what the engine ingests, and what the proxy-level check replays.
 */
export function ingestShots(
  c: ShotConversion,
  hyper: Hyper,
  day: number,
  homeGoals: number,
  awayGoals: number,
  s: MatchShots,
): { homeXg: number; awayXg: number } {
  const homeXg = expectedGoalsProxy(c, hyper, s.homeShotsOnTarget, s.homeShots);
  const awayXg = expectedGoalsProxy(c, hyper, s.awayShotsOnTarget, s.awayShots);
  const h = hyper.xg.halfLifeDays;
  if (h > 0 && c.day !== undefined && day > c.day) {
    const k = Math.pow(0.5, (day - c.day) / h);
    c.goals *= k;
    c.shotsOnTarget *= k;
    c.goalsWithShots *= k;
    c.shots *= k;
  }
  c.day = day;
  c.goals += homeGoals + awayGoals;
  c.shotsOnTarget += s.homeShotsOnTarget + s.awayShotsOnTarget;
  if (s.homeShots !== undefined && s.awayShots !== undefined) {
    c.goalsWithShots += homeGoals + awayGoals;
    c.shots += s.homeShots + s.awayShots;
  }
  return { homeXg, awayXg };
}

/** The learned model ("AI"): 1X2 and O/U 2.5 logits with the standardisation of their features. */
export interface LearnedModel {
  x1: MultinomialModel;
  ou: BinaryModel;
  /** Standardisation (mean, sd) of the standardised feature block of each model. */
  scale: { x1: [number[], number[]]; ou: [number[], number[]] };
  rows: number;
}

/** Weights of our models against the de-vigged market in the published forecast (fixtures with odds only). */
export interface Stacking {
  x1Weight: number;
  ouWeight: number;
  rows: number;
}

/** Learned weights of the log-linear pool of the components (ensemble.ts). */
export interface PoolWeights {
  /** 1X2: exponents of statistical, AI and rating. */
  x1: number[];
  /** O/U 2.5: intercept, then the weights of the components' logits. */
  ou: number[];
  /** Recency-weighted share of overs in the rows the pool was fitted on. */
  overRate: number;
  rows: number;
}

/** Everything predictFixture needs (plain JSON). */
export interface ModelParts {
  lastDay: number | null;
  season: string | null;
  ratings: LeagueRatings;
  form: Record<string, TeamForm>;
  active: string[];
  prevActive: string[];
  shots: ShotConversion;
  dc: DCParams | null;
  ordinal: OrderedModel | null;
  ouRating: BinaryModel | null;
  learned: LearnedModel | null;
  pool: PoolWeights | null;
  stacking: Stacking | null;
}

export function emptyParts(): ModelParts {
  return {
    lastDay: null,
    season: null,
    ratings: emptyLeagueRatings(),
    form: {},
    active: [],
    prevActive: [],
    shots: emptyConversion(),
    dc: null,
    ordinal: null,
    ouRating: null,
    learned: null,
    pool: null,
    stacking: null,
  };
}

/** The fixture's de-vigged market: 1X2 (Shin), over 2.5 (proportional, else implied by the 1X2 prices). */
export interface MarketView {
  home: number;
  draw: number;
  away: number;
  over: number;
}

export function marketView(odds: MatchOdds | undefined, rho: number): MarketView | undefined {
  const p = threeWayFromOdds(odds, 'shin');
  if (!p) return undefined;
  let over = overFromOdds(odds, 'proportional');
  if (over === undefined) {
    const goals = impliedGoals(p, undefined, rho);
    over = quickMarkets(goals.lambda, goals.mu, rho)[3];
  }
  return { home: p.home, draw: p.draw, away: p.away, over };
}

export interface Features {
  /** The fixture's own de-vigged odds: read by the stacking step only, never by the components. */
  market?: MarketView;
  dc: { lambda: number; mu: number; rho: number; p: P4 };
  /** Rating features: Elo difference / 400 incl. home advantage, pi expected GD, goal-rating log ratio. */
  rating: [number, number, number];
  /** P(over 2.5) from the goal ratings' expected goals. */
  goalRatingOver: number;
  /** The goal ratings' scoreline model: home, draw, away, over 2.5 (Dixon-Coles grid on their expected goals). */
  goalRating: P4;
  /** Learned-model features of 1X2 (the first two are its prior model's log-odds, the rest are standardised). */
  x1: number[];
  /** Learned-model features of O/U 2.5 (the first is its prior model's logit of over 2.5). */
  ou: number[];
}

export function ratingOf(parts: ModelParts, hyper: Hyper, team: string): TeamRating {
  return parts.ratings.teams[team] ?? newTeamRating(parts.ratings, hyper.ratings, parts.active.length ? parts.active : undefined, parts.prevActive.length > 0);
}

const NEUTRAL_POINTS = 1.3;
const MAX_REST_DAYS = 28;

/** Builds the pre-kickoff features of a fixture from the model parts (pure). */
export function buildFeatures(parts: ModelParts, hyper: Hyper, home: string, away: string, day: number, market: MarketView | undefined): Features {
  const homeRating = ratingOf(parts, hyper, home);
  const awayRating = ratingOf(parts, hyper, away);
  const ratingGoals = goalExpectations(parts.ratings, homeRating, awayRating);
  const dcGoals = parts.dc ? dcExpectations(parts.dc, home, away, false, dcHomeOffset(parts.ratings, hyper.ratings)) : ratingGoals;
  const rho = parts.dc ? parts.dc.rho : hyper.dc.impliedRho;
  const dcP = quickMarkets(dcGoals.lambda, dcGoals.mu, rho);
  const goalRating = quickMarkets(ratingGoals.lambda, ratingGoals.mu, rho);
  const ratingOver = goalRating[3];
  const rating: [number, number, number] = [
    (homeRating.elo + hyper.ratings.elo.home - awayRating.elo) / 400,
    piExpectedGd(homeRating, awayRating, hyper.ratings),
    Math.log(ratingGoals.lambda / ratingGoals.mu),
  ];
  const homeForm = parts.form[home];
  const awayForm = parts.form[away];
  const avgPoints = (f: TeamForm | undefined) =>
    f && f.recentPoints.length ? f.recentPoints.reduce((s, x) => s + x, 0) / f.recentPoints.length : NEUTRAL_POINTS;
  const restWeeks = (f: TeamForm | undefined) => (f && f.lastDay !== null ? Math.min(day - f.lastDay, MAX_REST_DAYS) : MAX_REST_DAYS) / 7;
  const shotsKnown = (f: TeamForm | undefined): f is TeamForm & { shotsOnTargetFor: number; shotsOnTargetAgainst: number } =>
    f?.shotsOnTargetFor != null && f.shotsOnTargetAgainst != null;
  const hasShots = shotsKnown(homeForm) && shotsKnown(awayForm);
  const shotDiff = hasShots ? homeForm.shotsOnTargetFor - homeForm.shotsOnTargetAgainst - (awayForm.shotsOnTargetFor - awayForm.shotsOnTargetAgainst) : 0;
  const shotTotal = hasShots ? (homeForm.shotsOnTargetFor + homeForm.shotsOnTargetAgainst + awayForm.shotsOnTargetFor + awayForm.shotsOnTargetAgainst) / 2 : 0;
  const goalTotal = ((homeForm?.goalsFor ?? 1.3) + (homeForm?.goalsAgainst ?? 1.3) + (awayForm?.goalsFor ?? 1.3) + (awayForm?.goalsAgainst ?? 1.3)) / 2;
  // The learned model's prior: Dixon-Coles, or the goal ratings' scoreline model (the dynamic Poisson filter).
  const anchor = hyper.ai.anchor === 'goal' ? goalRating : dcP;
  const f: Features = {
    dc: { lambda: dcGoals.lambda, mu: dcGoals.mu, rho, p: dcP },
    rating,
    goalRatingOver: ratingOver,
    goalRating,
    x1: [
      Math.log(anchor[0] / anchor[2]),
      Math.log(anchor[1] / anchor[2]),
      ...rating,
      avgPoints(homeForm) - avgPoints(awayForm),
      restWeeks(homeForm),
      restWeeks(awayForm),
      shotDiff,
      hasShots ? 1 : 0,
    ],
    ou: [logit(anchor[3]), logit(hyper.ai.anchor === 'goal' ? dcP[3] : ratingOver), goalTotal, shotTotal, hasShots ? 1 : 0],
  };
  if (market) f.market = market;
  return f;
}
