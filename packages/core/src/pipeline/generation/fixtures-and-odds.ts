import { DAY_MS } from '../../clock.ts';
import { isProviderOutage, type ClosingOdds, type FixtureOdds, type League, type MatchStats, type ProviderFixture } from '../providers.ts';
import { BACKFILL_DAYS } from './backfill.ts';
import type { StepDeps } from './deps.ts';

/** How far ahead a run predicts. */
export const UPCOMING_DAYS = 7;

/**
 * What a run reads from the providers, each with its fallback when a provider is down or refuses
 * (the last stored odds, the pre-kickoff snapshot, statistics on a later run).
 */
export function providerReads(deps: StepDeps) {
  const { log } = deps;
  return {
    /** The league's name: the stored league's, else the provider's, else its id. */
    async leagueName(leagueId: string): Promise<string> {
      const known = (await deps.leagues.listActive()).find((l) => l.id === leagueId);
      if (known) return known.name;
      const fromProvider: League | undefined = (await deps.fixturesProvider.leagues()).find((l) => l.id === leagueId);
      return fromProvider?.name ?? leagueId;
    },

    /**
     * Statistics of newly finished fixtures from a provider that reads them separately. When it is
     * down or refuses, `error` says why and the fixtures wait for the next results run.
     */
    async statisticsOf(leagueId: string, fixtures: ProviderFixture[]): Promise<{ read: Map<string, MatchStats>; error?: string }> {
      const provider = deps.fixturesProvider;
      if (!fixtures.length || !provider.statistics) return { read: new Map() };
      try {
        return { read: await provider.statistics(leagueId, fixtures) };
      } catch (error) {
        if (!isProviderOutage(error)) throw error;
        log('Match statistics unavailable: results settled, the matches join the history on a later run', { leagueId, fixtures: fixtures.length, error: error.message });
        return { read: new Map(), error: error.message };
      }
    },

    /** Fresh odds; when the odds provider is down or refuses, the last odds stored for each fixture. */
    async oddsOrLastKnown(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>> {
      try {
        return await deps.oddsProvider.odds(leagueId, fixtures);
      } catch (error) {
        if (!isProviderOutage(error)) throw error;
        log('Odds unavailable: using the last captured odds', { leagueId, error: error.message });
        const known = new Map<string, FixtureOdds>();
        for (const f of fixtures) {
          const stored = await deps.fixtures.get(f.id);
          if (stored?.odds) known.set(f.id, stored.odds);
        }
        return known;
      }
    },

    /** Closing prices of kicked-off fixtures: the provider's own closing line, else the snapshot taken before kickoff. */
    async closingOf(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, ClosingOdds>> {
      if (!fixtures.length) return new Map();
      if (deps.oddsProvider.closingOdds) {
        try {
          return await deps.oddsProvider.closingOdds(leagueId, fixtures);
        } catch (error) {
          if (!isProviderOutage(error)) throw error;
          // The entries stay without a closing price, and say so; the result still settles them.
          log('Closing odds unavailable', { leagueId, error: error.message });
          return new Map();
        }
      }
      const out = new Map<string, ClosingOdds>();
      for (const f of fixtures) {
        const snapshot = await deps.fixtures.closingSnapshot(f.id);
        if (snapshot) out.set(f.id, snapshot);
      }
      return out;
    },
  };
}

/** The provider reads a run shares between its steps. */
export type ProviderReads = ReturnType<typeof providerReads>;

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
export async function syncFixturesAndOdds(deps: StepDeps, reads: ProviderReads, run: { leagueId: string; name: string; now: Date; firstRun: boolean }): Promise<FixturesAndOdds> {
  const { leagueId, name, now, firstRun } = run;
  const from = new Date(now.getTime() - (firstRun ? BACKFILL_DAYS : 1) * DAY_MS);
  const to = new Date(now.getTime() + UPCOMING_DAYS * DAY_MS);
  const provided = await deps.fixturesProvider.fixtures(leagueId, from, to);
  const upcoming = provided.filter((f) => f.status === 'scheduled' && Date.parse(f.kickoff) > now.getTime() && Date.parse(f.kickoff) <= to.getTime());
  const wanted = firstRun ? provided.filter((f) => Date.parse(f.kickoff) > from.getTime()) : upcoming;
  const odds = wanted.length ? await reads.oddsOrLastKnown(leagueId, wanted) : new Map<string, FixtureOdds>();
  const toSave = firstRun ? provided : provided.filter((f) => f.status !== 'finished');
  await deps.fixtures.saveAll(toSave.map((f) => ({ ...f, leagueName: name, ...(odds.get(f.id) ? { odds: odds.get(f.id)! } : {}), updatedAt: now.toISOString() })));
  return { provided, upcoming, odds };
}
