import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { buildGeneration, buildJobs, buildSeasonJob } from '../composition/pipeline.ts';
import { consumerRoute } from './route.ts';

/** One league: settle finished fixtures, void cancelled ones, grow the history with the matches' statistics, then simulate the rest of its season. */
export const handler = consumerRoute(
  { queue: 'result-ingestion', schema: LeagueTaskAssignedSchema, areas: { jobs: buildJobs, generation: buildGeneration, seasons: buildSeasonJob } },
  async (message, delivery) => {
    const { jobs, generation, seasons } = delivery;
    await jobs.runTask(message, async () => `${await generation.ingestResults(message.key)}; ${await seasons.refresh(message.key)}`, delivery);
  },
);
