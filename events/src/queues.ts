/**
 * The queues: the job pipeline's and the email queue. Each is named for what it carries; its dead-letter queue adds `-dlq`.
 * The CDK stack and the local queue both read these settings, so they cannot drift apart.
 */
export const queues = {
  'jobs-planner': { consumerTimeoutSeconds: 30, batchSize: 5, maxConcurrency: 2 },
  'prediction-generation': { consumerTimeoutSeconds: 120, batchSize: 1, maxConcurrency: 2 },
  'result-ingestion': { consumerTimeoutSeconds: 60, batchSize: 1, maxConcurrency: 2 },
  'metrics-recompute': { consumerTimeoutSeconds: 60, batchSize: 1, maxConcurrency: 2 },
  /** Rendered and sent one by one; a failed send comes back, then goes to `email-dlq`. */
  email: { consumerTimeoutSeconds: 20, batchSize: 5, maxConcurrency: 2 },
} as const satisfies Record<string, QueueSettings>;

export interface QueueSettings {
  /** Timeout of the consuming function; the queue's visibility timeout is 6 x this. */
  consumerTimeoutSeconds: number;
  batchSize: number;
  maxConcurrency: number;
}

export type QueueName = keyof typeof queues;
export const queueNames = Object.keys(queues) as QueueName[];

/** AWS guidance: at least 5 receives before a message is dead-lettered. */
export const MAX_RECEIVE_COUNT = 5;
export const VISIBILITY_FACTOR = 6;

export function visibilityTimeoutSeconds(queue: QueueName): number {
  return queues[queue].consumerTimeoutSeconds * VISIBILITY_FACTOR;
}

export function deadLetterQueueName(queue: QueueName): string {
  return `${queue}-dlq`;
}
