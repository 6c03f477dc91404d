/**
 * The message queue port: sends to the named queues (the job pipeline's and the email queues).
 * The SQS adapter implements it on AWS; an in-process adapter with SQS semantics (@app/local)
 * implements it locally. Job messages carry ids, never data.
 */
export interface MessageQueue {
  send(queue: string, message: object): Promise<void>;
  /** Sends every message, any number of them (SQS takes ten a call: the queue makes as many calls as it takes). */
  sendBatch(queue: string, messages: object[]): Promise<void>;
  /** Moves a message that can never succeed (malformed) straight to the queue's dead-letter queue. */
  deadLetter(queue: string, rawBody: string, reason: string): Promise<void>;
}
