/** The composition root, part 6: the job pipeline (queue, jobs, generation, metrics). */
import { DynamoFixtureRepository } from '@app/adapters/dynamodb/fixture-repository';
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoMetricsRepository } from '@app/adapters/dynamodb/metrics-repository';
import { DynamoModelStateRepository } from '@app/adapters/dynamodb/model-state-repository';
import { DynamoPickRepository } from '@app/adapters/dynamodb/pick-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeGenerationService } from '@app/core/pipeline/generation';
import { makeJobService } from '@app/core/pipeline/jobs';
import { makeMetricsJob } from '@app/core/pipeline/metrics-job';
import type { PredictionStore } from '@app/core/pipeline/ports';
import { jobTimings } from '@app/events/queues';
import { logger } from '@app/platform/logger';
import { memoAsync, rebuildOnChange } from '@app/platform/memo';
import { ulid } from 'ulid';
import { makeDispatcher } from '../jobs/dispatcher.ts';
import { base } from './base.ts';
import { footballProviders } from './providers.ts';
import { jobQueue } from './queue.ts';
import { metricsService, predictionService } from './reads.ts';

export const leagueRepository = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoLeagueRepository(doc, config.TABLE_NAME);
});

/** `write`, then `then()` once it succeeded. */
function afterwards<A extends unknown[], R>(write: (...args: A) => Promise<R>, then: () => void): (...args: A) => Promise<R> {
  return async (...args) => {
    const result = await write(...args);
    then();
    return result;
  };
}

export const metricsJob = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  const metrics = new DynamoMetricsRepository(doc, config.TABLE_NAME);
  const reads = await metricsService();
  return makeMetricsJob({
    picks: new DynamoPickRepository(doc, config.TABLE_NAME),
    // Readers in this process (the local stack runs jobs in-process) see new figures at once;
    // other Lambda containers within READ_CACHE_SECONDS.
    metrics: { save: afterwards(metrics.save.bind(metrics), () => reads.invalidate()) },
    clock,
  });
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
    clock,
    log: (message, detail) => logger.info(message, detail ?? {}),
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
