/**
 * A subscriber's tracked bet and how it settles (docs/decisions/0300-my-bets.md): 1X2 and
 * Over/Under with the ledger's own rule, profit and closing price; Asian handicap lines settled
 * part by part as bookmakers settle them. Pure functions.
 */
import type { TrackedMarket, TrackedResult, TrackedSelection } from '@app/contracts/my-bets';
import { settlementLines } from '@app/model/markets';
import { closingPriceOf } from '../ledger/closing.ts';
import { clvOf, profitAt, type ClosingPrice } from '../ledger/entry.ts';
import { round } from '../numbers.ts';
import { isCorrect } from '../predictions/picks.ts';
import type { ClosingOdds } from '../predictions/odds.ts';
import type { FixtureRef } from '../predictions/prediction.ts';

export type Score = { home: number; away: number };

/** What a bet gains when its match is played or called off. */
export interface TrackedOutcome {
  result: TrackedResult;
  score?: Score;
  /** In the stake's money, at the price taken. */
  profit: number;
  settledAt: string;
  closing?: ClosingPrice;
}

export interface StoredTrackedBet extends FixtureRef, Partial<TrackedOutcome> {
  userId: string;
  /** Time (base 36 milliseconds) then randomness: the user's collection lists by it. */
  id: string;
  market: TrackedMarket;
  selection: TrackedSelection;
  /** The home side's handicap for an Asian handicap bet; null otherwise. */
  line: number | null;
  price: number;
  bookmaker: string | null;
  stake: number;
  placedAt: string;
  createdAt: string;
  /** The product's value flag this bet followed, as the ledger recorded it. */
  flag?: { price: number; bookmaker: string | null };
}

/** Money rounds to the cent. */
const money = (v: number) => round(v, 2);

/**
 * Share of the stake won and lost by an Asian handicap side: each part of `settlementLines` wins
 * when the side's adjusted margin is above 0, pushes at 0 and loses below.
 */
export function asianShares(side: 'home' | 'away', line: number, score: Score): { won: number; lost: number } {
  let won = 0;
  let lost = 0;
  for (const part of settlementLines(line)) {
    const margin = score.home - score.away + part.line;
    const adjusted = side === 'home' ? margin : -margin;
    if (adjusted > 1e-9) won += part.stake;
    else if (adjusted < -1e-9) lost += part.stake;
  }
  return { won, lost };
}

function asianResult({ won, lost }: { won: number; lost: number }): TrackedResult {
  if (won === 1) return 'won';
  if (lost === 1) return 'lost';
  if (won > 0) return 'half-won';
  if (lost > 0) return 'half-lost';
  return 'push';
}

/**
 * The bet's outcome: void (stake back) for a called-off match, else by its market's rule at the
 * price taken, with the closing price when the closing odds price its market (1X2 and
 * Over/Under 2.5: a handicap has none).
 */
export function settleTrackedBet(
  bet: Pick<StoredTrackedBet, 'market' | 'selection' | 'line' | 'price' | 'stake'>,
  played: Score | 'void',
  closing: ClosingPrice | undefined,
  at: Date,
): TrackedOutcome {
  const settledAt = at.toISOString();
  if (played === 'void') return { result: 'void', profit: 0, settledAt };
  const withClosing = closing && bet.market !== 'ah' ? { closing } : {};
  if (bet.market === 'ah') {
    const shares = asianShares(bet.selection as 'home' | 'away', bet.line ?? 0, played);
    const profit = money(bet.stake * (shares.won * (bet.price - 1) - shares.lost));
    return { result: asianResult(shares), score: played, profit, settledAt };
  }
  const result = isCorrect(bet.selection as Parameters<typeof isCorrect>[0], played) ? 'won' : 'lost';
  const profit = profitAt({ stakeFlat: bet.stake, stakeKelly: 0 }, result, bet.price)!.flat;
  return { result, score: played, profit: money(profit), settledAt, ...withClosing };
}

/** The closing price of a bet's selection from a match's closing odds (the ledger's rule); none for a handicap. */
export function closingOfBet(bet: Pick<StoredTrackedBet, 'market' | 'selection'>, closing: ClosingOdds | undefined): ClosingPrice | undefined {
  if (!closing || bet.market === 'ah') return undefined;
  return closingPriceOf(bet.selection as Parameters<typeof closingPriceOf>[0], closing);
}

/** CLV as the ledger computes it: price taken x closing fair probability - 1. */
export const clvOfBet = (bet: Pick<StoredTrackedBet, 'price' | 'closing'>): number | null => clvOf(bet);

export const isOpen = (bet: Pick<StoredTrackedBet, 'result'>) => bet.result === undefined;
