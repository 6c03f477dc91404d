import { DEFAULT_BOOKMAKERS, SHARP_REFERENCE } from '@app/model/bookmakers';
import type { Clock } from '../clock.ts';
import { groupBy } from '../collections.ts';
import { ledgerEntriesOf } from '../ledger/entry.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { captureView, dueForScan, followFlags } from '../predictions/value-flags.ts';
import type { FixtureRepository, PredictionStore } from './ports.ts';
import { storedAsProvided } from './closing-odds.ts';
import { isProviderOutage, type OddsProvider } from './providers.ts';

/** The scan looks this far ahead; the daily generation run covers the rest of the week. */
export const SCAN_REACH_MS = 72 * 3_600_000;

/**
 * Prices found when they appear (docs/decisions/0192-prices-found-when-they-appear.md): every 15
 * minutes, the fixtures due a scan (every 30 minutes within 24 hours of kickoff, hourly within 72,
 * a last scan within 15 minutes of it) get one odds call per league, for the declared bookmakers
 * and the sharp reference only. Each fixture's fair price is recomputed from the sharp reference of
 * that call, its flags follow on from the last scan's (appeared, moved, withdrawn), and a flag
 * seen for the first time is written to the ledger with its price, bookmaker, quote time and fair
 * probability, in the same write as the prediction. Predictions that have kicked off are never touched.
 */
export function makeOddsScanTask({
  oddsProvider,
  predictions,
  fixtures,
  clock,
  log = () => {},
}: {
  oddsProvider: OddsProvider;
  predictions: Pick<PredictionStore, 'listByKickoff' | 'write'>;
  fixtures: Pick<FixtureRepository, 'get'>;
  clock: Clock;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}) {
  const list = oddsProvider.bookmakers ?? DEFAULT_BOOKMAKERS;
  // what the odds call names: the books that source carries, and the sharp reference
  const bookmakers = [...list.flatMap((b) => (b.key ? [b.key] : [])), SHARP_REFERENCE.key];
  return {
    /**
     * One scan: its summary, and the predictions whose value bets were flagged for the first time
     * (each holding only those), for the alerts that follow new flags.
     */
    async scan(): Promise<{ summary: string; at: Date; firstFlagged: StoredPrediction[] }> {
      const now = clock.now();
      const firstFlagged: StoredPrediction[] = [];
      const due = (await predictions.listByKickoff(now, new Date(now.getTime() + SCAN_REACH_MS))).filter((p) => dueForScan(Date.parse(p.kickoff), now));
      const tally = { scanned: 0, appeared: 0, withdrawn: 0 };
      const failed: string[] = [];
      for (const [leagueId, group] of groupBy(due, (p) => p.leagueId)) {
        let odds;
        try {
          odds = await oddsProvider.odds(leagueId, await storedAsProvided(fixtures, group), { bookmakers });
        } catch (error) {
          if (!isProviderOutage(error)) throw error;
          // The flags stay as the last scan left them; the next league is still worth a call.
          failed.push(leagueId);
          log('Odds scan failed', { leagueId, error: error.message });
          continue;
        }
        for (const p of group) {
          const captured = odds.get(p.fixtureId);
          if (!captured) continue;
          const result = await rescan(p, captured, now);
          tally.scanned += 1;
          tally.appeared += result.appeared;
          tally.withdrawn += result.withdrawn;
          if (result.first) firstFlagged.push(result.first);
        }
      }
      const summary = `${tally.scanned} of ${due.length} due fixture(s) scanned: ${tally.appeared} flag(s) appeared, ${tally.withdrawn} withdrawn${failed.length ? `; failed: ${failed.join(', ')}` : ''}`;
      return { summary, at: now, firstFlagged };
    },
  };

  /** One fixture's new flags, written with the value entries of the flags first seen now (the store skips those it holds). */
  async function rescan(p: StoredPrediction, captured: Parameters<typeof captureView>[0], now: Date) {
    const view = captureView(captured, now, list);
    const { valueBets, valueHistory } = followFlags(p, view.flags, now);
    const updated: StoredPrediction = {
      ...p,
      valueBets,
      valueHistory,
      valueScannedAt: now.toISOString(),
      ...(Object.keys(view.best).length ? { bestOdds: view.best, bestBookmakers: view.bestBookmakers } : {}),
    };
    const entries = ledgerEntriesOf(updated, 'published', now).filter((e) => e.kind === 'value');
    const written = await predictions.write(updated, entries, { now });
    const before = new Set(p.valueBets.map((v) => v.market));
    // a flag that was withdrawn and comes back is not new: its ledger entry and its alert were written the first time
    const everFlagged = new Set([...before, ...(p.valueHistory ?? []).filter((e) => e.event === 'flagged').map((e) => e.selection)]);
    const first = written ? valueBets.filter((v) => !everFlagged.has(v.market)) : [];
    return {
      appeared: written ? valueBets.filter((v) => !before.has(v.market)).length : 0,
      withdrawn: written ? [...before].filter((s) => !valueBets.some((v) => v.market === s)).length : 0,
      first: first.length ? { ...updated, valueBets: first } : undefined,
    };
  }
}
