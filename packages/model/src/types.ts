/** Public data shapes of the forecasting engine (plain JSON, no classes). */

/** Decimal odds known before kickoff (never closing prices). */
export interface MatchOdds {
  home?: number;
  draw?: number;
  away?: number;
  over25?: number;
  under25?: number;
}

/** A played match. */
export interface MatchRecord {
  /** ISO 'YYYY-MM-DD' or a full ISO datetime (UTC). */
  date: string;
  league: string;
  season?: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  homeShots?: number;
  awayShots?: number;
  homeShotsOnTarget?: number;
  awayShotsOnTarget?: number;
  /** Pre-kickoff market odds of that match when known (average or best market). */
  odds?: MatchOdds;
}

export interface FixtureInput {
  kickoff: string;
  league: string;
  home: string;
  away: string;
  odds?: MatchOdds;
}

/** Probabilities 0..1 summing to 1. */
export interface ThreeWay {
  home: number;
  draw: number;
  away: number;
}

export type ComponentOutput = ThreeWay & { over25: number };

export interface Forecast {
  /** The published ensemble (after calibration). */
  probabilities: ThreeWay;
  overUnder25: { over: number; under: number };
  components: { statistical: ComponentOutput; ai: ComponentOutput; rating: ComponentOutput };
  markets: {
    expectedGoals: { home: number; away: number };
    btts: { yes: number; no: number };
    doubleChance: { homeOrDraw: number; awayOrDraw: number; homeOrAway: number };
    /** The 5 most likely correct scores. */
    topScores: { home: number; away: number; probability: number }[];
  };
  modelVersion: string;
  /** Whether the fixture's own pre-kickoff odds were used (false: results/ratings only). */
  usedOdds?: boolean;
}
