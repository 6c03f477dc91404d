/**
 * The queues (the job pipeline's and the email queue) and every number of the job pipeline's
 * retry, lease, time-budget and dead-letter rules. Each queue is named for what it carries; its
 * dead-letter queue adds `-dlq`. The CDK stack, the local queue and the job service (through the
 * composition root) all read them from here, so they cannot drift apart; docs/jobs.md explains
 * how they fit together.
 */
export const queues = {
  'jobs-planner': { consumerTimeoutSeconds: 30, batchSize: 5, maxConcurrency: 2 },
  'prediction-generation': { consumerTimeoutSeconds: 120, batchSize: 1, maxConcurrency: 2 },
  'result-ingestion': { consumerTimeoutSeconds: 60, batchSize: 1, maxConcurrency: 2 },
  'metrics-recompute': { consumerTimeoutSeconds: 60, batchSize: 1, maxConcurrency: 2 },
  /**
   * Value-bet alerts (docs/decisions/0250-alerts-fanned-out-by-queue.md): one message per shard of
   * subscribers, then one per batch of them. Wide: the batches of 100,000 subscribers run side by side.
   */
  'alert-fanout': { consumerTimeoutSeconds: 60, batchSize: 1, maxConcurrency: 20 },
  /** The daily billing reconciliation, one page of subscriptions per message, the cursor carried in the next. */
  'billing-reconciliation': { consumerTimeoutSeconds: 120, batchSize: 1, maxConcurrency: 2 },
  /** Rendered and sent one by one; a failed send comes back, then goes to `email-dlq`. */
  email: { consumerTimeoutSeconds: 20, batchSize: 5, maxConcurrency: 2 },
  /** SES bounce and complaint events (through SNS on AWS): each suppresses its addresses. */
  'email-events': { consumerTimeoutSeconds: 20, batchSize: 10, maxConcurrency: 2 },
} as const satisfies Record<string, QueueSettings>;

export interface QueueSettings {
  /** Timeout of the consuming function; the queue's visibility timeout is 6 x this. */
  consumerTimeoutSeconds: number;
  batchSize: number;
  maxConcurrency: number;
}

export type QueueName = keyof typeof queues;
export const queueNames = Object.keys(queues) as QueueName[];
/** Queues of the email area (their alarms notify as email, not as jobs); no job function may send to them. */
export const EMAIL_QUEUES: readonly QueueName[] = ['email', 'email-events'];

/** AWS guidance: at least 5 receives before a message is dead-lettered. */
export const MAX_RECEIVE_COUNT = 5;
export const VISIBILITY_FACTOR = 6;

export function visibilityTimeoutSeconds(queue: QueueName): number {
  return queues[queue].consumerTimeoutSeconds * VISIBILITY_FACTOR;
}

/** The consumer of every dead-letter queue (it closes the books of a few records per batch). */
export const DEAD_LETTER_CONSUMER_TIMEOUT_SECONDS = 30;

export function deadLetterQueueName(queue: QueueName): string {
  return `${queue}-dlq`;
}

/** The longest time a message can spend being redelivered before it reaches its DLQ. */
export const LONGEST_REDELIVERY_MS = MAX_RECEIVE_COUNT * Math.max(...queueNames.map(visibilityTimeoutSeconds)) * 1000;

/**
 * The job pipeline's timings (ms). A running task holds a lease, renewed by a heartbeat while it
 * works; the lease is far shorter than any visibility timeout, so a redelivered message always
 * finds the lease of a dead consumer expired. The job type's lock outlives the longest
 * redelivery cycle (and is renewed by the same heartbeat), so no second run can take it while a
 * message of the first may still come back.
 */
export const jobTimings = {
  /** A task's lease: a consumer that stops heartbeating loses it after this long. */
  taskLeaseMs: 60_000,
  /** How often a working task renews its lease and its job's lock. */
  heartbeatMs: 20_000,
  /** The job type's lock: the longest redelivery cycle plus a margin. */
  jobLockMs: LONGEST_REDELIVERY_MS + 10 * 60_000,
  /**
   * Kept back from the invocation's remaining time: a task's work must end this long before
   * the function does, so its outcome is recorded and the batch answered in time.
   */
  invocationReserveMs: 5_000,
  /** Kept back from a task's deadline for each provider call (the call ends before the task must). */
  callReserveMs: 1_000,
  /** Deliveries of one task before its failure is final (the last one records it). */
  maxAttempts: MAX_RECEIVE_COUNT,
} as const;

export type JobTimings = typeof jobTimings;
