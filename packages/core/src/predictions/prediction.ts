/** Probabilities of home win, draw and away win; fractions summing to 1. */
export interface ThreeWay {
  home: number;
  draw: number;
  away: number;
}

/**
 * How a prediction came to be (docs/decisions/0090-published-and-backfilled-predictions.md):
 * `published` = made and stored before kickoff by a normal run; `backfilled` = reconstructed
 * after the fact, on a league's first run, from the data available before the match.
 */
export type Origin = 'published' | 'backfilled';

/**
 * What a published forecast comes from (docs/decisions/0291-forecasts-from-market-memory-in-the-product.md): the
 * fixture's own odds, the market memory of earlier matches' prices pooled with our models, or our models alone.
 */
export type ForecastSource = 'market' | 'memory' | 'models';

/** A record written before origins were kept counts as backfilled: the record is never overstated. */
export function originOf(record: { origin?: Origin }): Origin {
  return record.origin ?? 'backfilled';
}

/** A bet's selection: one outcome of 1X2, or one side of Over/Under 2.5 goals. */
export type Selection = 'home' | 'draw' | 'away' | 'over25' | 'under25';

/**
 * A live value flag: a declared bookmaker's price above the sharp fair price at the scan that saw
 * it (docs/decisions/0192-prices-found-when-they-appear.md). The optional fields are absent on
 * predictions stored before the odds scan.
 */
export interface ValueBet {
  market: Selection;
  /** The best price of the declared bookmakers (an exchange's net of commission). */
  odds: number;
  /** fair probability x odds - 1, as a fraction. */
  edge: number;
  /** Who offers it. */
  bookmaker?: string;
  /** The sharp fair probability at the scan. */
  fairProbability?: number;
  /** When the bookmaker last updated the quote (the source's `last_update`). */
  quotedAt?: string;
  /** How many declared bookmakers offered at least `odds`. */
  booksAtPrice?: number;
  /** When this flag appeared (first scan of this appearance). */
  flaggedAt?: string;
  /** The last scan that saw it. */
  seenAt?: string;
}

/** One declared bookmaker's prices at a capture. */
export interface BookOdds {
  bookmaker: string;
  odds: MarketOdds;
}

/** A change of a flag, kept on the prediction for the match page's history. */
export interface ValueFlagEvent {
  at: string;
  selection: Selection;
  event: 'flagged' | 'moved' | 'withdrawn';
  /** The price, bookmaker and fair probability from then on (absent on a withdrawal). */
  odds?: number;
  bookmaker?: string;
  fairProbability?: number;
  edge?: number;
}

/** A selection's probability in a view of the match (under 2.5 is the complement of over 2.5). */
export function selectionProbability(view: ThreeWay & { over25: number }, selection: Selection): number {
  return selection === 'under25' ? 1 - view.over25 : view[selection];
}

/** Decimal odds per selection. */
export type MarketOdds = Partial<Record<Selection, number>>;

/** The bookmaker of each best price, where the data names it. */
export type MarketBookmakers = Partial<Record<Selection, string>>;

/**
 * The current prediction of one fixture, as stored. It denormalises what a card, the tracking
 * page and the metrics need, so no read path joins. Probabilities are fractions here; the API
 * shows percentages.
 */
/** The match a stored prediction or a pick is about. */
export interface FixtureRef {
  fixtureId: string;
  leagueId: string;
  leagueName: string;
  homeTeam: string;
  awayTeam: string;
  /** ISO-8601 UTC kickoff. */
  kickoff: string;
}

/** A stored prediction's id and fixture fields, from the fixture it is for (its id is the fixture's). */
export function fixtureRefOf(
  f: { id: string; leagueId: string; homeTeam: string; awayTeam: string; kickoff: string },
  leagueName: string,
): FixtureRef & { id: string } {
  return { id: f.id, fixtureId: f.id, leagueId: f.leagueId, leagueName, homeTeam: f.homeTeam, awayTeam: f.awayTeam, kickoff: f.kickoff };
}

export interface StoredPrediction extends FixtureRef {
  id: string;
  /**
   * A flag-only record (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md): a fixture of a league
   * without history, known from the odds feed, that the odds scan flagged. It carries no forecast: `probabilities`,
   * `overUnder25` and `market` hold the sharp book's fair price at the last scan that wrote it (what its flags were
   * measured against), never shown as a forecast; it publishes no pick. Absent on every forecast.
   */
  valueOnly?: true;
  probabilities: ThreeWay;
  overUnder25: { over: number; under: number };
  /** Each model's own output, kept for transparency. */
  components?: Record<string, ThreeWay & { over25: number }>;
  /** Our models' pool (no bookmaker price), and the market's fair probabilities when the fixture had odds. */
  models?: ThreeWay & { over25: number };
  market?: ThreeWay & { over25: number };
  insights?: {
    expectedGoals: { home: number; away: number };
    bothTeamsToScore: number;
    topScores: { home: number; away: number; probability: number }[];
    /** P(total > 1.5) and P(total > 3.5); absent on predictions stored before they were kept. */
    totals?: { over15: number; over35: number };
    /** scores[h][a] = P(home h, away a), 0..5 goals each; absent on older predictions. */
    scores?: number[][];
    /** Draw no bet and the Asian handicap lines' fair odds, from the same grid; absent on predictions stored before them. */
    drawNoBet?: { home: number; away: number };
    asianHandicap?: Array<{ line: number; homeFairOdds: number; awayFairOdds: number }>;
  };
  /** The value flags as of the last scan (`valueScannedAt`). */
  valueBets: ValueBet[];
  /** Every appearance, price move and withdrawal of a flag, oldest first (absent before the odds scan). */
  valueHistory?: ValueFlagEvent[];
  /** The last odds scan of this fixture: what "as of" on the card means. */
  valueScannedAt?: string;
  /** Best pre-kickoff prices of the declared bookmakers (staking) and who offered them. */
  bestOdds?: MarketOdds;
  bestBookmakers?: MarketBookmakers;
  /**
   * Every declared book's fresh prices (net of commission) and the sharp reference's fair prices (margin
   * removed) at `booksAt`, a capture that was written: the match page's price grid
   * (docs/decisions/0336-every-books-price-on-the-match-page.md); absent on predictions stored before.
   */
  books?: BookOdds[];
  sharpFair?: BookOdds;
  booksAt?: string;
  /** The pre-kickoff prices the model read (Pinnacle's when known, else the average). */
  modelOdds?: MarketOdds;
  /**
   * Our models' weight in the published forecast per market (0 = the market's fair price, 1 = our
   * models alone); absent on predictions stored before it was kept.
   */
  modelWeight?: { x1: number; ou: number };
  /**
   * What the published forecast comes from: the fixture's own odds ('market'), the market memory (past closing
   * prices) pooled with our models for want of odds ('memory'), or our models alone; absent on predictions stored
   * before it was kept.
   */
  forecastSource?: ForecastSource;
  /** The market memory's own forecast, when it was published. */
  memory?: ThreeWay & { over25: number };
  modelVersion: string;
  generatedAt: string;
  /** Absent on records written before origins were kept (they count as backfilled). */
  origin?: Origin;
  /** Set when the match is settled (the 90-minute score) or voided. */
  result?: { home: number; away: number };
  status?: 'scheduled' | 'settled' | 'void';
  actualResult?: string;
}
