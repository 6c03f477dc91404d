import { closingPriceOf } from '../../ledger/closing.ts';
import { outcomeOf, type LedgerEntry, type LedgerOutcome } from '../../ledger/entry.ts';
import { actualResultText } from '../../predictions/picks.ts';
import type { StoredPrediction } from '../../predictions/prediction.ts';
import type { ClosingOdds } from '../../predictions/odds.ts';
import type { ProviderFixture } from '../providers.ts';

/**
 * A prediction settled against a finished (or cancelled: void) fixture; undefined while it is
 * neither. A postponed fixture stays pending: it is settled when it is played, or voided when it is
 * called off (docs/decisions/0121-postponed-matches-stay-pending.md).
 */
export function settledPrediction(prediction: StoredPrediction, fixture: ProviderFixture): StoredPrediction | undefined {
  if (fixture.status === 'finished' && fixture.score)
    return { ...prediction, result: fixture.score, status: 'settled', actualResult: actualResultText(fixture.score) };
  if (fixture.status === 'cancelled') return { ...prediction, status: 'void', actualResult: 'Cancelled' };
  return undefined;
}

/** What each entry gains from a settled prediction: result, profit and the closing price when known. */
export function entryOutcomes(
  entries: readonly LedgerEntry[],
  settled: StoredPrediction,
  closing: ClosingOdds | undefined,
  at: Date,
): Array<{ entryId: string; fixtureId: string; outcome: LedgerOutcome }> {
  const played = settled.status === 'settled' && settled.result ? settled.result : 'void';
  return entries.map((e) => ({ entryId: e.id, fixtureId: e.fixtureId, outcome: outcomeOf(e, played, closing && closingPriceOf(e.selection, closing), at) }));
}
