import { JobRequestedSchema } from '@app/events/job.requested';
import { jobService } from '../composition.ts';
import { jobRoute } from './route.ts';

/** Creates or resumes the run, takes its type's lock and sends one task per league. */
export const handler = jobRoute({ queue: 'jobs-planner', schema: JobRequestedSchema }, async (message) => {
  await (await jobService()).plan({ ...(message.jobId ? { jobId: message.jobId } : {}), type: message.jobType, requestedBy: message.requestedBy });
});
