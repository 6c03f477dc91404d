import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { generationService, jobService } from '../composition/pipeline.ts';
import { jobRoute } from './route.ts';

/** One league: settle finished fixtures, void postponed ones, grow the history. */
export const handler = jobRoute({ queue: 'result-ingestion', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const generation = await generationService();
  await (await jobService()).runTask(message, () => generation.ingestResults(message.key), delivery);
});
