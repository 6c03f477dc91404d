/** The composition root: the queues (job messages and email requests). */
import { SQSClient } from '@aws-sdk/client-sqs';
import { SqsMessageQueue } from '@app/adapters/sqs/sqs-message-queue';
import type { EmailRequest, RequestEmail, RequestEmails } from '@app/core/email/ports';
import type { MessageQueue } from '@app/core/queues/ports';
import type { EmailRequested } from '@app/events/email.requested';
import { once, type Base } from './base.ts';
import { localAdapters } from './local-adapters.ts';

/** SQS on AWS; the local stack's in-process queue with QUEUE_DRIVER=local. */
export function buildMessageQueue(base: Base): MessageQueue {
  return once(base, buildMessageQueue, () => {
    const { config } = base;
    if (config.QUEUE_DRIVER === 'local') return localAdapters(base, 'QUEUE_DRIVER=local').messageQueue(base);
    return new SqsMessageQueue(new SQSClient({ region: config.AWS_REGION }), config.QUEUE_URL_PREFIX!);
  });
}

/** Puts an email request on the email queue; the email consumer renders and sends it. */
export function requestEmail(base: Base): RequestEmail {
  const queue = buildMessageQueue(base);
  return async (request: EmailRequest) => {
    const message: EmailRequested = { type: 'email.requested', version: 1, ...request, requestedAt: base.clock.now().toISOString() };
    await queue.send('email', message);
  };
}

/** Puts email requests on the email queue. */
export function requestEmails(base: Base): RequestEmails {
  const queue = buildMessageQueue(base);
  return async (requests: EmailRequest[]) => {
    const requestedAt = base.clock.now().toISOString();
    const messages: EmailRequested[] = requests.map((request) => ({ type: 'email.requested', version: 1, ...request, requestedAt }));
    await queue.sendBatch('email', messages);
  };
}
