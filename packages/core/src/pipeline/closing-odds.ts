import type { Clock } from '../clock.ts';
import { groupBy } from '../collections.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import type { FixtureRepository, ValueOnlyReads } from './ports.ts';
import { isProviderOutage, type OddsProvider, type ProviderFixture } from './providers.ts';

/**
 * The stored fixtures of some predictions, as the provider gave them (what an odds call is asked
 * about), by id: one read per UTC match day their kickoffs span, however many there are.
 */
export async function storedAsProvided(
  fixtures: Pick<FixtureRepository, 'listByKickoff'>,
  predictions: readonly Pick<StoredPrediction, 'fixtureId' | 'kickoff'>[],
): Promise<Map<string, ProviderFixture>> {
  if (!predictions.length) return new Map();
  const kickoffs = predictions.map((p) => Date.parse(p.kickoff));
  const wanted = new Set(predictions.map((p) => p.fixtureId));
  const stored = await fixtures.listByKickoff(new Date(Math.min(...kickoffs)), new Date(Math.max(...kickoffs)));
  return new Map(stored.filter((f) => wanted.has(f.id)).map(({ leagueName: _name, odds: _odds, updatedAt: _at, ...f }) => [f.id, f]));
}

/** The provider fixtures of `predictions` among those read by `storedAsProvided`. */
export const providedOf = (read: ReadonlyMap<string, ProviderFixture>, predictions: readonly Pick<StoredPrediction, 'fixtureId'>[]): ProviderFixture[] =>
  predictions.flatMap((p) => {
    const f = read.get(p.fixtureId);
    return f ? [f] : [];
  });

/** The task runs every 15 minutes and snapshots the fixtures that kick off before its next run. */
export const CLOSING_SNAPSHOT_WINDOW_MS = 15 * 60_000;

/**
 * The closing price where the odds source keeps no closing line (a live odds API prices only
 * matches that have not started): every 15 minutes, one odds call per league with a kickoff in
 * the next 15 minutes, kept as the fixture's closing snapshot (docs/decisions/0131-closing-line-value.md;
 * its credit cost in docs/providers.md). A provider that has closing prices needs no snapshot. The flag-only
 * records of leagues without history are snapshotted too: their value entries' closing line
 * (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md).
 */
export function makeClosingOddsCapture({
  oddsProvider,
  predictions,
  fixtures,
  clock,
  log = () => {},
}: {
  oddsProvider: OddsProvider;
  predictions: Pick<PredictionRepository, 'listByKickoff'> & Partial<ValueOnlyReads>;
  fixtures: Pick<FixtureRepository, 'listByKickoff' | 'saveClosingSnapshot'>;
  clock: Clock;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}) {
  return {
    async capture(): Promise<string> {
      if (oddsProvider.closingOdds) return `${oddsProvider.name} keeps closing prices: no snapshot needed`;
      const now = clock.now();
      const until = new Date(now.getTime() + CLOSING_SNAPSHOT_WINDOW_MS);
      const [forecasts, flagOnly] = await Promise.all([predictions.listByKickoff(now, until), predictions.listValueOnlyByKickoff?.(now, until) ?? []]);
      const soon = [...forecasts, ...flagOnly].filter((p) => Date.parse(p.kickoff) > now.getTime());
      let saved = 0;
      const failed: string[] = [];
      const read = await storedAsProvided(fixtures, soon);
      for (const [leagueId, list] of groupBy(soon, (p) => p.leagueId)) {
        try {
          const odds = await oddsProvider.odds(leagueId, providedOf(read, list));
          for (const [fixtureId, o] of odds) {
            await fixtures.saveClosingSnapshot(fixtureId, { ...(o.sharp ? { sharp: o.sharp } : {}), average: o.average, capturedAt: o.capturedAt });
            saved += 1;
          }
        } catch (error) {
          if (!isProviderOutage(error)) throw error;
          // Those entries will say they have no closing price; the next league is still worth a call.
          failed.push(leagueId);
          log('Closing snapshot failed', { leagueId, error: error.message });
        }
      }
      return `${saved} closing snapshot(s) of ${soon.length} fixture(s) kicking off in the next 15 minutes${failed.length ? `; failed: ${failed.join(', ')}` : ''}`;
    },
  };
}
