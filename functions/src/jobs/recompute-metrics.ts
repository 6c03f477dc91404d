import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { jobService, metricsJob } from '../composition.ts';
import { analyticsJob } from '../premium-deps.ts';
import { jobRoute } from './route.ts';

/** The latest metrics and the daily trend entries, from settled high-confidence picks; then the premium analytics. */
export const handler = jobRoute({ queue: 'metrics-recompute', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  await (await jobService()).runTask(message, async () => `${await metricsJob().recompute()}; ${await analyticsJob().recompute()}`, delivery);
});
