import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { LoginThrottleStore } from '@app/core/auth/ports';
import { keys } from './keys.ts';

/** Keeps at most this many timestamps per subject; more are never needed to decide. */
const MAX_KEPT = 20;

/**
 * Failed-login timestamps per subject (an email or a client IP, hashed), expiring by TTL
 * (A12 in docs/architecture.md#dynamodb-access-patterns).
 * Appends are atomic (`list_append`), so concurrent failures all count.
 */
export class DynamoLoginThrottle implements LoginThrottleStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async failures(subject: string): Promise<number[]> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.key(subject), ConsistentRead: true }));
    return ((out.Item?.attempts as number[] | undefined) ?? []).map(Number);
  }

  async recordFailure(subject: string, at: number, windowMs: number): Promise<void> {
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: this.key(subject),
        UpdateExpression: 'SET attempts = list_append(if_not_exists(attempts, :empty), :now), expiresAt = :ttl, #type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':empty': [], ':now': [at], ':ttl': Math.ceil((at + windowMs) / 1000), ':type': 'LoginThrottle' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const attempts = (out.Attributes?.attempts as number[] | undefined) ?? [];
    if (attempts.length > MAX_KEPT) {
      const recent = attempts.filter((t) => t > at - windowMs).slice(-MAX_KEPT);
      // Trim only if nobody appended meanwhile; otherwise the next failure trims.
      await this.doc
        .send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: this.key(subject),
            UpdateExpression: 'SET attempts = :recent',
            ConditionExpression: 'size(attempts) = :n',
            ExpressionAttributeValues: { ':recent': recent, ':n': attempts.length },
          }),
        )
        .catch(() => {});
    }
  }

  async clear(subject: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: this.key(subject) }));
  }

  private key(subject: string) {
    return keys.loginThrottle(createHash('sha256').update(subject).digest('hex'));
  }
}
