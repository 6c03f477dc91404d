/** The composition root: the queues (job messages and email requests). */
import { SQSClient } from '@aws-sdk/client-sqs';
import { SqsJobQueue } from '@app/adapters/sqs/sqs-job-queue';
import type { EmailRequest, RequestEmail, RequestEmails } from '@app/core/email/ports';
import type { JobQueue } from '@app/core/jobs/ports';
import type { EmailRequested } from '@app/events/email.requested';
import { memoAsync } from '@app/platform/memo';
import { base } from './base.ts';
import { localAdapters } from './local-adapters.ts';

/** SQS on AWS; the local stack's in-process queue with QUEUE_DRIVER=local. */
export const jobQueue = /* @__PURE__ */ memoAsync(async (): Promise<JobQueue> => {
  const { config } = await base();
  if (config.QUEUE_DRIVER === 'local') return localAdapters('QUEUE_DRIVER=local').jobQueue();
  return new SqsJobQueue(new SQSClient({ region: config.AWS_REGION }), config.QUEUE_URL_PREFIX!);
});

/** Puts an email request on the email queue; the email consumer renders and sends it. */
export const requestEmail = /* @__PURE__ */ memoAsync(async (): Promise<RequestEmail> => {
  const { clock } = await base();
  const queue = await jobQueue();
  return async (request: EmailRequest) => {
    const message: EmailRequested = { type: 'email.requested', version: 1, ...request, requestedAt: clock.now().toISOString() };
    await queue.send('email', message);
  };
});

/** Puts email requests on the email queue, ten per call (one SQS SendMessageBatch each). */
export const requestEmails = /* @__PURE__ */ memoAsync(async (): Promise<RequestEmails> => {
  const { clock } = await base();
  const queue = await jobQueue();
  return async (requests: EmailRequest[]) => {
    const requestedAt = clock.now().toISOString();
    const messages: EmailRequested[] = requests.map((request) => ({ type: 'email.requested', version: 1, ...request, requestedAt }));
    for (let i = 0; i < messages.length; i += 10) await queue.sendBatch('email', messages.slice(i, i + 10));
  };
});
