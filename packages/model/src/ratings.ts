/**
 * Dynamic team ratings, updated match by match in date order:
 * - Elo with a goal-difference multiplier and an optional shot-based target;
 * - pi-ratings (Constantinou & Fenton 2013): separate home/away ratings in goal-difference units;
 * - goal ratings: online attack/defence (log scale) for goal expectations (used for Over/Under).
 * Each update may blend the actual result with what the match's shots on target say (an expected-goals proxy):
 * shots are a less noisy measure of how the teams played than goals. Both are known only after the match.
 */

/**
 * The goal ratings as a dynamic Poisson model (an extended Kalman filter on the log scale): each club's attack and
 * defence carry a variance that grows with the days since its last match (`perDay`, capped at `max`) and by
 * `season` at a new season, and each match moves a strength by its variance after the update times the residual,
 * so the strengths of new, promoted or long-idle clubs learn fast and settled ones slowly.
 */
export interface GoalFilter {
  perDay: number;
  season: number;
  max: number;
  /** Variance of a club in a league's first season on record, and of a club promoted into an established one. */
  initial: number;
  promoted: number;
}

/**
 * The league's home advantage as a state of the filter (log scale, split half on the home side's expected goals,
 * half against the away side's): its variance grows by `perDay` a day and each match moves it by its variance after
 * the update times the residual, so a change such as matches without crowds is followed within weeks.
 */
export interface HomeFilter {
  perDay: number;
  /** Variance at the league's first match on record. */
  initial: number;
  /** Variance added at each new season (a season is where a change such as matches without crowds starts); default 0. */
  season?: number;
  /** Dixon-Coles follows the state too (a per-match offset), not only the goal ratings; default true. */
  dixonColes?: boolean;
}

export interface RatingParams {
  elo: { k: number; home: number; xgBlend: number };
  pi: { lambda: number; gamma: number; c: number; xgBlend: number };
  /** Goal ratings: a fixed learning rate `lr` on standardised residuals, or the dynamic Poisson `filter`. */
  goal: { lr: number; xgBlend: number; leagueLr: number; filter: GoalFilter | null; home?: HomeFilter | null };
  /** Share of the distance to the league mean removed at a new season. */
  seasonRegression: number;
  /** Share removed per additional season when seasons are missing (a gap in the data, e.g. 2013-14..2019-20). */
  gapRegression: number;
  /** Rating given to a newcomer relative to the league mean (Elo points; pi in goal-difference units; goal-rating logs). */
  newcomer: { elo: number; pi: number; attack: number; defence: number };
}

export interface TeamRating {
  elo: number;
  piHome: number;
  piAway: number;
  attack: number;
  defence: number;
  /** Dynamic Poisson goal ratings: the variances of attack and defence, and the day they were last updated. */
  attackVar?: number;
  defenceVar?: number;
  day?: number;
}

export interface LeagueRatings {
  teams: Record<string, TeamRating>;
  /** League-level goal rates (EWMA of home and away goals, used by the goal ratings). */
  homeRate: number;
  awayRate: number;
  /** The filter's home-advantage state (HomeFilter): its mean, variance and the day it was last updated. */
  homeAdv?: { mean: number; variance: number; day: number };
}

/** The home-advantage state's current offset (0 without the state). */
export const homeOffset = (lr: LeagueRatings): number => lr.homeAdv?.mean ?? 0;

/** The offset Dixon-Coles reads: the state's, unless the filter keeps it to the goal ratings. */
export const dcHomeOffset = (lr: LeagueRatings, p: RatingParams): number => (p.goal.home?.dixonColes === false ? 0 : homeOffset(lr));

export function emptyLeagueRatings(): LeagueRatings {
  return { teams: {}, homeRate: 1.5, awayRate: 1.15 };
}

function meanOf(lr: LeagueRatings, f: (t: TeamRating) => number, only?: readonly string[]): number {
  const names = only ?? Object.keys(lr.teams);
  if (names.length === 0) return 0;
  let s = 0,
    n = 0;
  for (const k of names) {
    const t = lr.teams[k];
    if (t) {
      s += f(t);
      n++;
    }
  }
  return n ? s / n : 0;
}

/**
 * Creates a club new to the ratings. Its Elo is relative to the current mean of the given active teams: below it by
 * the newcomer offset when the club joins an established league (`promoted`), at it in a league's first season on
 * record, where the offset would only rank the clubs by the order in which they first appear. The pi and goal
 * ratings start at the newcomer values (absolute, so equal for every club of a new league).
 */
