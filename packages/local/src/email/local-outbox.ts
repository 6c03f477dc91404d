import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import type { EmailMessage, EmailSender } from '@app/core/email/ports';
import { keys } from '@app/adapters/dynamodb/keys';

export interface SentEmail extends EmailMessage {
  /** ISO-8601 UTC. */
  sentAt: string;
}

const KEEP_SECONDS = 7 * 24 * 60 * 60;

/** Orders two messages sent in the same millisecond by this process: newest first holds for them too. */
let sent = 0;
const sequence = () => (sent++).toString(36).padStart(8, '0');

/**
 * The local stack's mail server: messages are kept in DynamoDB Local and shown at /__local/mail.
 * Nothing leaves the machine.
 */
export class LocalOutbox implements EmailSender {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly now: () => Date,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const sentAt = this.now().toISOString();
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...keys.localMail(sentAt, `${sequence()}${randomBytes(3).toString('hex')}`),
          type: 'LocalMail',
          schemaVersion: 1,
          ...message,
          sentAt,
          expiresAt: Math.ceil(Date.parse(sentAt) / 1000) + KEEP_SECONDS,
        },
      }),
    );
  }

  /** Newest first. */
  async list(limit = 100): Promise<SentEmail[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.localMailPartition },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => {
      const { to, subject, text, html, sentAt, replyTo, headers } = i as SentEmail;
      return { to, subject, text, html, sentAt, ...(replyTo ? { replyTo } : {}), ...(headers ? { headers } : {}) };
    });
  }
}
