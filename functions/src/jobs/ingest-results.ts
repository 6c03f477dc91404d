import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { generationService, jobService, seasonJob } from '../composition/pipeline.ts';
import { jobRoute } from './route.ts';

/** One league: settle finished fixtures, void cancelled ones, grow the history with the matches' statistics, then simulate the rest of its season. */
export const handler = jobRoute({ queue: 'result-ingestion', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const [generation, seasons] = await Promise.all([generationService(), seasonJob()]);
  await (await jobService()).runTask(message, async () => `${await generation.ingestResults(message.key)}; ${await seasons.refresh(message.key)}`, delivery);
});
