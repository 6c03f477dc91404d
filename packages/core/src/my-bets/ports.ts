import type { ClosingOdds } from '../predictions/odds.ts';
import type { FixtureRef } from '../predictions/prediction.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import type { StoredTrackedBet, TrackedOutcome } from './bet.ts';

/** What can be changed on a stored bet: the subscriber's patch, and the outcome recomputed with it. */
export type TrackedBetChange = Partial<Pick<StoredTrackedBet, 'price' | 'bookmaker' | 'stake' | 'placedAt'>> & { outcome?: TrackedOutcome };

/**
 * Subscribers' tracked bets, each in its owner's collection (docs/decisions/0300-my-bets.md). Every
 * read or write by id names the owner: another user's id is simply not there.
 */
export interface TrackedBetRepository {
  /** The user's bets, oldest created first. */
  listByUser(userId: string): Promise<StoredTrackedBet[]>;
  count(userId: string): Promise<number>;
  get(userId: string, id: string): Promise<StoredTrackedBet | undefined>;
  /** Adds bets (an open one also to the open-bets index of its fixture). */
  add(bets: readonly StoredTrackedBet[]): Promise<void>;
  /** Changes the user's bet; false when there is no such bet. */
  update(userId: string, id: string, change: TrackedBetChange): Promise<boolean>;
  /** False when there is no such bet. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Every user's open bets on a fixture (what the results job settles). */
  listOpenForFixture(fixtureId: string): Promise<StoredTrackedBet[]>;
  /** Settles an open bet; false when it was settled (or removed) meanwhile. */
  settle(bet: Pick<StoredTrackedBet, 'userId' | 'id'>, outcome: TrackedOutcome): Promise<boolean>;
}

/** The match a bet is on: one the product covers (its prediction), with its result once settled. */
type BetMatch = FixtureRef & { status?: 'scheduled' | 'settled' | 'void'; result?: { home: number; away: number } };

export interface BetMatches {
  get(fixtureId: string): Promise<BetMatch | undefined>;
  /**
   * A flag-only record of a league without history, looked up when the match is no forecast: its flags are taken and
   * settled as any (docs/decisions/0297-results-for-flag-only-leagues.md).
   */
  getValueOnly?(fixtureId: string): Promise<BetMatch | undefined>;
}

/** Where a flag's own price and the closing price of a settled match are read: the ledger. */
export type BetLedger = Pick<LedgerRepository, 'get'>;

/**
 * The closing odds kept for a fixture (the closing-odds task's snapshot before kickoff): the closing
 * price of a bet on a settled match whose selection the ledger never priced (an Over 2.5, an away win).
 */
export interface BetClosingSnapshots {
  closingSnapshot(fixtureId: string): Promise<ClosingOdds | undefined>;
}
