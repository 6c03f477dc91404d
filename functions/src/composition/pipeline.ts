/** The composition root: the job pipeline (generation, closing odds, the season step, the jobs and their dispatcher); the ledger it writes is ledger.ts. */
import { DynamoFixtureRepository } from '@app/adapters/dynamodb/fixture-repository';
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoModelStateRepository } from '@app/adapters/dynamodb/model-state-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeClosingOddsTask } from '@app/core/pipeline/closing-odds';
import { makeOddsScanTask } from '@app/core/pipeline/odds-scan';
import { makeGenerationService } from '@app/core/pipeline/generation';
import { makeSeasonJob } from '@app/core/seasons/service';
import { DynamoSeasonRepository } from '@app/adapters/dynamodb/season-repository';
import { makeJobService } from '@app/core/pipeline/jobs';
import type { PredictionStore } from '@app/core/pipeline/ports';
import { jobTimings } from '@app/events/queues';
import { logger } from '@app/platform/logger';
import { memoAsync, rebuildOnChange } from '@app/platform/memo';
import { ulid } from 'ulid';
import { makeDispatcher } from '../jobs/dispatcher.ts';
import { afterwards, base } from './base.ts';
import { ledgerReads } from './ledger.ts';
import { footballProviders } from './football-providers.ts';
import { jobQueue } from './queues.ts';
import { predictionService } from './public-reads.ts';

export const leagueRepository = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoLeagueRepository(doc, config.TABLE_NAME);
});

/** The store the pipeline writes through: the upcoming-predictions read of this process is dropped after each write. */
async function invalidatingPredictionStore(store: DynamoPredictionRepository): Promise<PredictionStore> {
  const reads = await predictionService();
  const invalidate = () => reads.invalidate();
  return {
    get: (fixtureId) => store.get(fixtureId),
    listByKickoff: (from, to) => store.listByKickoff(from, to),
    write: afterwards(store.write.bind(store), invalidate),
    settle: afterwards(store.settle.bind(store), invalidate),
  };
}

/** Rebuilt with the providers when a provider key is rolled. */
export const generationService = /* @__PURE__ */ rebuildOnChange(footballProviders, async (providers) => {
  const { doc, config, clock } = await base();
  return makeGenerationService({
    ...providers,
    leagues: await leagueRepository(),
    fixtures: new DynamoFixtureRepository(doc, config.TABLE_NAME),
    history: new DynamoHistoryRepository(doc, config.TABLE_NAME),
    models: new DynamoModelStateRepository(doc, config.TABLE_NAME),
    predictions: await invalidatingPredictionStore(new DynamoPredictionRepository(doc, config.TABLE_NAME)),
    ledger: await ledgerReads(),
    clock,
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

/** The closing-odds task: snapshots before kickoff where the odds source keeps no closing line. */
export const closingOddsTask = /* @__PURE__ */ rebuildOnChange(footballProviders, async (providers) => {
  const { doc, config, clock } = await base();
  return makeClosingOddsTask({
    oddsProvider: providers.oddsProvider,
    predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME),
    fixtures: new DynamoFixtureRepository(doc, config.TABLE_NAME),
    clock,
    log: (message, detail) => logger.warn(message, detail ?? {}),
  });
});

/** The odds scan: value flags raised and withdrawn as prices move; writes through the invalidating store. */
export const oddsScanTask = /* @__PURE__ */ rebuildOnChange(footballProviders, async (providers) => {
  const { doc, config, clock } = await base();
  return makeOddsScanTask({
    oddsProvider: providers.oddsProvider,
    predictions: await invalidatingPredictionStore(new DynamoPredictionRepository(doc, config.TABLE_NAME)),
    fixtures: new DynamoFixtureRepository(doc, config.TABLE_NAME),
    clock,
    log: (message, detail) => logger.warn(message, detail ?? {}),
  });
});

export const jobService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  const leagues = await leagueRepository();
  return makeJobService({
    jobs: new DynamoJobRepository(doc, config.TABLE_NAME),
    dispatcher: makeDispatcher(await jobQueue(), () => clock.now()),
    clock,
    rules: jobTimings,
    newId: () => ulid(),
    // The planner refreshes the league list from the provider on every run.
    leagueIds: async () => {
      const list = await (await footballProviders()).fixturesProvider.leagues();
      await leagues.saveAll(list);
      return list.map((l) => l.id);
    },
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

/** The season step of the generation and results tasks; rebuilt with the providers when a provider key is rolled. */
export const seasonJob = /* @__PURE__ */ rebuildOnChange(footballProviders, async (providers) => {
  const { doc, config, clock } = await base();
  return makeSeasonJob({
    fixturesProvider: providers.fixturesProvider,
    history: new DynamoHistoryRepository(doc, config.TABLE_NAME),
    models: new DynamoModelStateRepository(doc, config.TABLE_NAME),
    leagues: await leagueRepository(),
    seasons: new DynamoSeasonRepository(doc, config.TABLE_NAME),
    rulesOf: providers.seasonRules,
    clock,
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

