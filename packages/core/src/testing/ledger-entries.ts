// Ledger entries for tests: a settled published pick by default, any field overridden; played
// predictions stored with their entries as the pipeline stores them.
import { entryId, ledgerEntriesOf, type LedgerBasis, type RecordedEntry } from '../ledger/entry.ts';
import { marketOf } from '../predictions/picks.ts';
import { entryOutcomes } from '../pipeline/generation/settlement.ts';
import type { PipelinePredictionRepository } from '../pipeline/ports.ts';
import type { ClosingOdds } from '../predictions/odds.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';

/** A ledger entry (a won home pick at 1.80, published the day before kickoff) with `overrides` applied. */
export function ledgerEntry(overrides: Partial<RecordedEntry> = {}): RecordedEntry {
  const fixtureId = overrides.fixtureId ?? 'f1';
  const kind = overrides.kind ?? 'pick';
  const selection = overrides.selection ?? 'home';
  const kickoff = overrides.kickoff ?? '2026-11-22T15:00:00.000Z';
  const forecastAt = new Date(Date.parse(kickoff) - 9 * 3_600_000).toISOString();
  return {
    id: entryId(fixtureId, kind, selection),
    fixtureId,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: 'Alpha',
    awayTeam: 'Bravo',
    kickoff,
    basis: 'published',
    kind,
    market: marketOf(selection),
    selection,
    probability: 0.62,
    fairProbability: 0.6,
    price: 1.8,
    bookmaker: 'Northbet',
    stakeFlat: 1,
    stakeKelly: 1.49,
    modelVersion: 'm@2026-11-22',
    forecastAt,
    recordedAt: forecastAt,
    result: 'won',
    score: { home: 2, away: 1 },
    settledAt: new Date(Date.parse(kickoff) + 2 * 3_600_000).toISOString(),
    profit: { flat: 0.8, kelly: 1.192 },
    closing: { price: 1.72, fairProbability: 0.57, source: 'pinnacle', capturedAt: kickoff },
    corrections: [],
    ...overrides,
  };
}

/**
 * Stores a played prediction the way the pipeline does: a published one written with its entries
 * the day before kickoff (its `generatedAt`) and settled after, a back-tested one written settled
 * by a backfill at `recordedAt`.
 */
export async function storePlayed(
  store: PipelinePredictionRepository,
  played: StoredPrediction,
  options: { basis: LedgerBasis; closing?: ClosingOdds; recordedAt?: Date },
): Promise<void> {
  const { result, status, actualResult, ...open } = played;
  const scheduled: StoredPrediction = { ...open, status: 'scheduled', origin: options.basis === 'published' ? 'published' : 'backfilled' };
  const settled: StoredPrediction = { ...scheduled, ...(result ? { result } : {}), status: status ?? 'settled', ...(actualResult ? { actualResult } : {}) };
  const settledAt = new Date(Date.parse(played.kickoff) + 2 * 3_600_000);
  if (options.basis === 'published') {
    const entries = ledgerEntriesOf(scheduled, 'published', new Date(played.generatedAt));
    await store.write(scheduled, entries, { now: new Date(played.generatedAt) });
    await store.settle(settled, entryOutcomes(entries, settled, options.closing, settledAt));
    return;
  }
  const recordedAt = options.recordedAt ?? settledAt;
  const entries = ledgerEntriesOf(settled, 'backtest', recordedAt);
  const outcomes = entryOutcomes(entries, settled, options.closing, settledAt);
  await store.write(
    settled,
    entries.map((e, i) => ({ ...e, ...outcomes[i]!.outcome })),
    { now: recordedAt, backfill: true },
  );
}
