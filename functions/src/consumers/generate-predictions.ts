import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { buildGeneration, buildJobs, buildSeasonJob } from '../composition/pipeline.ts';
import { consumerRoute } from './route.ts';

/** One league: sync fixtures and odds, refit if needed, predict the next 7 days, then simulate the rest of its season. */
export const handler = consumerRoute(
  { queue: 'prediction-generation', schema: LeagueTaskAssignedSchema, areas: { jobs: buildJobs, generation: buildGeneration, seasons: buildSeasonJob } },
  async (message, delivery) => {
    const { jobs, generation, seasons } = delivery;
    await jobs.runTask(message, async () => `${await generation.generate(message.key)}; ${await seasons.refresh(message.key)}`, delivery);
  },
);
