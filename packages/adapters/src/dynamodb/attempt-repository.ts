import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { AttemptState, AttemptRepository, StoredAttempts } from '@app/core/security/attempts';
import { conditionalWrite } from './conditions.ts';
import { keys } from './keys.ts';

/**
 * Password attempt counters per subject (an account on a network, or a network; hashed, never a
 * raw email or IP in a key), expiring by TTL. Every write is conditional on the version read, so
 * concurrent attempts are serialised by DynamoDB and none is lost.
 */
export class DynamoAttemptRepository implements AttemptRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(subject: string): Promise<StoredAttempts | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.key(subject), ConsistentRead: true }));
    if (!out.Item) return undefined;
    const { count, lastAt, nextAt, version } = out.Item as Record<string, number>;
    return { state: { count: Number(count), lastAt: Number(lastAt), nextAt: Number(nextAt) }, version: Number(version) };
  }

  async put(subject: string, state: AttemptState, expected: number | undefined, ttlMs: number): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...this.key(subject),
            type: 'PasswordAttempts',
            schemaVersion: 1,
            ...state,
            version: (expected ?? 0) + 1,
            expiresAt: Math.ceil((state.lastAt + ttlMs) / 1000),
          },
          ConditionExpression: expected === undefined ? 'attribute_not_exists(PK)' : 'version = :v',
          ...(expected === undefined ? {} : { ExpressionAttributeValues: { ':v': expected } }),
        }),
      ),
    );
  }

  async refund(subject: string): Promise<void> {
    await conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: this.key(subject),
          UpdateExpression: 'ADD #count :minus, version :one',
          ConditionExpression: '#count > :zero',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minus': -1, ':one': 1, ':zero': 0 },
        }),
      ),
    );
  }

  async clear(subject: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: this.key(subject) }));
  }

  private key(subject: string) {
    return keys.passwordAttempts(createHash('sha256').update(subject).digest('hex'));
  }
}
