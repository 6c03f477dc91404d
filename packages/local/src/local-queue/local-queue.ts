import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { createHash, randomUUID } from 'node:crypto';
import type { MessageQueue } from '@app/core/queues/ports';

export interface LocalQueueSettings {
  visibilityTimeoutMs: number;
  /** A message received more often than this moves to the dead-letter list. */
  maxReceiveCount: number;
  batchSize: number;
  /** The consumer's time limit per batch, as its Lambda timeout: `context.getRemainingTimeInMillis()` counts down from it. */
  consumerTimeoutMs: number;
}

export type Consumer = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  reason: string;
  deadLetteredAt: number;
}

interface Message {
  messageId: string;
  body: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
}

interface QueueState {
  settings: LocalQueueSettings;
  messages: Message[];
  deadLetters: DeadLetter[];
  consumer?: Consumer;
  inFlight?: Promise<void>;
  /** Moved to the dead letters, not yet handed to the dead-letter consumer. */
  newDeadLetters: DeadLetter[];
}

export interface LocalQueueOptions {
  queues: Record<string, LocalQueueSettings>;
  /** Milliseconds since the epoch; tests pass a controllable clock. */
  now?: () => number;
  /** How often visible messages are looked for while started. */
  pollIntervalMs?: number;
  onError?: (queue: string, error: unknown) => void;
}

/**
 * An in-process queue with the SQS semantics our consumers rely on: batches delivered as real
 * `SQSEvent`s, a visibility timeout, redelivery of failed records (honouring partial batch
 * responses), a max receive count and then a dead-letter list that can be listed and redriven.
 * It implements the same `MessageQueue` port as the SQS adapter.
 */
export class LocalQueue implements MessageQueue {
  private readonly queues = new Map<string, QueueState>();
  private readonly now: () => number;
  private readonly pollIntervalMs: number;
  private readonly onError: (queue: string, error: unknown) => void;
  private timer: NodeJS.Timeout | undefined;
  private kick: NodeJS.Immediate | undefined;
  private deadLetterConsumer: Consumer | undefined;

  constructor(options: LocalQueueOptions) {
    for (const [name, settings] of Object.entries(options.queues)) {
      this.queues.set(name, { settings, messages: [], deadLetters: [], newDeadLetters: [] });
    }
    this.now = options.now ?? Date.now;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.onError = options.onError ?? (() => {});
  }

  async send(queue: string, message: object): Promise<void> {
    await this.sendBatch(queue, [message]);
  }

  async sendBatch(queue: string, messages: object[]): Promise<void> {
    const state = this.state(queue);
    const now = this.now();
    for (const message of messages) {
      state.messages.push({ messageId: randomUUID(), body: JSON.stringify(message), sentAt: now, visibleAt: now, receiveCount: 0 });
    }
    this.wake();
  }

  async deadLetter(queue: string, rawBody: string, reason: string): Promise<void> {
    const state = this.state(queue);
    const letter = { messageId: randomUUID(), body: rawBody, receiveCount: 0, reason, deadLetteredAt: this.now() };
    state.deadLetters.push(letter);
    // As on SQS, where the dead-letter consumer reads a DLQ whatever put the message there.
    state.newDeadLetters.push(letter);
  }

  /** Sends a raw body as it is (tests use this to inject malformed messages). */
  sendRaw(queue: string, body: string): void {
    const now = this.now();
    this.state(queue).messages.push({ messageId: randomUUID(), body, sentAt: now, visibleAt: now, receiveCount: 0 });
    this.wake();
  }

  subscribe(queue: string, consumer: Consumer): void {
    this.state(queue).consumer = consumer;
  }

  /**
   * The consumer of every dead-letter queue: each message that exceeds its receive count is
   * handed to it once (as an SQS event from `<queue>-dlq`) and stays listed for a redrive.
   */
  subscribeDeadLetters(consumer: Consumer): void {
    this.deadLetterConsumer = consumer;
  }

  /** Starts polling every queue that has a consumer. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.pollAll(), this.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling and waits for batches in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.kick) clearImmediate(this.kick);
    this.timer = undefined;
    this.kick = undefined;
    await Promise.all([...this.queues.values()].map((q) => q.inFlight));
  }

  /**
   * Receives one batch of visible messages from `queue` and hands it to the consumer.
   * Returns how many records were delivered (0 when nothing was visible).
   */
  async deliverOnce(queue: string): Promise<number> {
    const state = this.state(queue);
    if (!state.consumer) throw new Error(`No consumer subscribed to ${queue}`);
    while (state.inFlight) await state.inFlight;
    const batch = this.receive(state);
    const closed = await this.closeDeadLetters(queue, state);
    if (batch.length === 0) return closed;
    const run = this.deliver(queue, state, batch);
    state.inFlight = run;
    try {
      await run;
    } finally {
      if (state.inFlight === run) state.inFlight = undefined;
    }
    return batch.length;
  }

