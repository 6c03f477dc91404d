/** The composition root: the job pipeline (generation, closing odds, the season step, the jobs and their dispatcher); the ledger it writes is ledger.ts. */
import { DynamoFixtureRepository } from '@app/adapters/dynamodb/fixture-repository';
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoModelStateRepository } from '@app/adapters/dynamodb/model-state-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DynamoScanMarkRepository } from '@app/adapters/dynamodb/scan-mark-repository';
import { makeClosingOddsCapture } from '@app/core/pipeline/closing-odds';
import { makeOddsScan } from '@app/core/pipeline/odds-scan';
import { valueOnlyLeagues } from '@app/core/pipeline/value-only';
import { FLAG_ONLY_RESULTS_TASK, makeFlagOnlyResults, type FlagOnlyResults } from '@app/core/pipeline/value-only-results';
import { LEAGUE_CATALOG } from '@app/adapters/leagues/catalog';
import type { League } from '@app/core/pipeline/providers';
import { ConfigError } from '@app/platform/config';
import { DynamoTrackedBetRepository } from '@app/adapters/dynamodb/tracked-bet-repository';
import { makeGenerationService } from '@app/core/pipeline/generation';
import { makeSeasonJob } from '@app/core/seasons/service';
import { DynamoSeasonRepository } from '@app/adapters/dynamodb/season-repository';
import { makeJobService } from '@app/core/pipeline/jobs';
import type { PipelinePredictionRepository, ValueOnlyReads } from '@app/core/pipeline/ports';
import type { ScanMarkRepository } from '@app/core/predictions/ports';
import { jobTimings } from '@app/events/queues';
import { logger } from '@app/platform/logger';
import { ulid } from 'ulid';
import { makeDispatcher } from '../consumers/dispatcher.ts';
import { afterwards, builtAlready, once, rebuilt, type Base, type FootballProviders } from './base.ts';
import { ledgerReads } from './ledger.ts';
import { footballProviders } from './football-providers.ts';
import { buildMessageQueue } from './queues.ts';
import { buildPredictions } from './public-reads.ts';
import { table } from './tables.ts';

export function buildLeagues(base: Base): DynamoLeagueRepository {
  return table(base, DynamoLeagueRepository);
}

/**
 * Drops this process's cached upcoming-predictions read, if this process built one. On AWS the
 * pipeline's functions never serve reads (the read cache lives in the API's functions, each
 * refreshing within its TTL), so nothing is built; the local stack serves reads and runs the
 * pipeline in one process, whose cache is dropped after each write.
 */
const invalidateReads = (base: Base) => () => builtAlready<ReturnType<typeof buildPredictions>>(base, buildPredictions)?.invalidate();

/** The store the pipeline writes through: the upcoming-predictions read of this process is dropped after each write. */
export function invalidatingPredictionRepository(base: Base): PipelinePredictionRepository & ValueOnlyReads {
  return once(base, invalidatingPredictionRepository, () => {
    const store = table(base, DynamoPredictionRepository);
    const invalidate = invalidateReads(base);
    return {
      get: (fixtureId) => store.get(fixtureId),
      listByKickoff: (from, to) => store.listByKickoff(from, to),
      listValueOnlyByKickoff: (from, to) => store.listValueOnlyByKickoff(from, to),
      write: afterwards(store.write.bind(store), invalidate),
      writeScan: afterwards(store.writeScan.bind(store), invalidate),
      settle: afterwards(store.settle.bind(store), invalidate),
    };
  });
}

/** The odds scan's league marks, through which a read shows a prediction as of its last scan: saving them drops this process's cached read too. */
function invalidatingScanMarks(base: Base): ScanMarkRepository {
  return once(base, invalidatingScanMarks, () => {
    const marks = table(base, DynamoScanMarkRepository);
    return { all: () => marks.all(), get: (leagueId) => marks.get(leagueId), saveAll: afterwards(marks.saveAll.bind(marks), invalidateReads(base)) };
  });
}

/** Rebuilt with the providers when a provider key is rolled. */
export function buildGeneration(base: Base) {
  return rebuilt(
    base,
    buildGeneration,
    () => footballProviders(base),
    (providers) =>
      makeGenerationService({
        ...providers,
        leagues: buildLeagues(base),
        fixtures: table(base, DynamoFixtureRepository),
        history: table(base, DynamoHistoryRepository),
        models: table(base, DynamoModelStateRepository),
        predictions: invalidatingPredictionRepository(base),
        ledger: ledgerReads(base),
        trackedBets: table(base, DynamoTrackedBetRepository),
        clock: base.clock,
        log: (message, detail) => logger.info(message, detail ?? {}),
      }),
  );
}

