import { MAX_RECEIVE_COUNT } from '@app/events/queues';
import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { generationService, jobService } from '../composition.ts';
import { jobRoute } from './route.ts';

/** One league: sync fixtures and odds, refit if needed, predict the next 7 days. */
export const handler = jobRoute({ queue: 'prediction-generation', schema: LeagueTaskAssignedSchema }, async (message, { receiveCount }) => {
  const generation = await generationService();
  await (await jobService()).runTask(message, () => generation.generate(message.key), { final: receiveCount >= MAX_RECEIVE_COUNT });
});