  /** Delivers until no queue has a visible message (messages waiting on a timeout stay). */
  async drain(maxRounds = 10_000): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      let delivered = 0;
      for (const [name, state] of this.queues) if (state.consumer) delivered += await this.deliverOnce(name);
      if (delivered === 0) return;
    }
    throw new Error('LocalQueue.drain: too many rounds (a consumer keeps failing?)');
  }

  /** When the next message of `queue` is (or became) visible, epoch ms; undefined when the queue is empty. Simulations on virtual time wait for it. */
  nextVisibleAt(queue: string): number | undefined {
    let next: number | undefined;
    for (const m of this.state(queue).messages) if (next === undefined || m.visibleAt < next) next = m.visibleAt;
    return next;
  }

  /** Messages still in the queue (visible or in flight). */
  depth(queue: string): number {
    return this.state(queue).messages.length;
  }

  deadLetters(queue: string): DeadLetter[] {
    return [...this.state(queue).deadLetters];
  }

  /** Moves every dead letter of `queue` back onto it with a fresh receive count. */
  redrive(queue: string): number {
    const state = this.state(queue);
    const moved = state.deadLetters.splice(0);
    const now = this.now();
    for (const d of moved) state.messages.push({ messageId: d.messageId, body: d.body, sentAt: now, visibleAt: now, receiveCount: 0 });
    this.wake();
    return moved.length;
  }

  /**
   * Drops the dead letters of `queue` whose message ids are given: a consumer kept them elsewhere
   * (the undelivered-email records), as the dead-letter consumer deletes them from an SQS DLQ.
   */
  discardDeadLetters(queue: string, messageIds: ReadonlySet<string>): number {
    const state = this.state(queue);
    const before = state.deadLetters.length;
    state.deadLetters = state.deadLetters.filter((d) => !messageIds.has(d.messageId));
    return before - state.deadLetters.length;
  }

  queueNames(): string[] {
    return [...this.queues.keys()];
  }

  private state(queue: string): QueueState {
    const state = this.queues.get(queue);
    if (!state) throw new Error(`Unknown queue '${queue}'`);
    return state;
  }

  private wake(): void {
    if (!this.timer || this.kick) return;
    this.kick = setImmediate(() => {
      this.kick = undefined;
      this.pollAll();
    });
  }

  private pollAll(): void {
    for (const [name, state] of this.queues) {
      if (!state.consumer || state.inFlight) continue;
      if (!state.messages.some((m) => m.visibleAt <= this.now())) continue;
      this.deliverOnce(name)
        .then((n) => n > 0 && this.wake())
        .catch((error) => this.onError(name, error));
    }
  }

  private receive(state: QueueState): Message[] {
    const now = this.now();
    const batch: Message[] = [];
    for (const message of [...state.messages]) {
      if (batch.length >= state.settings.batchSize) break;
      if (message.visibleAt > now) continue;
      if (message.receiveCount >= state.settings.maxReceiveCount) {
        state.messages.splice(state.messages.indexOf(message), 1);
        const letter = {
          messageId: message.messageId,
          body: message.body,
          receiveCount: message.receiveCount,
          reason: `maxReceiveCount (${state.settings.maxReceiveCount}) exceeded`,
          deadLetteredAt: now,
        };
        state.deadLetters.push(letter);
        state.newDeadLetters.push(letter);
        continue;
      }
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.visibleAt = now + state.settings.visibilityTimeoutMs;
      batch.push(message);
    }
    return batch;
  }

  /** Hands new dead letters to the dead-letter consumer (a failure is reported, not retried). */
  private async closeDeadLetters(queue: string, state: QueueState): Promise<number> {
    const letters = state.newDeadLetters.splice(0);
    if (!this.deadLetterConsumer || letters.length === 0) return 0;
    const dlq = `${queue}-dlq`;
    const event: SQSEvent = {
      Records: letters.map((d) => ({
        ...toRecord(dlq, { messageId: d.messageId, body: d.body, sentAt: d.deadLetteredAt, visibleAt: d.deadLetteredAt, receiveCount: 1 }),
        messageAttributes: { reason: { dataType: 'String', stringValue: d.reason, stringListValues: [], binaryListValues: [] } },
      })),
    };
    try {
      const response = await this.deadLetterConsumer(event, this.context(dlq, state.settings.consumerTimeoutMs));
      if (response?.batchItemFailures.length) this.onError(dlq, new Error(`${response.batchItemFailures.length} dead letter(s) could not be closed`));
    } catch (error) {
      this.onError(dlq, error);
    }
    return letters.length;
  }

  /** A Lambda context whose remaining time counts down from the consumer's time limit. */
  private context(queue: string, timeoutMs: number): Context {
    const ends = this.now() + timeoutMs;
    return {
      callbackWaitsForEmptyEventLoop: false,
      functionName: `local-${queue}`,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${queue}`,
      memoryLimitInMB: '1024',
      awsRequestId: randomUUID(),
      logGroupName: `/aws/lambda/local-${queue}`,
      logStreamName: 'local',
      getRemainingTimeInMillis: () => Math.max(0, ends - this.now()),
      done: () => {},
      fail: () => {},
      succeed: () => {},
    };
  }

  private async deliver(queue: string, state: QueueState, batch: Message[]): Promise<void> {
    const event: SQSEvent = { Records: batch.map((m) => toRecord(queue, m)) };
    let failed: Set<string>;
    try {
      const response = await state.consumer!(event, this.context(queue, state.settings.consumerTimeoutMs));
      const ids = (response?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      // As on AWS: an identifier that is not in the batch fails the whole batch.
      failed = ids.some((id) => !id || !batch.some((m) => m.messageId === id)) ? new Set(batch.map((m) => m.messageId)) : new Set(ids);
    } catch (error) {
      this.onError(queue, error);
      failed = new Set(batch.map((m) => m.messageId));
    }
    // Successful records are deleted; failed ones stay invisible until their timeout passes.
    state.messages = state.messages.filter((m) => !batch.includes(m) || failed.has(m.messageId));
  }
}

function toRecord(queue: string, m: Message): SQSRecord {
  return {
    messageId: m.messageId,
    receiptHandle: `${m.messageId}#${m.receiveCount}`,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receiveCount),
      SentTimestamp: String(m.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(m.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queue}`,
    awsRegion: 'local',
  };
}