export function newTeamRating(lr: LeagueRatings, p: RatingParams, active: readonly string[] | undefined, promoted: boolean): TeamRating {
  const f = p.goal.filter;
  const variance = f ? (promoted ? f.promoted : f.initial) : undefined;
  return {
    elo: (Object.keys(lr.teams).length ? meanOf(lr, (t) => t.elo, active) : 1500) + (promoted ? p.newcomer.elo : 0),
    piHome: p.newcomer.pi,
    piAway: p.newcomer.pi,
    attack: p.newcomer.attack,
    defence: p.newcomer.defence,
    ...(variance !== undefined ? { attackVar: variance, defenceVar: variance } : {}),
  };
}

/** Regresses ratings toward the league mean at a season change; `seasons` = seasons elapsed (gap included). */
export function regressToMean(lr: LeagueRatings, p: RatingParams, seasons: number, active?: readonly string[]): void {
  const keep = (1 - p.seasonRegression) * Math.pow(1 - p.gapRegression, Math.max(0, seasons - 1));
  const mElo = meanOf(lr, (t) => t.elo, active);
  const mAtt = meanOf(lr, (t) => t.attack, active);
  const mDef = meanOf(lr, (t) => t.defence, active);
  const mPiH = meanOf(lr, (t) => t.piHome, active);
  const mPiA = meanOf(lr, (t) => t.piAway, active);
  // Fold the mean attack/defence into the league rates (keeps the goal ratings centred).
  lr.homeRate *= Math.exp(mAtt - mDef);
  lr.awayRate *= Math.exp(mAtt - mDef);
  const hf = p.goal.home;
  if (hf?.season && lr.homeAdv) lr.homeAdv = { ...lr.homeAdv, variance: lr.homeAdv.variance + hf.season * seasons };
  for (const t of Object.values(lr.teams)) {
    t.elo = mElo + keep * (t.elo - mElo);
    t.attack = keep * (t.attack - mAtt);
    t.defence = keep * (t.defence - mDef);
    t.piHome = mPiH + keep * (t.piHome - mPiH);
    t.piAway = mPiA + keep * (t.piAway - mPiA);
    const f = p.goal.filter;
    if (f && t.attackVar !== undefined && t.defenceVar !== undefined) {
      t.attackVar = Math.min(f.max, t.attackVar + f.season * seasons);
      t.defenceVar = Math.min(f.max, t.defenceVar + f.season * seasons);
    }
  }
}

export function eloExpected(home: TeamRating, away: TeamRating, p: RatingParams): number {
  return 1 / (1 + Math.pow(10, -(home.elo + p.elo.home - away.elo) / 400));
}

/** pi-rating expected goal difference of a fixture. */
export function piExpectedGd(home: TeamRating, away: TeamRating, p: RatingParams): number {
  const c = p.pi.c;
  const f = (r: number) => Math.sign(r) * (Math.pow(10, Math.abs(r) / c) - 1);
  return f(home.piHome) - f(away.piAway);
}

/** Goal-rating expectations (home, away goals). */
export function goalExpectations(lr: LeagueRatings, home: TeamRating, away: TeamRating): { lambda: number; mu: number } {
  const h = homeOffset(lr) / 2;
  return {
    lambda: lr.homeRate * Math.exp(home.attack - away.defence + h),
    mu: lr.awayRate * Math.exp(away.attack - home.defence - h),
  };
}

/**
 * What a match's shots say it "should" have ended: expected goals of each side from an expected-goals proxy
 * (shots on target) and the home/draw/away probabilities of a scoreline model with those means.
 */
export interface ShotExpectation {
  home: number;
  draw: number;
  away: number;
  /** Expected goals of the home and away side. */
  lambda: number;
  mu: number;
}

/** A strength's variance grown by the days since the club's last match (the dynamic Poisson filter's predict step). */
function age(t: TeamRating, f: GoalFilter, day: number): void {
  const days = t.day === undefined ? 0 : Math.max(0, day - t.day);
  t.attackVar = Math.min(f.max, (t.attackVar ?? f.initial) + f.perDay * days);
  t.defenceVar = Math.min(f.max, (t.defenceVar ?? f.initial) + f.perDay * days);
  t.day = day;
}

