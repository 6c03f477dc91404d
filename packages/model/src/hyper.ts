/**
 * Frozen hyper-parameters of the forecasting engine. They were chosen by walk-forward runs on seasons up to
 * 2018-19 only (bench/tune.ts; see docs/model.md) and must not be tuned on later seasons.
 */
import type { RatingParams } from './ratings.ts';

export interface Hyper {
  dc: {
    /** Exponential time decay per day of the match weights. */
    xi: number;
    /** Only matches within this many days before the fit date are used. */
    windowDays: number;
    /** Ridge on attack/defence around their prior means (effective matches). */
    ridge: number;
    /** Goal targets = (1 - xgBlend) x actual goals + xgBlend x the shots-on-target xG proxy (when the match has shot data). */
    xgBlend: number;
    /** Prior mean of attack/defence for a club new to the league (promoted). */
    newTeam: { attack: number; defence: number };
    /**
     * Share of a club's goal ratings (ratings.ts, which remember every season on record) in its prior mean of
     * attack/defence; the rest is the newcomer prior or 0.
     */
    ratingPrior: number;
    /** Dixon-Coles rho used when inverting odds into implied goals, and for scorelines of the rating/xG expectations. */
    impliedRho: number;
  };
  ratings: RatingParams;
  ai: {
    /** Training rows: matches within this many days before the fit date. */
    windowDays: number;
    /** Half-life (days) of the training-row weights. */
    halfLifeDays: number;
    /** L2 penalty of the standardised features (around 0) and of the Dixon-Coles log-odds (around their prior coefficient 1). */
    l2: number;
    l2Prior: number;
    /** L2 penalty of the class intercepts (toward 0). */
    interceptL2: number;
    /** Its prior model (the log-odds it starts from): Dixon-Coles, or the goal ratings' scoreline model. */
    anchor: 'dc' | 'goal';
  };
  /** Rating component: ordered logit on the ratings (window, L2). */
  rating: { l2: number; windowDays: number };
  /**
   * The only place bookmaker prices enter (ensemble.ts): with odds, p ~ market^(1 - w) x models^w, w in
   * [0, maxWeight] by steps of `step`, learned on the league's past out-of-sample rows (window, half-life); w = 0
   * below minRows rows, and unless the best w gains at least minGain nats of log-likelihood over w = 0.
   */
  stacking: { windowDays: number; halfLifeDays: number; maxWeight: number; step: number; minRows: number; minGain: number };
  /** A-priori weights of the three independent components ("our models"): the linear pool's, and the prior of the learned pool's. */
  weights: { statistical: number; ai: number; rating: number };
  /**
   * Learned pool (ensemble.ts): with `learn` and at least minRows past rows in the window, our models are the
   * log-linear pool of the components with weights fitted on them (recency half-life, L2 toward `weights`).
   */
  pool: {
    learn: boolean;
    windowDays: number;
    halfLifeDays: number;
    minRows: number;
    l2: number;
    /** The learned 1X2 pool's weights times this (below 1 flattens it); its P(over 2.5) shrunk toward the league's over share by this. */
    x1Temper: number;
    ouShrink: number;
  };
  /**
   * Expected-goals proxy from shots on target and shots (features.ts expectedGoalsProxy): the league's conversion
   * totals decay with a half-life of `halfLifeDays` (0: cumulative since the first match on record). With `real`, a
   * match's own expected goals (MatchRecord homeExpectedGoals/awayExpectedGoals), when present, replace the proxy.
   */
  xg: { priorShotsOnTarget: number; priorGoalsPerShotOnTarget: number; shotsWeight: number; halfLifeDays: number; real?: boolean };
  /** EWMA factor of team form trackers (goals, shots). */
  formAlpha: number;
  /** Refit cadence (days) of the walk-forward engine. */
  refitDays: number;
  /** Refit cadence used while replaying history inside fitLeagueModel (coarser, for speed). */
  replayRefitDays: number;
  /** How far back (days before the fit date) fitLeagueModel replays with refits to build training rows. */
  replayDays: number;
  /**
   * Matches older than this many days before the fit date (fitLeagueModel) or before the first evaluated match
   * (backtest) are ignored: ratings start from scratch there.
   */
  historyDays: number;
}

export const DEFAULT_HYPER: Hyper = {
  dc: {
    xi: 0.003,
    windowDays: 3 * 365,
    ridge: 6,
    xgBlend: 0.4,
    newTeam: { attack: -0.15, defence: -0.15 },
    ratingPrior: 1,
    impliedRho: -0.05,
  },
  ratings: {
    elo: { k: 12, home: 60, xgBlend: 0.5 },
    pi: { lambda: 0.035, gamma: 0.5, c: 3, xgBlend: 0.5 },
    goal: { lr: 0.07, xgBlend: 0.7, leagueLr: 0.002, filter: { perDay: 0.0003, season: 0.04, max: 0.1, initial: 0.05, promoted: 0.08 }, home: null },
    seasonRegression: 0.1,
    gapRegression: 0,
    newcomer: { elo: -80, pi: -0.3, attack: -0.15, defence: -0.15 },
  },
  ai: { windowDays: 2 * 365, halfLifeDays: 365, l2: 200, l2Prior: 1000, interceptL2: 1000, anchor: 'goal' },
  rating: { l2: 1, windowDays: 3 * 365 },
  stacking: { windowDays: 2 * 365, halfLifeDays: 365, maxWeight: 0.5, step: 0.02, minRows: 300, minGain: 4 },
  weights: { statistical: 0.4, ai: 0.3, rating: 0.3 },
  pool: { learn: true, windowDays: 2 * 365, halfLifeDays: 365, minRows: 150, l2: 1000, x1Temper: 1.1, ouShrink: 0.92 },
  xg: { priorShotsOnTarget: 100, priorGoalsPerShotOnTarget: 0.3, shotsWeight: 0.7, halfLifeDays: 90 },
  formAlpha: 0.15,
  refitDays: 7,
  replayRefitDays: 28,
  replayDays: 2 * 365,
  historyDays: 20 * 365,
};
