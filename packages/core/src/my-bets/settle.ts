import type { ClosingOdds } from '../predictions/odds.ts';
import { closingOfBet, settleTrackedBet, type Score } from './bet.ts';
import type { TrackedBetRepository } from './ports.ts';

/**
 * Settles a fixture's open tracked bets (the results job, for a fixture it read as finished or
 * called off): the ledger's rules, the closing price from the same closing odds. A postponed
 * match is never passed here, so its bets stay open. Returns how many were settled. Apart from the
 * service, so the results job's bundle carries the settlement only (not the imports, totals and CSV).
 */
export async function settleTrackedBets(
  bets: Pick<TrackedBetRepository, 'listOpenForFixture' | 'settle'>,
  fixtureId: string,
  played: Score | 'void',
  closing: ClosingOdds | undefined,
  at: Date,
): Promise<number> {
  let settled = 0;
  for (const bet of await bets.listOpenForFixture(fixtureId)) {
    if (await bets.settle(bet, settleTrackedBet(bet, played, closingOfBet(bet, closing), at))) settled += 1;
  }
  return settled;
}
