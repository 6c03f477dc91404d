import { EmailRequestedSchema } from '@app/events/email.requested';
import { mailService } from '../composition/email.ts';
import { jobRoute } from './route.ts';

/** Renders and sends one requested email; a failed send is retried by the queue, then dead-lettered. */
export const handler = jobRoute({ queue: 'email', schema: EmailRequestedSchema }, async (message) => {
  await (await mailService()).deliver(message);
});
