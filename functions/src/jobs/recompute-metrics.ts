import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { jobService, metricsJob } from '../composition/pipeline.ts';
import { analyticsJob } from '../composition/premium.ts';
import { jobRoute } from './route.ts';

/** The latest metrics and the daily trend entries, from settled high-confidence picks; then the premium analytics. */
export const handler = jobRoute({ queue: 'metrics-recompute', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const [metrics, analytics] = await Promise.all([metricsJob(), analyticsJob()]);
  await (await jobService()).runTask(message, async () => `${await metrics.recompute()}; ${await analytics.recompute()}`, delivery);
});
