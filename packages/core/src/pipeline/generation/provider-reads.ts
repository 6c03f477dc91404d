// What a run reads from the providers, each with its fallback when a provider is down or refuses
// (the last stored odds, the pre-kickoff snapshot, statistics on a later run).
import { isProviderOutage, type League, type MatchStats, type OddsProvider, type ProviderFixture } from '../providers.ts';
import type { FixtureRepository } from '../ports.ts';
import type { ClosingOdds, FixtureOdds } from '../../predictions/odds.ts';
import type { StepDeps } from './deps.ts';

/** The league's name: the stored league's, else the provider's, else its id. */
export async function leagueName(deps: StepDeps, leagueId: string): Promise<string> {
  const known = (await deps.leagues.listActive()).find((l) => l.id === leagueId);
  if (known) return known.name;
  const fromProvider: League | undefined = (await deps.fixturesProvider.leagues()).find((l) => l.id === leagueId);
  return fromProvider?.name ?? leagueId;
}

/**
 * Statistics of newly finished fixtures from a provider that reads them separately. When it is
 * down or refuses, `error` says why and the fixtures wait for the next results run.
 */
export async function statisticsOf(deps: StepDeps, leagueId: string, fixtures: ProviderFixture[]): Promise<{ read: Map<string, MatchStats>; error?: string }> {
  const provider = deps.fixturesProvider;
  if (!fixtures.length || !provider.statistics) return { read: new Map() };
  try {
    return { read: await provider.statistics(leagueId, fixtures) };
  } catch (error) {
    if (!isProviderOutage(error)) throw error;
    deps.log('Match statistics unavailable: results settled, the matches join the history on a later run', {
      leagueId,
      fixtures: fixtures.length,
      error: error.message,
    });
    return { read: new Map(), error: error.message };
  }
}

/** Fresh odds; when the odds provider is down or refuses, the last odds stored for each fixture. */
export async function oddsOrLastKnown(deps: StepDeps, leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>> {
  try {
    return await deps.oddsProvider.odds(leagueId, fixtures);
  } catch (error) {
    if (!isProviderOutage(error)) throw error;
    deps.log('Odds unavailable: using the last captured odds', { leagueId, error: error.message });
    const known = new Map<string, FixtureOdds>();
    for (const f of fixtures) {
      const stored = await deps.fixtures.get(f.id);
      if (stored?.odds) known.set(f.id, stored.odds);
    }
    return known;
  }
}

/** Closing prices of kicked-off fixtures: the provider's own closing line, else the snapshot taken before kickoff. */
export async function closingOf(
  deps: { oddsProvider: Pick<OddsProvider, 'closingOdds'>; fixtures: Pick<FixtureRepository, 'closingSnapshot'>; log: StepDeps['log'] },
  leagueId: string,
  fixtures: ProviderFixture[],
): Promise<Map<string, ClosingOdds>> {
  if (!fixtures.length) return new Map();
  if (deps.oddsProvider.closingOdds) {
    try {
      return await deps.oddsProvider.closingOdds(leagueId, fixtures);
    } catch (error) {
      if (!isProviderOutage(error)) throw error;
      // The entries stay without a closing price, and say so; the result still settles them.
      deps.log('Closing odds unavailable', { leagueId, error: error.message });
      return new Map();
    }
  }
  const out = new Map<string, ClosingOdds>();
  for (const f of fixtures) {
    const snapshot = await deps.fixtures.closingSnapshot(f.id);
    if (snapshot) out.set(f.id, snapshot);
  }
  return out;
}
