import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { generationService, jobService } from '../composition/pipeline.ts';
import { jobRoute } from './route.ts';

/** One league: settle finished fixtures, void cancelled ones, grow the history with the matches' statistics. */
export const handler = jobRoute({ queue: 'result-ingestion', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const generation = await generationService();
  await (await jobService()).runTask(message, () => generation.ingestResults(message.key), delivery);
});
