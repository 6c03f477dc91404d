import type { SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { EmailRequestedSchema } from '@app/events/email.requested';
import { JobRequestedSchema } from '@app/events/job.requested';
import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { deadLetterQueueName } from '@app/events/queues';
import { logger } from '@app/platform/logger';
import type { Clock } from '@app/core/clock';
import { buildUndeliveredEmails } from '../composition/email.ts';
import { buildJobs } from '../composition/pipeline.ts';
import { consumerRoute } from './route.ts';

type UndeliveredEmails = ReturnType<typeof buildUndeliveredEmails>;

const EMAIL_DLQ = deadLetterQueueName('email');
/** `...:fp-prod-email-dlq` on AWS, `...:email-dlq` locally. */
const fromEmailQueue = (record: SQSRecord) => new RegExp(`[:-]${EMAIL_DLQ}$`).test(record.eventSourceARN ?? '');
const reasonOf = (record: SQSRecord) => record.messageAttributes?.reason?.stringValue ?? 'no delivery succeeded within the receive limit';

/**
 * An email request of the email dead-letter queue, well-formed or not: recorded with its body (an
 * admin sees it, `npm run jobs -- redrive` replays it), never dropped. Logged at ERROR with
 * `emailDeadLetter`, which raises the email area's alarm. The body is not logged: it names a
 * person (docs/decisions/0141-email-dead-letters-kept-and-replayed.md).
 */
async function keepUndelivered(undelivered: UndeliveredEmails, clock: Clock, record: SQSRecord, reason: string): Promise<void> {
  await undelivered.record({ id: record.messageId, body: record.body, reason, deadLetteredAt: clock.now().toISOString() });
  logger.error('Email dead-lettered: recorded for a replay', { emailDeadLetter: true, undeliveredEmailId: record.messageId, reason });
}

/**
 * The consumer of every dead-letter queue: closes the books of a message no delivery could
 * complete. A task message fails its task with the reason (the run finishes as failed when it was
 * its last task); a planner message fails its run; an email request is kept for a replay.
 * Anything else is logged and dropped. See docs/decisions/0051-dead-letters-close-the-books.md.
 */
export const handler = consumerRoute(
  {
    queue: 'dead-letters',
    schema: z.union([LeagueTaskAssignedSchema, JobRequestedSchema, EmailRequestedSchema]),
    areas: { jobs: buildJobs, undelivered: buildUndeliveredEmails },
    // A malformed message reaches no area (the route builds them for a parsed one): the store is built here.
    onMalformed: async (record, reason, base) => {
      if (fromEmailQueue(record)) return keepUndelivered(buildUndeliveredEmails(base), base.clock, record, `${reasonOf(record)}; malformed: ${reason}`);
      logger.error('Malformed message dropped', { queue: 'dead-letters', messageId: record.messageId, reason });
    },
  },
  async (message, { record, jobs, undelivered, deps }) => {
    const reason = reasonOf(record);
    if (message.type === 'email.requested' || fromEmailQueue(record)) return keepUndelivered(undelivered, deps.clock, record, reason);
    // At ERROR: the jobs' failed-record alarm fires, and the body is what an operator replays.
    logger.error('Dead letter closed', { jobId: message.jobId, key: 'key' in message ? message.key : undefined, reason, body: record.body });
    if (message.type === 'league-task.assigned') await jobs.deadLettered({ jobId: message.jobId, jobType: message.jobType, key: message.key }, reason);
    else if (message.jobId) await jobs.deadLettered({ jobId: message.jobId, jobType: message.jobType }, reason);
  },
);
