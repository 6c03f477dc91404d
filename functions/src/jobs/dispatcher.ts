import type { JobQueue } from '@app/core/jobs/ports';
import type { JobDispatcher } from '@app/core/pipeline/jobs';
import type { JobRequested } from '@app/events/job.requested';
import { stageQueue, type LeagueTaskAssigned } from '@app/events/league-task.assigned';

/** The job service's messages, in the versioned shapes of events/. */
export function makeDispatcher(queue: JobQueue, now: () => Date): JobDispatcher {
  return {
    async plan({ jobId, type, requestedBy }) {
      const message: JobRequested = {
        type: 'job.requested',
        version: 1,
        jobType: type,
        jobId,
        requestedBy: requestedBy as JobRequested['requestedBy'],
        requestedAt: now().toISOString(),
      };
      await queue.send('jobs-planner', message);
    },
    async assign(jobId, type, keys) {
      const messages: LeagueTaskAssigned[] = keys.map((key) => ({ type: 'league-task.assigned', version: 1, jobId, jobType: type, key }));
      await queue.sendBatch(stageQueue[type], messages);
    },
  };
}
