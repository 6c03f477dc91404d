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
  /**
   * Expected goals of each side from a shot-quality model (e.g. FiveThirtyEight's xG), when a source has them; read
   * in place of the shots' proxy only when `hyper.xg.real` is set (docs/model.md, the real-xG experiment).
   */
  homeExpectedGoals?: number;
  awayExpectedGoals?: number;
  /** Pre-kickoff market odds of that match when known (average or best market). */
  odds?: MatchOdds;
  /** Its closing prices when stored (the sharp book's, else the average): read by the market memory only. */
  closingOdds?: MatchOdds;
}

export interface FixtureInput {
  kickoff: string;
  league: string;
  home: string;
  away: string;
  odds?: MatchOdds;
  /**
   * The market memory's forecast of the fixture (market-memory.ts), used when it has no odds of its own: the published
   * forecast is then the memory pooled with our models.
   */
  memory?: ComponentOutput;
}

export type ForecastSource = 'market' | 'memory' | 'models';

/** Probabilities 0..1 summing to 1. */
export interface ThreeWay {
  home: number;
  draw: number;
  away: number;
}

export type ComponentOutput = ThreeWay & { over25: number };

export interface Forecast {
  /** The published forecast: our models stacked with the market when the fixture has odds, else the market memory pooled with our models when given, else our models. */
  probabilities: ThreeWay;
  overUnder25: { over: number; under: number };
  /** The three independent components (results and shots only, never a bookmaker price). */
  components: { statistical: ComponentOutput; ai: ComponentOutput; rating: ComponentOutput };
  /** Our models: the pool of the components, without any bookmaker price. */
  models: ComponentOutput;
  /** The market's fair probabilities (de-vigged fixture odds), when the fixture has odds. */
  market?: ComponentOutput;
  /** The market memory's forecast, when it was published (pooled with our models) for want of odds. */
  memory?: ComponentOutput;
  /**
   * What the published forecast comes from: the fixture's own odds (stacked with our models by the learned weight),
   * the market memory pooled with our models (no odds of its own), or our models alone.
   */
  source: ForecastSource;
  markets: {
    expectedGoals: { home: number; away: number };
    btts: { yes: number; no: number };
    doubleChance: { homeOrDraw: number; awayOrDraw: number; homeOrAway: number };
    /** The 5 most likely correct scores. */
    topScores: { home: number; away: number; probability: number }[];
    /** P(total goals > 1.5) and P(total goals > 3.5); 2.5 is `overUnder25`. */
    totals: { over15: number; over35: number };
    /** scores[h][a] = P(home h, away a) for 0..5 goals each (the corner of the full grid). */
    scores: number[][];
    /** Draw no bet: each side's probability among the decided matches. */
    drawNoBet: { home: number; away: number };
    /** Home handicap lines −2.5..+2.5 in quarter steps, with both sides' fair odds (markets.ts). */
    asianHandicap: Array<{ line: number; homeFairOdds: number; awayFairOdds: number }>;
  };
  modelVersion: string;
  /** Whether the fixture's own pre-kickoff odds were used (false: our models alone are published). */
  usedOdds?: boolean;
  /**
   * Our models' weight in the published forecast, per market, 0..1: 1 without the fixture's odds (our
   * models are published); with odds the learned stacking weight, 0 when the published forecast is
   * the market's fair price.
   */
  modelWeight: { x1: number; ou: number };
}
