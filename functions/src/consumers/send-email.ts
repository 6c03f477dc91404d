import { EmailRequestedSchema } from '@app/events/email.requested';
import { buildMail } from '../composition/email.ts';
import { consumerRoute } from './route.ts';

/** Renders and sends one requested email; a failed send is retried by the queue, then dead-lettered. */
export const handler = consumerRoute({ queue: 'email', schema: EmailRequestedSchema, areas: { mail: buildMail } }, async (message, { mail }) => {
  await mail.deliver(message);
});
