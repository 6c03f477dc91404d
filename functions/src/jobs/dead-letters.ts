import * as z from 'zod/mini';
import { JobRequestedSchema } from '@app/events/job.requested';
import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { logger } from '@app/platform/logger';
import { jobService } from '../composition/pipeline.ts';
import { jobRoute } from './route.ts';

/**
 * The consumer of every dead-letter queue: closes the books of a message no delivery could
 * complete. A task message fails its task with the reason (the run finishes as failed when it was
 * its last task); a planner message fails its run. Anything else is logged and dropped.
 * See docs/decisions/0051-dead-letters-close-the-books.md.
 */
export const handler = jobRoute(
  { queue: 'dead-letters', schema: z.union([LeagueTaskAssignedSchema, JobRequestedSchema]), onMalformed: 'drop' },
  async (message, { record }) => {
    const reason = record.messageAttributes?.reason?.stringValue ?? 'no delivery succeeded within the receive limit';
    // At ERROR: the consumers' error alarm fires, and the body is what an operator replays.
    logger.error('Dead letter closed', { jobId: message.jobId, key: 'key' in message ? message.key : undefined, reason, body: record.body });
    const jobs = await jobService();
    if (message.type === 'league-task.assigned') await jobs.deadLettered({ jobId: message.jobId, jobType: message.jobType, key: message.key }, reason);
    else if (message.jobId) await jobs.deadLettered({ jobId: message.jobId, jobType: message.jobType }, reason);
  },
);
