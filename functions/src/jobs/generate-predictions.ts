import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { generationService, jobService, seasonJob } from '../composition/pipeline.ts';
import { jobRoute } from './route.ts';

/** One league: sync fixtures and odds, refit if needed, predict the next 7 days, then simulate the rest of its season. */
export const handler = jobRoute({ queue: 'prediction-generation', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const [generation, seasons] = await Promise.all([generationService(), seasonJob()]);
  await (await jobService()).runTask(message, async () => `${await generation.generate(message.key)}; ${await seasons.refresh(message.key)}`, delivery);
});
