/**
 * Ports of the football data the pipeline reads: fixtures and results, and bookmaker odds.
 * Adapters: API-Football v3 (deployed stages), a football-data.co.uk CSV folder replayed around
 * today (research only), a demo simulator (the default locally), and The Odds API v4
 * (docs/providers.md, docs/decisions/0120-production-data-providers.md).
 */
import type { ListedBookmaker } from '@app/model/bookmakers';
import type { MatchRecord } from '@app/model/types';
import type { BookQuote, ClosingOdds, FixtureOdds } from '../predictions/odds.ts';
import type { MarketOdds } from '../predictions/prediction.ts';

/** The odds a provider reports are stated in predictions/odds.ts; its adapters name them through this port. */
export type { BookQuote, ClosingOdds, FixtureOdds };

/** One of our leagues. `id` is ours everywhere (football-data.co.uk's code for real leagues: E0, SP1...). */
export interface League {
  id: string;
  name: string;
  country: string;
}

/**
 * Where a match stands. `unknown` is a provider status we do not recognise (kept, never settled);
 * `postponed` stays pending until the match is played or called off, `cancelled` is void
 * (docs/decisions/0121-postponed-matches-stay-pending.md).
 */
export type FixtureStatus = 'scheduled' | 'live' | 'finished' | 'postponed' | 'cancelled' | 'unknown';

/** Shots and shots on target of a finished match. A count the provider does not have is absent, never 0. */
export interface MatchStats {
  homeShots?: number;
  awayShots?: number;
  homeShotsOnTarget?: number;
  awayShotsOnTarget?: number;
}

/** A fixture as a provider reports it, with canonical team names (aliases resolved). */
export interface ProviderFixture {
  /** Stable id, unique across providers (prefixed by the provider, e.g. `af-1379001`, `csv-E0-20220805-crystal-palace-arsenal`, `demo-...`). */
  id: string;
  leagueId: string;
  /** Season label as in football-data.co.uk file names, e.g. '2022-23'. */
  season: string;
  /** ISO-8601 UTC kickoff. */
  kickoff: string;
  homeTeam: string;
  awayTeam: string;
  status: FixtureStatus;
  /** The 90-minute score, present once `status` is 'finished'. */
  score?: { home: number; away: number };
  /** Shots and shots on target, when the provider has them (finished matches). */
  stats?: MatchStats;
}

/**
 * How a league's history import resumes: a first run that stopped part way (a provider's daily
 * quota spent) kept what it had read, and the next run continues from there instead of paying
 * for it again.
 */
export interface HistoryProgress {
  /** Matches an earlier, interrupted import already stored: the provider need not read them again, and returns them as they are. */
  known: readonly MatchRecord[];
  /** Stores a batch as soon as it is read, so an interruption loses none of it. */
  save(records: MatchRecord[]): Promise<void>;
}

