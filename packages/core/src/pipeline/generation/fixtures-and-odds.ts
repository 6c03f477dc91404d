import { DAY_MS } from '../../clock.ts';
import type { FixtureOdds } from '../../predictions/odds.ts';
import type { ProviderFixture } from '../providers.ts';
import { BACKFILL_DAYS } from './backfill.ts';
import type { StepDeps } from './deps.ts';
import { oddsOrLastKnown } from './provider-reads.ts';

/** How far ahead a run predicts. */
export const UPCOMING_DAYS = 7;

/** A league's fixtures of the run's window, with the odds read for them. */
export interface FixturesAndOdds {
  /** Every fixture the provider reported for the window. */
  provided: ProviderFixture[];
  /** The scheduled fixtures of the next days that have not kicked off: the ones to predict. */
  upcoming: ProviderFixture[];
  odds: Map<string, FixtureOdds>;
}

/**
 * Reads the league's fixtures (the last day, or the backfill's 30 days on a first run, and the next
 * 7) and their odds, and stores them. A match that finished since the last results run is left to
 * that run: it settles it and adds it to the history with its statistics.
 */
export async function syncFixturesAndOdds(deps: StepDeps, leagueId: string, name: string, now: Date, firstRun: boolean): Promise<FixturesAndOdds> {
  const from = new Date(now.getTime() - (firstRun ? BACKFILL_DAYS : 1) * DAY_MS);
  const to = new Date(now.getTime() + UPCOMING_DAYS * DAY_MS);
  const provided = await deps.fixturesProvider.fixtures(leagueId, from, to);
  const upcoming = provided.filter((f) => f.status === 'scheduled' && Date.parse(f.kickoff) > now.getTime() && Date.parse(f.kickoff) <= to.getTime());
  const wanted = firstRun ? provided.filter((f) => Date.parse(f.kickoff) > from.getTime()) : upcoming;
  const odds = wanted.length ? await oddsOrLastKnown(deps, leagueId, wanted) : new Map<string, FixtureOdds>();
  const toSave = firstRun ? provided : provided.filter((f) => f.status !== 'finished');
  await deps.fixtures.saveAll(
    toSave.map((f) => ({ ...f, leagueName: name, ...(odds.get(f.id) ? { odds: odds.get(f.id)! } : {}), updatedAt: now.toISOString() })),
  );
  return { provided, upcoming, odds };
}