/**
 * The home-advantage state's update: its Poisson information is a quarter of the match's expected goals (it enters
 * each side's log rate by a half), its residual half the home side's residual minus half the away side's.
 */
function updateHomeAdvantage(lr: LeagueRatings, hf: HomeFilter, ge: { lambda: number; mu: number }, yH: number, yA: number, day: number): void {
  const s = lr.homeAdv ?? { mean: 0, variance: hf.initial, day };
  const v = Math.min(1, s.variance + hf.perDay * Math.max(0, day - s.day));
  const post = 1 / (1 / v + (ge.lambda + ge.mu) / 4);
  lr.homeAdv = { mean: s.mean + (post * (yH - ge.lambda - (yA - ge.mu))) / 2, variance: post, day };
}

/** Updates all ratings of two teams after a match on `day` (mutates). */
export function updateRatings(
  lr: LeagueRatings,
  home: TeamRating,
  away: TeamRating,
  homeGoals: number,
  awayGoals: number,
  shots: ShotExpectation | undefined,
  p: RatingParams,
  day: number,
): void {
  // --- Elo
  const e = eloExpected(home, away, p);
  const gd = Math.abs(homeGoals - awayGoals);
  const mult = gd <= 1 ? 1 : gd === 2 ? 1.5 : (11 + gd) / 8;
  const sAct = homeGoals > awayGoals ? 1 : homeGoals === awayGoals ? 0.5 : 0;
  let delta = p.elo.k * mult * (sAct - e);
  if (shots) {
    const b = p.elo.xgBlend;
    const sShots = shots.home + 0.5 * shots.draw;
    delta = (1 - b) * delta + b * p.elo.k * (sShots - e);
  }
  home.elo += delta;
  away.elo -= delta;

  // --- pi-ratings
  const c = p.pi.c;
  const expGd = piExpectedGd(home, away, p);
  let obsGd = homeGoals - awayGoals;
  if (shots) obsGd = (1 - p.pi.xgBlend) * obsGd + p.pi.xgBlend * (shots.lambda - shots.mu);
  const err = obsGd - expGd;
  const psi = Math.sign(err) * c * Math.log10(1 + Math.abs(err));
  const dh = p.pi.lambda * psi;
  home.piHome += dh;
  home.piAway += p.pi.gamma * dh;
  away.piAway -= dh;
  away.piHome -= p.pi.gamma * dh;

  // --- goal ratings (online Poisson gradient on log scale)
  const ge = goalExpectations(lr, home, away);
  let yH = homeGoals,
    yA = awayGoals;
  if (shots) {
    const b = p.goal.xgBlend;
    yH = (1 - b) * yH + b * shots.lambda;
    yA = (1 - b) * yA + b * shots.mu;
  }
  const f = p.goal.filter;
  if (f) {
    // Update step: the Poisson information of a side's goals is its expectation; a strength moves by its
    // posterior variance times the residual.
    age(home, f, day);
    age(away, f, day);
    const post = (v: number, info: number) => 1 / (1 / v + info);
    home.attackVar = post(home.attackVar!, ge.lambda);
    away.defenceVar = post(away.defenceVar!, ge.lambda);
    away.attackVar = post(away.attackVar!, ge.mu);
    home.defenceVar = post(home.defenceVar!, ge.mu);
    home.attack += home.attackVar * (yH - ge.lambda);
    away.defence -= away.defenceVar * (yH - ge.lambda);
    away.attack += away.attackVar * (yA - ge.mu);
    home.defence -= home.defenceVar * (yA - ge.mu);
  } else {
    const rH = (yH - ge.lambda) / Math.sqrt(ge.lambda);
    const rA = (yA - ge.mu) / Math.sqrt(ge.mu);
    const lr0 = p.goal.lr;
    home.attack += lr0 * rH;
    away.defence -= lr0 * rH;
    away.attack += lr0 * rA;
    home.defence -= lr0 * rA;
  }
  if (p.goal.home) updateHomeAdvantage(lr, p.goal.home, ge, yH, yA, day);
  const ll = p.goal.leagueLr;
  const after = goalExpectations(lr, home, away);
  lr.homeRate = Math.max(0.3, lr.homeRate + ll * (yH - after.lambda));
  lr.awayRate = Math.max(0.3, lr.awayRate + ll * (yA - after.mu));
}
