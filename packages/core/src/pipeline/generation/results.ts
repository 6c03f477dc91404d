import { DAY_MS } from '../../clock.ts';
import { settleTrackedBets } from '../../my-bets/settle.ts';
import type { StoredPrediction } from '../../predictions/prediction.ts';
import type { HistoryRecord, StoredFixture } from '../ports.ts';
import type { ProviderFixture } from '../providers.ts';
import type { StepDeps } from './deps.ts';
import { closingOf, leagueName, statisticsOf } from './provider-reads.ts';
import { toHistoryRecord } from './history-record.ts';
import { entryOutcomes, settledPrediction } from './settlement.ts';

/** How far back a results run looks for fixtures that finished (or were called off). */
const RESULTS_WINDOW_DAYS = 3;

/**
 * Settles finished fixtures of the last 3 days (results on the 90-minute score), voids
 * cancelled ones, and adds every newly finished match to the history with its match
 * statistics. A match whose statistics cannot be read yet is settled all the same and joins
 * the history on a later run.
 */
export async function ingestResults(deps: StepDeps, leagueId: string): Promise<string> {
  const now = deps.clock.now();
  const name = await leagueName(deps, leagueId);
  const provided = await deps.fixturesProvider.fixtures(leagueId, new Date(now.getTime() - RESULTS_WINDOW_DAYS * DAY_MS), now);
  const stored = new Map<string, StoredFixture | undefined>();
  for (const f of provided) stored.set(f.id, await deps.fixtures.get(f.id));
  const newlyFinished = provided.filter((f) => {
    const before = stored.get(f.id);
    return f.status === 'finished' && f.score && (before?.status !== 'finished' || before.statisticsPending);
  });
  const statistics = await statisticsOf(
    deps,
    leagueId,
    newlyFinished.filter((f) => !f.stats),
  );
  let waiting = 0;
  const finished: Array<{ fixture: ProviderFixture; odds: StoredFixture['odds'] }> = [];
  const updates: StoredFixture[] = [];
  const toSettle: Array<{ fixture: ProviderFixture; settled: StoredPrediction }> = [];
  for (const reported of provided) {
    const before = stored.get(reported.id);
    const stats = statistics.read.get(reported.id);
    const f = stats ? { ...reported, stats } : reported;
    const isNew = newlyFinished.includes(reported);
    const pending = isNew && !f.stats && statistics.error !== undefined;
    const update: StoredFixture = { ...before, ...f, leagueName: name, updatedAt: now.toISOString() };
    if (pending) update.statisticsPending = true;
    else delete update.statisticsPending;
    updates.push(update);
    const prediction = await deps.predictions.get(f.id);
    const settled = prediction && prediction.status !== 'settled' ? settledPrediction(prediction, f) : undefined;
    if (settled) toSettle.push({ fixture: f, settled });
    if (pending) waiting += 1;
    else if (isNew) finished.push({ fixture: f, odds: before?.odds });
  }
  // The closing prices of the played ones: each prediction's ledger entries still open (or voided before) are
  // settled at them, and each match joins the history with them (the market memory reads them).
  const played = toSettle.filter((s) => s.settled.status === 'settled').map((s) => s.fixture);
  const closing = await closingOf(deps, leagueId, [...played, ...finished.map((h) => h.fixture).filter((f) => !played.some((p) => p.id === f.id))]);
  const newHistory: HistoryRecord[] = finished.map((h) => toHistoryRecord(h.fixture, h.odds, closing.get(h.fixture.id)));
  let settledCount = 0;
  let voided = 0;
  for (const { fixture, settled } of toSettle) {
    const open = (await deps.ledger.listForFixture(fixture.id)).filter((e) => !e.result || e.result === 'void');
    if (!(await deps.predictions.settle(settled, entryOutcomes(open, settled, closing.get(fixture.id), now)))) continue;
    if (settled.status === 'settled') settledCount += 1;
    else voided += 1;
  }
  // Subscribers' tracked bets on every fixture read as played or called off, with the same closing prices; a postponed one's stay open.
  let betsSettled = 0;
  for (const f of provided) {
    const played = f.status === 'finished' && f.score ? f.score : f.status === 'cancelled' ? 'void' : undefined;
    if (played) betsSettled += await settleTrackedBets(deps.trackedBets, f.id, played, closing.get(f.id), now);
  }
  await deps.fixtures.saveAll(updates);
  if (newHistory.length) await deps.history.append(leagueId, newHistory);
  const summary = `${settledCount} settled, ${voided} voided, ${newHistory.length} added to history${betsSettled ? `, ${betsSettled} tracked bet(s) settled` : ''}`;
  return waiting ? `${summary}, ${waiting} waiting for match statistics (${statistics.error})` : summary;
}
