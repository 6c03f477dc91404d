import { backfill } from './generation/backfill.ts';
import type { PipelineDeps, StepDeps } from './generation/deps.ts';
import { currentModel, historyForFit, marketMemoryOf } from './generation/fit.ts';
import { syncFixturesAndOdds } from './generation/fixtures-and-odds.ts';
import { leagueName } from './generation/provider-reads.ts';
import { publishUpcoming } from './generation/publish.ts';
import { ingestResults } from './generation/results.ts';
import { modelOdds } from './providers.ts';

/**
 * Per league: sync fixtures and odds, keep the model state fresh (refit daily from the stored
 * history, seeded from the provider on the first run), predict every fixture of the next 7 days
 * that has not kicked off. A first run also backfills the last 30 days: each past day predicted
 * from the data available then, then settled. Each step is a file of `generation/`.
 */
export function makeGenerationService(serviceDeps: PipelineDeps) {
  const deps: StepDeps = { ...serviceDeps, log: serviceDeps.log ?? (() => {}) };

  return {
    async generate(leagueId: string): Promise<string> {
      const now = deps.clock.now();
      const name = await leagueName(deps, leagueId);
      // The first run ends by saving the league's first model state: a run that died before
      // (history half imported, backfill unfinished) is still the first run, and does it again.
      // So the stored state must only ever be missing for a league that never completed a run.
      const firstRun = !(await deps.models.latest(leagueId));
      const records = await historyForFit(deps, leagueId, now, firstRun);
      const { provided, upcoming, odds } = await syncFixturesAndOdds(deps, leagueId, name, now, firstRun);
      const { state, refit } = await currentModel(deps, leagueId, records, now);
      // The market memory is read only when a fixture has no odds of its own.
      const memory = upcoming.some((f) => !odds.has(f.id) || !modelOdds(odds.get(f.id)!).home) ? marketMemoryOf(deps, leagueId, records, now) : undefined;
      const predicted = await publishUpcoming(deps, upcoming, name, state, odds, now, memory);
      const backfilled = firstRun ? await backfill(deps, leagueId, name, provided, records, odds, now) : 0;
      // Saved last: a first run's state marks its backfill as complete.
      if (refit) await deps.models.save(leagueId, state);
      const summary = `${predicted} predicted, ${upcoming.length - predicted} frozen, ${backfilled} backfilled, model ${refit ? 'refitted' : 'reused'} (${records.length} matches of history)`;
      deps.log('League generated', { leagueId, summary });
      return summary;
    },

    /** Settles, voids and adds to the history what finished lately (generation/results.ts). */
    ingestResults: (leagueId: string): Promise<string> => ingestResults(deps, leagueId),
  };
}

/** The generation and results runs of a league. */
export type GenerationService = ReturnType<typeof makeGenerationService>;
