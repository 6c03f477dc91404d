import { LeagueFitter, type LeagueModelState } from '@app/model/forecast';
import { DAY_MS, utcDay } from '../../clock.ts';
import { ledgerEntriesOf, type LedgerEntry } from '../../ledger/entry.ts';
import type { StoredPrediction } from '../../predictions/prediction.ts';
import type { HistoryRecord } from '../ports.ts';
import type { FixtureOdds } from '../../predictions/odds.ts';
import type { ProviderFixture } from '../providers.ts';
import type { StepDeps } from './deps.ts';
import { closingOf } from './provider-reads.ts';
import { entryOutcomes, settledPrediction } from './settlement.ts';
import { toStoredPrediction } from './stored-prediction.ts';

/** A first run predicts and settles the last 30 days, so the track record starts with real numbers. */
export const BACKFILL_DAYS = 30;
/** Results are published this long after kickoff, so settled backfill picks carry a realistic time. */
const SETTLE_DELAY_MS = 2 * 60 * 60 * 1000;
/** Backfilled predictions are independent writes: a few in flight hide the store's latency. */
const BACKFILL_WRITES_IN_FLIGHT = 8;
/** The daily generation time (backfilled predictions are stamped as if made then). */
const GENERATION_HOUR_UTC = 6;

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * A first run's reconstruction of the last 30 days: each day predicted from the data dated
 * before it, its entries recorded as back-tested (written now, after the matches) and settled
 * in the same write, from the league's fixtures of the window, their odds and the stored history.
 * Returns how many predictions it wrote.
 */
export async function backfill(
  deps: StepDeps,
  leagueId: string,
  name: string,
  fixtures: ProviderFixture[],
  records: HistoryRecord[],
  odds: Map<string, FixtureOdds>,
  now: Date,
): Promise<number> {
  let state: LeagueModelState | undefined;
  // One fitter for the whole backfill: each weekly fit continues the replay of the one before (the same states).
  const fitter = new LeagueFitter(leagueId);
  const rows: Array<{ prediction: StoredPrediction; entries: LedgerEntry[] }> = [];
  const past = fixtures
    .filter((f) => Date.parse(f.kickoff) <= now.getTime() && Date.parse(f.kickoff) > now.getTime() - BACKFILL_DAYS * DAY_MS)
    .sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  const closing = await closingOf(
    deps,
    leagueId,
    past.filter((f) => f.status === 'finished'),
  );
  for (const f of past) {
    const day = utcDay(new Date(f.kickoff));
    // Weekly refits, as the walk-forward backtest does: only data dated before the day is used.
    if (!state || Date.parse(day) - Date.parse(state.fittedAt) >= 7 * DAY_MS) {
      state = fitter.fit(records, day);
    }
    const generatedAt = new Date(`${day}T${String(GENERATION_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
    const prediction = toStoredPrediction(
      f,
      name,
      state,
      odds.get(f.id),
      generatedAt.getTime() < Date.parse(f.kickoff) ? generatedAt : new Date(Date.parse(f.kickoff) - DAY_MS),
      'backfilled',
      deps.oddsProvider.bookmakers ? { list: deps.oddsProvider.bookmakers } : {},
    );
    const entries = ledgerEntriesOf(prediction, 'backtest', now);
    // Made and settled in one write: the prediction as it was, then its result.
    const settled = settledPrediction(prediction, f);
    const at = new Date(Math.min(now.getTime(), Date.parse(f.kickoff) + SETTLE_DELAY_MS));
    const outcomes = settled ? entryOutcomes(entries, settled, closing.get(f.id), at) : [];
    rows.push({ prediction: settled ?? prediction, entries: entries.map((e, i) => ({ ...e, ...outcomes[i]?.outcome })) });
  }
  await inBatches(rows, BACKFILL_WRITES_IN_FLIGHT, (row) => deps.predictions.write(row.prediction, row.entries, { now, backfill: true }));
  return rows.length;
}
