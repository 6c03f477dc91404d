import { createJobRoute } from '@app/platform/jobs';
import { base, jobQueue } from '../composition.ts';

/** The middy stack of every SQS consumer, bound to this app's composition root. */
export const jobRoute = createJobRoute({
  deps: base,
  now: (b) => b.clock.now().getTime(),
  deadLetter: (_base, queue, rawBody, reason) => jobQueue().deadLetter(queue, rawBody, reason),
});