export interface FixtureProvider {
  readonly name: string;
  /** The leagues this provider serves (the pipeline's fan-out list). */
  leagues(): Promise<League[]>;
  /** The league's fixtures with kickoff in [from, to], whatever their status. */
  fixtures(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]>;
  /**
   * Played matches before `before` for training: at least the three previous seasons when the
   * provider has them (with pre-kickoff odds when it has those too). Used once per league, to
   * seed the history table; `progress` lets a provider with a request quota resume an import.
   */
  history(leagueId: string, before: Date, progress?: HistoryProgress): Promise<MatchRecord[]>;
  /**
   * Shots and shots on target of finished fixtures, keyed by fixture id, for a provider whose
   * results do not carry them (API-Football reads them with a call of their own). A fixture the
   * provider has no statistics for is absent. Providers whose `fixtures()` carry `stats` leave
   * this out.
   */
  statistics?(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, MatchStats>>;
}

/**
 * The prices the model reads: per market (1X2 as a whole, O/U 2.5 as a whole) the sharp
 * bookmaker's when complete, else the average, as the backtest does with football-data.co.uk's
 * PSH/Avg columns (@app/model preKickoffOdds); of a closing line too (the market memory reads it).
 */
export function modelOdds(odds: FixtureOdds | ClosingOdds): MarketOdds {
  const { sharp, average = {} } = odds;
  const x1 = sharp?.home && sharp.draw && sharp.away ? sharp : average;
  const ou = sharp?.over25 && sharp.under25 ? sharp : average;
  return {
    ...(x1.home && x1.draw && x1.away ? { home: x1.home, draw: x1.draw, away: x1.away } : {}),
    ...(ou.over25 && ou.under25 ? { over25: ou.over25, under25: ou.under25 } : {}),
  };
}

/** The markets an odds call can price: 1X2 and Over/Under 2.5. */
export type OddsMarket = 'h2h' | 'totals';

export interface OddsProvider {
  readonly name: string;
  /**
   * The books a value bet may be taken at, for a source with its own fictional books (the demo);
   * every real source uses the declared list (`DEFAULT_BOOKMAKERS` in @app/model/bookmakers).
   */
  readonly bookmakers?: readonly ListedBookmaker[];
  /**
   * Pre-kickoff odds for the given fixtures of one league, keyed by our fixture id. Fixtures the
   * provider cannot match (names, kickoff) or has no prices for are simply absent. `scan`: the odds
   * scan's cheaper call, the named bookmakers only (the declared list and the sharp reference), and
   * only `markets` when named (1X2 `h2h`, Over/Under `totals`; both when absent).
   */
  odds(
    leagueId: string,
    fixtures: ProviderFixture[],
    scan?: { bookmakers: readonly string[]; markets?: readonly OddsMarket[] },
  ): Promise<Map<string, FixtureOdds>>;
  /**
   * The league's fixtures as the odds source lists them (kickoff within [from, to]), for a league without a fixture
   * provider: the odds scan's flags in leagues without history
   * (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md). A source that lists none leaves it out.
   */
  events?(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]>;
  /**
   * Closing prices of fixtures that have kicked off, for a provider that keeps them (research
   * files, the demo world). A live odds API cannot price a match after kickoff: without this
   * method the closing price is the last snapshot taken before kickoff (the closing-odds task).
   */
  closingOdds?(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, ClosingOdds>>;
}

/**
 * The results of the fixtures an odds source lists itself (`OddsProvider.events`): the flag-only leagues', which no
 * fixture provider serves (docs/decisions/0297-results-for-flag-only-leagues.md). The Odds API's `/scores` on a
 * deployed stage, the demo world locally.
 */
export interface FeedResultsProvider {
  readonly name: string;
  /**
   * The league's fixtures that kicked off within the last `days` days (1 to 3) and before now, as `events` names them
   * (the same ids): `finished` with the 90-minute score once the source reports them completed, `live` until then. A
   * league the source has no key for gives none, without a call. A source down or refusing throws
   * `ProviderUnavailableError` or `ProviderRejectedError`.
   */
  results(leagueId: string, days: number): Promise<ProviderFixture[]>;
}

/** The most days back a results call of the odds feed reaches (The Odds API's `daysFrom`: 1 to 3). */
export const FEED_RESULTS_MAX_DAYS = 3;

/** A provider call that failed in a way worth retrying later (5xx, timeout, rate limit). */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderUnavailableError';
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
  readonly retryAfterSeconds?: number;
}

/** A provider call that will not succeed by retrying (bad key, competition not in plan, quota spent). */
export class ProviderRejectedError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderRejectedError';
  }
}

/**
 * Whether a provider call failed the way a run can live with (down or refusing): the caller falls
 * back or waits for a later run. Anything else is a bug and is rethrown.
 */
export function isProviderOutage(error: unknown): error is ProviderUnavailableError | ProviderRejectedError {
  return error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError;
}
