/**
 * Ports of the football data the pipeline reads: fixtures and results, and bookmaker odds.
 * Adapters: football-data.org v4, a football-data.co.uk CSV folder replayed around today, a
 * demo simulator (the default), and The Odds API v4 (docs/providers.md).
 */
import type { MatchRecord } from '@app/model/types';
import type { MarketBookmakers, MarketOdds } from '../predictions/prediction.ts';

/** One of our leagues. `id` is ours everywhere (football-data.co.uk's code for real leagues: E0, SP1...). */
export interface League {
  id: string;
  name: string;
  country: string;
}

/** Where a match stands. `unknown` is a provider status we do not recognise (kept, never settled). */
export type FixtureStatus = 'scheduled' | 'live' | 'finished' | 'postponed' | 'cancelled' | 'unknown';

/** A fixture as a provider reports it, with canonical team names (aliases resolved). */
export interface ProviderFixture {
  /** Stable id, unique across providers (prefixed by the provider, e.g. `fdo-538050`, `csv-E0-20220805-crystal-palace-arsenal`, `demo-...`). */
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
  stats?: { homeShots?: number; awayShots?: number; homeShotsOnTarget?: number; awayShotsOnTarget?: number };
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
   * seed the history table.
   */
  history(leagueId: string, before: Date): Promise<MatchRecord[]>;
}

/** Prices of one fixture captured before kickoff. */
export interface FixtureOdds {
  /** Best price per market across bookmakers (value bets, staking). */
  best: MarketOdds;
  /** Who offers each best price, where the source names it. */
  bestBookmakers?: MarketBookmakers;
  /** Average price per market across bookmakers. */
  average: MarketOdds;
  /**
   * Pinnacle's own prices when the provider has them: the model's preferred market feature (on
   * the development seasons its pre-closing line was sharper than the average). See {@link modelOdds}.
   */
  sharp?: MarketOdds;
  /** When the prices were captured (ISO). */
  capturedAt: string;
}

/**
 * The prices the model reads: per market (1X2 as a whole, O/U 2.5 as a whole) the sharp
 * bookmaker's when complete, else the average, as the backtest does with football-data.co.uk's
 * PSH/Avg columns (@app/model preKickoffOdds).
 */
export function modelOdds(odds: FixtureOdds): MarketOdds {
  const { sharp, average } = odds;
  const x1 = sharp?.home && sharp.draw && sharp.away ? sharp : average;
  const ou = sharp?.over25 && sharp.under25 ? sharp : average;
  return {
    ...(x1.home && x1.draw && x1.away ? { home: x1.home, draw: x1.draw, away: x1.away } : {}),
    ...(ou.over25 && ou.under25 ? { over25: ou.over25, under25: ou.under25 } : {}),
  };
}

/**
 * A fixture's closing prices: the last line before kickoff, Pinnacle's where the source has it
 * (`sharp`), and the market average.
 */
export interface ClosingOdds {
  sharp?: MarketOdds;
  average?: MarketOdds;
  capturedAt: string;
}

export interface OddsProvider {
  readonly name: string;
  /**
   * Pre-kickoff odds for the given fixtures of one league, keyed by our fixture id. Fixtures the
   * provider cannot match (names, kickoff) or has no prices for are simply absent.
   */
  odds(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>>;
  /**
   * Closing prices of fixtures that have kicked off, for a provider that keeps them (research
   * files, the demo world). A live odds API cannot price a match after kickoff: without this
   * method the closing price is the last snapshot taken before kickoff (the closing-odds task).
   */
  closingOdds?(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, ClosingOdds>>;
}

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
