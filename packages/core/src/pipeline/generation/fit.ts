import { seasonsToKeep } from '@app/model/deployment';
import { fitLeagueModel, MODEL_VERSION, type LeagueModelState } from '@app/model/forecast';
import { leagueMemory, type MarketMemory } from '@app/model/market-memory';
import type { MatchRecord } from '@app/model/types';
import { utcDay } from '../../clock.ts';
import type { HistoryRecord } from '../ports.ts';
import type { StepDeps } from './deps.ts';
import { historyId } from './history-record.ts';

/**
 * The league's history the model trains on. A first run imports it from the provider first,
 * continuing from what an interrupted first run already stored, and keeps the seasons the model
 * uses.
 */
export async function historyForFit(deps: StepDeps, leagueId: string, now: Date, firstRun: boolean): Promise<HistoryRecord[]> {
  const records = await deps.history.list(leagueId);
  if (!firstRun) return records;
  const rows = (list: MatchRecord[]) => list.map((r) => ({ ...r, id: historyId(leagueId, r.date, r.home, r.away) }));
  // `records` holds what an interrupted first run imported: the provider continues from there.
  const imported = await deps.fixturesProvider.history(leagueId, now, { known: records, save: (batch) => deps.history.append(leagueId, rows(batch)) });
  const keep = seasonsToKeep(imported);
  await deps.history.append(leagueId, rows(imported.filter((r) => keep.has(r.season ?? r.date.slice(0, 4)))));
  // Read back, so this run trains on the history exactly as a resumed run (or tomorrow's) reads it.
  return deps.history.list(leagueId);
}

/**
 * Today's model state: the stored one when it was fitted today by this model code, else a refit on
 * `records` (the caller saves a refit once the run is done).
 */
export async function currentModel(
  deps: StepDeps,
  leagueId: string,
  records: HistoryRecord[],
  now: Date,
): Promise<{ state: LeagueModelState; refit: boolean }> {
  const stored = await deps.models.latest(leagueId);
  // A state fitted earlier today by other model code (a deploy since) cannot be used: refit it.
  if (stored && stored.fittedAt >= utcDay(now) && stored.version === MODEL_VERSION) return { state: stored, refit: false };
  return { state: fitLeagueModel({ league: leagueId, history: records, asOf: utcDay(now) }), refit: true };
}

/**
 * The league's market memory (docs/decisions/0291-forecasts-from-market-memory-in-the-product.md): ratings fitted to
 * the prices of its matches played before today, for the fixtures that have no odds of their own. Undefined when
 * none of its recent matches has prices, or when the history cannot be read so (logged): those cards stay on our models.
 */
export function marketMemoryOf(deps: StepDeps, leagueId: string, records: HistoryRecord[], now: Date): MarketMemory | undefined {
  try {
    return leagueMemory(records, leagueId, utcDay(now));
  } catch (error) {
    deps.log('Market memory unavailable: fixtures without odds are forecast by our models', { leagueId, error: (error as Error).message });
    return undefined;
  }
}
