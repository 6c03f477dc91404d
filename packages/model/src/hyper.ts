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
    /** Goal targets = (1 - targetBlend) x actual goals + targetBlend x market-implied goals (when the match had odds). */
    targetBlend: number;
    /** Fixture anchor: log expectation = (1 - anchor) x DC + anchor x the fixture's own market-implied (when it has odds). */
    anchor: number;
    /** Prior mean of attack/defence for a club new to the league (promoted). */
    newTeam: { attack: number; defence: number };
    /** Dixon-Coles rho used when inverting odds into implied goals. */
    impliedRho: number;
  };
  ratings: RatingParams;
  ai: {
    /** Training rows: matches within this many days before the fit date. */
    windowDays: number;
    /** Half-life (days) of the training-row weights. */
    halfLifeDays: number;
    /** L2 penalty of standardised non-market features (model with the fixture's odds / without), and of the prior coefficients around 1. */
    l2: number;
    l2NoOdds: number;
    l2Market: number;
    /** L2 penalty of the class intercepts (toward 0). */
    interceptL2: number;
  };
  /**
   * Rating component: ordered logit on the ratings (window, L2) and the pre-match update with the fixture's own
   * market odds: log-linear pool p ~ p_rating^(1 - anchor) x p_market^anchor (1X2 and O/U), when odds exist.
   */
  rating: { l2: number; windowDays: number; anchor: number };
  calibration: { enabled: boolean; windowDays: number; l2: number };
  weights: { statistical: number; ai: number; rating: number };
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
   * (backtest) are ignored: ratings start from scratch there and warm up on the market-informed updates.
   */
  historyDays: number;
}

export const DEFAULT_HYPER: Hyper = {
  dc: {
    xi: 0.008,
    windowDays: 2 * 365,
    ridge: 2,
    targetBlend: 0.8,
    anchor: 0.9,
    newTeam: { attack: -0.15, defence: -0.15 },
    impliedRho: -0.05,
  },
  ratings: {
    elo: { k: 20, home: 60, marketBlend: 0.8 },
    pi: { lambda: 0.15, gamma: 0.5, c: 3, marketBlend: 0.8 },
    goal: { lr: 0.08, marketBlend: 0.8, leagueLr: 0.002 },
    seasonRegression: 0.1,
    gapRegression: 0.5,
    newcomer: { elo: -80, pi: -0.3, attack: -0.15, defence: -0.15 },
  },
  ai: { windowDays: 2 * 365, halfLifeDays: 365, l2: 1000, l2NoOdds: 200, l2Market: 1000, interceptL2: 1000 },
  rating: { l2: 1, windowDays: 3 * 365, anchor: 0.9 },
  calibration: { enabled: false, windowDays: 2 * 365, l2: 1000 },
  weights: { statistical: 0.4, ai: 0.3, rating: 0.3 },
  formAlpha: 0.15,
  refitDays: 7,
  replayRefitDays: 28,
  replayDays: 2 * 365,
  historyDays: 3 * 365,
};
