/**
 * The job queue port. The SQS adapter implements it on AWS; an in-process adapter with SQS
 * semantics implements it locally. Messages carry ids, never data.
 */
export interface JobQueue {
  send(queue: string, message: object): Promise<void>;
  sendBatch(queue: string, messages: object[]): Promise<void>;
  /** Moves a message that can never succeed (malformed) straight to the queue's dead-letter queue. */
  deadLetter(queue: string, rawBody: string, reason: string): Promise<void>;
}
