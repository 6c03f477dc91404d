import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { LocalQueue } from './local-queue.ts';

function setup(settings = { visibilityTimeoutMs: 1_000, maxReceiveCount: 3, batchSize: 10, consumerTimeoutMs: 30_000 }) {
  let now = 1_000_000;
  const queue = new LocalQueue({ queues: { work: settings }, now: () => now });
  const deliveries: SQSEvent[] = [];
  return {
    queue,
    deliveries,
    advance: (ms: number) => (now += ms),
    bodies: (event: SQSEvent) => event.Records.map((r) => JSON.parse(r.body).n as number),
  };
}

describe('LocalQueue', () => {
  it('delivers sent messages to the consumer as a real SQS event batch', async () => {
    const { queue, deliveries, bodies } = setup();
    queue.subscribe('work', async (event) => {
      deliveries.push(event);
    });
    await queue.sendBatch('work', [{ n: 1 }, { n: 2 }]);
    await queue.send('work', { n: 3 });
    expect(await queue.deliverOnce('work')).toBe(3);
    const [event] = deliveries;
    expect(bodies(event!)).toEqual([1, 2, 3]);
    expect(event!.Records[0]).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:work',
      attributes: { ApproximateReceiveCount: '1' },
    });
    expect(queue.depth('work')).toBe(0);
  });

  it('redelivers a failed batch only after the visibility timeout', async () => {
    const { queue, advance } = setup();
    let calls = 0;
    queue.subscribe('work', async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
    });
    expect(queue.nextVisibleAt('work')).toBeUndefined();
    await queue.send('work', { n: 1 });
    const sentAt = queue.nextVisibleAt('work')!;
    await queue.deliverOnce('work');
    expect(await queue.deliverOnce('work')).toBe(0);
    // Invisible until its visibility timeout has passed: a simulation on virtual time waits until then.
    expect(queue.nextVisibleAt('work')).toBe(sentAt + 1_000);
    advance(1_001);
    expect(await queue.deliverOnce('work')).toBe(1);
    expect(calls).toBe(2);
    expect(queue.depth('work')).toBe(0);
  });

  it('in a partial batch failure only the failed record comes back', async () => {
    const { queue, advance, bodies } = setup();
    const seen: number[][] = [];
    queue.subscribe('work', async (event) => {
      seen.push(bodies(event));
      const failed = event.Records.filter((r) => JSON.parse(r.body).n === 2 && seen.length === 1);
      return { batchItemFailures: failed.map((r) => ({ itemIdentifier: r.messageId })) };
    });
    await queue.sendBatch('work', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await queue.deliverOnce('work');
    advance(1_001);
    await queue.deliverOnce('work');
    expect(seen).toEqual([[1, 2, 3], [2]]);
    expect(queue.depth('work')).toBe(0);
  });

  it('treats an unknown item identifier as a failure of the whole batch, as SQS does', async () => {
    const { queue, advance } = setup();
    let calls = 0;
    queue.subscribe('work', async () => {
      calls += 1;
      return calls === 1 ? { batchItemFailures: [{ itemIdentifier: 'not-in-batch' }] } : undefined;
    });
    await queue.sendBatch('work', [{ n: 1 }, { n: 2 }]);
    await queue.deliverOnce('work');
    advance(1_001);
    expect(await queue.deliverOnce('work')).toBe(2);
  });

  it('moves a message to the dead-letter list after the max receive count, and redrives it', async () => {
    const { queue, advance } = setup();
    const receiveCounts: string[] = [];
    let healthy = false;
    queue.subscribe('work', async (event) => {
      receiveCounts.push(event.Records[0]!.attributes.ApproximateReceiveCount);
      if (!healthy) throw new Error('always fails');
    });
    await queue.send('work', { n: 1 });
    for (let i = 0; i < 5; i++) {
      await queue.deliverOnce('work');
      advance(1_001);
    }
    expect(receiveCounts).toEqual(['1', '2', '3']);
    expect(queue.depth('work')).toBe(0);
    const [dead] = queue.deadLetters('work');
    expect(dead).toMatchObject({ body: '{"n":1}', receiveCount: 3 });
    expect(dead!.reason).toMatch(/maxReceiveCount/);

    healthy = true;
    expect(queue.redrive('work')).toBe(1);
    expect(queue.deadLetters('work')).toEqual([]);
    await queue.deliverOnce('work');
    expect(receiveCounts.at(-1)).toBe('1');
    expect(queue.depth('work')).toBe(0);
  });

  it('honours the batch size', async () => {
    const { queue, deliveries } = setup({ visibilityTimeoutMs: 1_000, maxReceiveCount: 3, batchSize: 2, consumerTimeoutMs: 30_000 });
    queue.subscribe('work', async (event) => {
      deliveries.push(event);
    });
    await queue.sendBatch('work', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await queue.drain();
    expect(deliveries.map((d) => d.Records.length)).toEqual([2, 1]);
  });

  it('delivers on its own once started, and stop waits for the batch in flight', async () => {
    const queue = new LocalQueue({
      queues: { work: { visibilityTimeoutMs: 1_000, maxReceiveCount: 3, batchSize: 10, consumerTimeoutMs: 30_000 } },
      pollIntervalMs: 10,
    });
    const got: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    queue.subscribe('work', async (event) => {
      entered();
      await gate;
      got.push(...event.Records.map((r) => r.body));
    });
    queue.start();
    await queue.send('work', { n: 1 });
    // The queue's own poll delivers the batch: wait until the consumer holds it.
    await inFlight;
    const stopped = queue.stop();
    release();
    await stopped;
    expect(got).toEqual(['{"n":1}']);
  });

  it("gives the consumer a Lambda context whose remaining time counts down from the consumer's time limit", async () => {
    const { queue, advance } = setup();
    const remaining: number[] = [];
    queue.subscribe('work', async (_event, context) => {
      remaining.push(context.getRemainingTimeInMillis());
      advance(12_000);
      remaining.push(context.getRemainingTimeInMillis());
      advance(40_000);
      remaining.push(context.getRemainingTimeInMillis());
    });
    await queue.send('work', { n: 1 });
    await queue.deliverOnce('work');
    expect(remaining).toEqual([30_000, 18_000, 0]);
  });

  it('hands each message that exceeds its receive count to the dead-letter consumer once, and keeps it for a redrive', async () => {
    const { queue, advance } = setup({ visibilityTimeoutMs: 0, maxReceiveCount: 2, batchSize: 10, consumerTimeoutMs: 30_000 });
    queue.subscribe('work', async (event) => ({ batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) }));
    const closed: Array<{ arn: string; body: string; reason?: string }> = [];
    queue.subscribeDeadLetters(async (event) => {
      for (const r of event.Records) closed.push({ arn: r.eventSourceARN, body: r.body, reason: r.messageAttributes.reason?.stringValue });
    });
    await queue.send('work', { n: 7 });
    await queue.drain();
    advance(1);
    await queue.drain();
    expect(closed).toEqual([{ arn: 'arn:aws:sqs:local:000000000000:work-dlq', body: '{"n":7}', reason: 'maxReceiveCount (2) exceeded' }]);
    expect(queue.deadLetters('work')).toHaveLength(1);
  });

  it('keeps malformed messages that a consumer dead-letters itself', async () => {
    const { queue } = setup();
    await queue.deadLetter('work', '{bad', 'not JSON');
    expect(queue.deadLetters('work')).toMatchObject([{ body: '{bad', reason: 'not JSON' }]);
    await expect(queue.send('nope', {})).rejects.toThrow(/Unknown queue/);
  });
});
