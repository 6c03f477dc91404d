import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { jobService, metricsJob } from '../composition/pipeline.ts';
import { jobRoute } from './route.ts';

/** The latest metrics and the daily trend entries, from settled high-confidence picks. */
export const handler = jobRoute({ queue: 'metrics-recompute', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const metrics = await metricsJob();
  await (await jobService()).runTask(message, () => metrics.recompute(), delivery);
});
