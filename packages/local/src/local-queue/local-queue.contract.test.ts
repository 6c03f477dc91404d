import { messageQueueContract } from '@app/core/testing/message-queue.contract';
import { LocalQueue } from './local-queue.ts';

messageQueueContract('the local queue', () => {
  const queue = new LocalQueue({
    queues: { work: { visibilityTimeoutMs: 1_000, maxReceiveCount: 3, batchSize: 10, consumerTimeoutMs: 30_000 } },
    now: () => 1_000_000,
  });
  const received: object[] = [];
  queue.subscribe('work', async (event) => {
    for (const record of event.Records) received.push(JSON.parse(record.body) as object);
  });
  return {
    queue,
    sent: async () => {
      await queue.drain();
      return received;
    },
  };
});
