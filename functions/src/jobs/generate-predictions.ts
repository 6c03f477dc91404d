import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { generationService, jobService } from '../composition/pipeline.ts';
import { jobRoute } from './route.ts';

/** One league: sync fixtures and odds, refit if needed, predict the next 7 days. */
export const handler = jobRoute({ queue: 'prediction-generation', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const generation = await generationService();
  await (await jobService()).runTask(message, () => generation.generate(message.key), delivery);
});
