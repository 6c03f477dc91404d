import type { SQSClient } from '@aws-sdk/client-sqs';
import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { MessageQueue } from '@app/core/queues/ports';

/**
 * The job queue on AWS. Queue URLs are `<prefix><queue name>`; each queue's dead-letter queue
 * is `<prefix><queue name>-dlq` (infra names them that way).
 */
export class SqsMessageQueue implements MessageQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly urlPrefix: string,
  ) {}

  async send(queue: string, message: object): Promise<void> {
    await this.client.send(new SendMessageCommand({ QueueUrl: this.url(queue), MessageBody: JSON.stringify(message) }));
  }

  async sendBatch(queue: string, messages: object[]): Promise<void> {
    for (let i = 0; i < messages.length; i += 10) {
      const chunk = messages.slice(i, i + 10);
      const out = await this.client.send(
        new SendMessageBatchCommand({
          QueueUrl: this.url(queue),
          Entries: chunk.map((m, j) => ({ Id: String(i + j), MessageBody: JSON.stringify(m) })),
        }),
      );
      if (out.Failed?.length) {
        const detail = out.Failed.map((f) => `${f.Id}: ${f.Code} ${f.Message ?? ''}`).join('; ');
        throw new Error(`SendMessageBatch to ${queue} failed for ${out.Failed.length} message(s): ${detail}`);
      }
    }
  }

  async deadLetter(queue: string, rawBody: string, reason: string): Promise<void> {
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.url(`${queue}-dlq`),
        MessageBody: rawBody,
        MessageAttributes: { reason: { DataType: 'String', StringValue: reason.slice(0, 1000) } },
      }),
    );
  }

  private url(queue: string): string {
    return `${this.urlPrefix}${queue}`;
  }
}
