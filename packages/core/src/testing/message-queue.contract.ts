// The behaviour every MessageQueue must have, run with the same assertions against the laptop's
// in-process queue (packages/local) and the SQS adapter (packages/adapters, over a client that
// answers as SQS does).
import { describe, expect, it } from 'vitest';
import type { MessageQueue } from '../queues/ports.ts';

/** A queue, and what has been put on one of its queues so far (in the order it was put there). */
export interface MessageQueueFixture {
  queue: MessageQueue;
  sent(queueName: string): Promise<object[]>;
}

export function messageQueueContract(name: string, make: () => MessageQueueFixture | Promise<MessageQueueFixture>): void {
  describe(`MessageQueue contract: ${name}`, () => {
    it('sends every message of a batch of any size once, in order (SQS takes ten a call: the queue splits them)', async () => {
      const { queue, sent } = await make();
      const messages = Array.from({ length: 25 }, (_, n) => ({ n }));
      await queue.sendBatch('work', messages);
      expect(await sent('work')).toEqual(messages);
    });

    it('sends nothing for an empty batch, without failing', async () => {
      const { queue, sent } = await make();
      await queue.sendBatch('work', []);
      expect(await sent('work')).toEqual([]);
    });

    it('sends a single message', async () => {
      const { queue, sent } = await make();
      await queue.send('work', { n: 1 });
      expect(await sent('work')).toEqual([{ n: 1 }]);
    });
  });
}
