import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { FLAG_ONLY_RESULTS_TASK } from '@app/core/pipeline/value-only-results';
import { buildFlagOnlyResults, buildGeneration, buildJobs, buildSeasonJob } from '../composition/pipeline.ts';
import { consumerRoute } from './route.ts';

/**
 * One league: settle finished fixtures, void cancelled ones, grow the history with the matches' statistics, then simulate
 * the rest of its season. The flag-only leagues' task settles their records from the odds source's results
 * (docs/decisions/0297-results-for-flag-only-leagues.md).
 */
export const handler = consumerRoute(
  {
    queue: 'result-ingestion',
    schema: LeagueTaskAssignedSchema,
    areas: { jobs: buildJobs, generation: buildGeneration, seasons: buildSeasonJob, flagOnly: buildFlagOnlyResults },
  },
  async (message, delivery) => {
    const { jobs, generation, seasons, flagOnly } = delivery;
    await jobs.runTask(
      message,
      async () => {
        if (message.key !== FLAG_ONLY_RESULTS_TASK) return `${await generation.ingestResults(message.key)}; ${await seasons.refresh(message.key)}`;
        return flagOnly ? await flagOnly.settle() : 'no flag-only league to settle';
      },
      delivery,
    );
  },
);
