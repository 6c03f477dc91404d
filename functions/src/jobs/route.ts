import { createJobRoute } from '@app/platform/jobs';
import { base } from '../composition/base.ts';
import { jobQueue } from '../composition/queues.ts';

/** The middy stack of every SQS consumer, bound to this app's composition root. */
export const jobRoute = createJobRoute({
  deps: base,
  now: (b) => b.clock.now().getTime(),
  deadLetter: async (_base, queue, rawBody, reason) => (await jobQueue()).deadLetter(queue, rawBody, reason),
});
