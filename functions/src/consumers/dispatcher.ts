import type { MessageQueue } from '@app/core/queues/ports';
import { currentCorrelationId } from '@app/platform/correlation';
import type { JobDispatcher } from '@app/core/pipeline/jobs';
import type { JobRequested } from '@app/events/job.requested';
import { stageQueue, type LeagueTaskAssigned } from '@app/events/league-task.assigned';

/**
 * The job service's messages, in the versioned shapes of events/. Each carries the correlation id
 * of the work that sent it (the admin request, or the planner run), so the chain can be followed
 * in the logs.
 */
export function makeDispatcher(queue: MessageQueue, now: () => Date): JobDispatcher {
  const correlation = () => {
    const id = currentCorrelationId();
    return id ? { correlationId: id } : {};
  };
  return {
    async plan({ jobId, type, requestedBy }) {
      const message: JobRequested = {
        ...correlation(),
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
      const messages: LeagueTaskAssigned[] = keys.map((key) => ({ type: 'league-task.assigned', version: 1, jobId, jobType: type, key, ...correlation() }));
      await queue.sendBatch(stageQueue[type], messages);
    },
  };
}
