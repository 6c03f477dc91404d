import type { SQSClient } from '@aws-sdk/client-sqs';
import { SendMessageCommand, type SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { messageQueueContract } from '@app/core/testing/message-queue.contract';
import { SqsMessageQueue } from './sqs-message-queue.ts';

const PREFIX = 'https://sqs.eu-west-2.amazonaws.com/123456789012/fp-dev-';

/**
 * A client that answers as SQS does (the shapes of its SendMessage and SendMessageBatch answers),
 * keeping the bodies per queue URL; a batch over ten entries is refused as SQS refuses it.
 */
function sqsLike(failing: ReadonlySet<string> = new Set()) {
  const bodies = new Map<string, string[]>();
  const keep = (url: string, body: string) => bodies.set(url, [...(bodies.get(url) ?? []), body]);
  const client = {
    send: async (command: SendMessageCommand | SendMessageBatchCommand) => {
      if (command instanceof SendMessageCommand) {
        keep(command.input.QueueUrl!, command.input.MessageBody!);
        return { MessageId: 'm-1', MD5OfMessageBody: 'x' };
      }
      const entries = command.input.Entries ?? [];
      if (entries.length === 0 || entries.length > 10)
        throw Object.assign(new Error('Maximum number of entries per request are 10.'), { name: 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest' });
      const failed = entries.filter((e) => failing.has(e.MessageBody!));
      for (const e of entries) if (!failed.includes(e)) keep(command.input.QueueUrl!, e.MessageBody!);
      return {
        Successful: entries.filter((e) => !failed.includes(e)).map((e) => ({ Id: e.Id, MessageId: `m-${e.Id}`, MD5OfMessageBody: 'x' })),
        Failed: failed.map((e) => ({ Id: e.Id, SenderFault: false, Code: 'InternalError', Message: 'try again' })),
      };
    },
  };
  return { client: client as unknown as SQSClient, bodies };
}

messageQueueContract('SQS', () => {
  const { client, bodies } = sqsLike();
  return {
    queue: new SqsMessageQueue(client, PREFIX),
    sent: async (name) => (bodies.get(`${PREFIX}${name}`) ?? []).map((body) => JSON.parse(body) as object),
  };
});

describe('SqsMessageQueue', () => {
  it('fails a batch that SQS answered with failed entries, naming them', async () => {
    const { client } = sqsLike(new Set([JSON.stringify({ n: 12 })]));
    const queue = new SqsMessageQueue(client, PREFIX);
    await expect(
      queue.sendBatch(
        'work',
        Array.from({ length: 15 }, (_, n) => ({ n })),
      ),
    ).rejects.toThrow('SendMessageBatch to work failed for 1 message(s): 12: InternalError try again');
  });
});
