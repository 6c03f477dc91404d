import { JobRequestedSchema } from '@app/events/job.requested';
import { scheduledJobId } from '@app/events/schedules';
import { buildJobs } from '../composition/pipeline.ts';
import { buildScheduleGuard } from '../composition/football-providers.ts';
import { logger } from '@app/platform/logger';
import { scheduledRunMetric } from '@app/adapters/cloudwatch/run-metric';
import { consumerRoute } from './route.ts';

/**
 * Creates or resumes the run, takes its type's lock and sends one task per league. A scheduled
 * firing names its run after the schedule and its scheduled time, so a second delivery joins it.
 * A scheduled firing on a stage without provider keys is skipped (alarmed once); a run someone
 * asked for goes ahead and fails with the reason, in front of them. A scheduled run planned logs its
 * schedule's heartbeat (the run metric infra alarms on when the runs stop).
 */
export const handler = consumerRoute(
  { queue: 'jobs-planner', schema: JobRequestedSchema, areas: { jobs: buildJobs, schedules: buildScheduleGuard } },
  async (message, { jobs, schedules, deps }) => {
    if (message.requestedBy === 'schedule' && !(await schedules.allowed())) return;
    const jobId = message.jobId ?? (message.schedule ? scheduledJobId(message.schedule, message.requestedAt) : undefined);
    await jobs.plan({ ...(jobId ? { jobId } : {}), type: message.jobType, requestedBy: message.requestedBy });
    if (message.requestedBy === 'schedule' && message.schedule) {
      logger.info('Scheduled run', scheduledRunMetric(deps.config.POWERTOOLS_METRICS_NAMESPACE, message.schedule, new Date(message.requestedAt)));
    }
  },
);