/** The closing-odds task: snapshots before kickoff where the odds source keeps no closing line. */
export function buildClosingOdds(base: Base) {
  return rebuilt(
    base,
    buildClosingOdds,
    () => footballProviders(base),
    (providers) =>
      makeClosingOddsCapture({
        oddsProvider: providers.oddsProvider,
        predictions: table(base, DynamoPredictionRepository),
        fixtures: table(base, DynamoFixtureRepository),
        clock: base.clock,
        log: (message, detail) => logger.warn(message, detail ?? {}),
      }),
  );
}

/**
 * The leagues the scan flags without a forecast (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md):
 * `VALUE_ONLY_LEAGUES` against the catalog, less the leagues the fixture provider serves, or the source's own (the demo's
 * fourth league); none when the odds source lists no fixtures of its own (the CSV replay, no odds key).
 */
async function flagOnlyLeagues(base: Base, providers: FootballProviders): Promise<League[]> {
  if (!providers.oddsProvider.events) return [];
  // the demo's own league without a forecast, unless the setting turns them all off
  if (providers.flagOnlyLeagues) return base.config.VALUE_ONLY_LEAGUES === 'none' ? [] : providers.flagOnlyLeagues;
  const forecast = (await providers.fixturesProvider.leagues()).map((l) => l.id);
  try {
    return valueOnlyLeagues(base.config.VALUE_ONLY_LEAGUES, LEAGUE_CATALOG, forecast);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  - ${(error as Error).message}`);
  }
}

/** The odds scan: value flags raised and withdrawn as prices move; writes through the invalidating store. */
export function buildOddsScan(base: Base) {
  return rebuilt(
    base,
    buildOddsScan,
    () => footballProviders(base),
    async (providers) =>
      makeOddsScan({
        oddsProvider: providers.oddsProvider,
        predictions: invalidatingPredictionRepository(base),
        fixtures: table(base, DynamoFixtureRepository),
        marks: invalidatingScanMarks(base),
        clock: base.clock,
        valueOnly: { leagues: await flagOnlyLeagues(base, providers) },
        log: (message, detail) => logger.warn(message, detail ?? {}),
      }),
  );
}

/**
 * The flag-only leagues' results (docs/decisions/0297-results-for-flag-only-leagues.md): the results job's
 * `FLAG_ONLY_RESULTS_TASK`, from the odds source's own results; undefined without such a source or such a league.
 */
export function buildFlagOnlyResults(base: Base): Promise<FlagOnlyResults | undefined> {
  return rebuilt(
    base,
    buildFlagOnlyResults,
    () => footballProviders(base),
    async (providers) => {
      const leagues = await flagOnlyLeagues(base, providers);
      if (!providers.feedResults || !leagues.length) return undefined;
      return makeFlagOnlyResults({
        results: providers.feedResults,
        oddsProvider: providers.oddsProvider,
        predictions: invalidatingPredictionRepository(base),
        fixtures: table(base, DynamoFixtureRepository),
        ledger: ledgerReads(base),
        trackedBets: table(base, DynamoTrackedBetRepository),
        leagues,
        clock: base.clock,
        log: (message, detail) => logger.warn(message, detail ?? {}),
      });
    },
  );
}

/** Job runs: requested, planned, their tasks run and finished. */
export function buildJobs(base: Base) {
  return once(base, buildJobs, () => {
    const { clock } = base;
    const leagues = buildLeagues(base);
    return makeJobService({
      jobs: table(base, DynamoJobRepository),
      dispatcher: makeDispatcher(buildMessageQueue(base), () => clock.now()),
      clock,
      rules: jobTimings,
      newId: () => ulid(),
      // The planner refreshes the league list from the provider on every run; a results run adds the flag-only leagues' task.
      leagueIds: async (type) => {
        const { fixturesProvider } = await footballProviders(base);
        const list = await fixturesProvider.leagues();
        await leagues.saveAll(list);
        const flagOnly = type === 'results' && (await buildFlagOnlyResults(base)) ? [FLAG_ONLY_RESULTS_TASK] : [];
        return [...list.map((l) => l.id), ...flagOnly];
      },
      log: (message, detail) => logger.info(message, detail ?? {}),
    });
  });
}

/** The season step of the generation and results tasks; rebuilt with the providers when a provider key is rolled. */
export function buildSeasonJob(base: Base) {
  return rebuilt(
    base,
    buildSeasonJob,
    () => footballProviders(base),
    (providers) =>
      makeSeasonJob({
        fixturesProvider: providers.fixturesProvider,
        history: table(base, DynamoHistoryRepository),
        models: table(base, DynamoModelStateRepository),
        leagues: buildLeagues(base),
        seasons: table(base, DynamoSeasonRepository),
        rulesOf: providers.seasonRules,
        clock: base.clock,
        log: (message, detail) => logger.info(message, detail ?? {}),
      }),
  );
}
