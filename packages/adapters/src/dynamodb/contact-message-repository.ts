import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage, ContactMessageRepository } from '@app/core/contact/ports';
import { queryAll } from './query.ts';
import { keys } from './keys.ts';
import { transactWrite } from './transactions.ts';

function fromItem(item: Record<string, unknown>): ContactMessage {
  const { id, name, email, subject, body, createdAt, userId, read } = item as unknown as ContactMessage;
  return { id, name, email, subject, body, createdAt, read: Boolean(read), ...(userId ? { userId } : {}) };
}

/** Contact messages (A19): one item each, listed through GSI1; a signed-in sender's marker sits in their collection. */
export class DynamoContactMessageRepository implements ContactMessageRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(m: ContactMessage): Promise<void> {
    const item = { ...keys.contactMessage(m.id), ...keys.contactMessageIndex(m.createdAt, m.id), type: 'ContactMessage', schemaVersion: 1, ...m };
    await transactWrite(this.doc, this.tableName, [
      { Put: { Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...(m.userId ? [{ Put: { Item: { ...keys.userContactMessage(m.userId, m.id), type: 'ContactMessageMarker', schemaVersion: 1, messageId: m.id } } }] : []),
    ]);
  }

  async get(id: string): Promise<ContactMessage | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.contactMessage(id), ConsistentRead: true }));
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async list(limit: number): Promise<ContactMessage[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.contactMessagesPartition },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(fromItem);
  }

  async setRead(id: string, read: boolean): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.contactMessage(id),
        UpdateExpression: 'SET #read = :r',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':r': read },
      }),
    );
  }

  async listByUser(userId: string): Promise<ContactMessage[]> {
    const markers = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': keys.userContactMessagePrefix },
    });
    const messages = await Promise.all(markers.map((m) => this.get(String(m.messageId))));
    return messages.filter((m): m is ContactMessage => m !== undefined);
  }
}
