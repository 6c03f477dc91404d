import { BatchGetCommand, DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SessionRecord, SessionRepository } from '@app/core/auth/ports';
import type { UserRecord } from '@app/core/account/user';
import { conditionalWrite } from './conditions.ts';
import { queryAll } from './query.ts';
import { keys } from './keys.ts';
import { batchDelete, userFromItem } from './user-repository.ts';

const SCHEMA_VERSION = 1;

/** Revocable sessions in the user's item collection, expiring through TTL (A3 in docs/architecture.md#dynamodb-access-patterns). */
export class DynamoSessionRepository implements SessionRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(session: SessionRecord): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...keys.session(session.userId, session.sessionId),
          type: 'Session',
          schemaVersion: SCHEMA_VERSION,
          ...session,
          // TTL wants epoch seconds; expired sessions are also refused on read (TTL lags).
          expiresAt: Math.ceil(session.expiresAt / 1000),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  async getWithUser(userId: string, sessionId: string): Promise<{ session?: SessionRecord; user?: UserRecord }> {
    const sessionKey = keys.session(userId, sessionId);
    const out = await this.doc.send(
      new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: [sessionKey, keys.user(userId)], ConsistentRead: true } } }),
    );
    let items = out.Responses?.[this.tableName] ?? [];
    // Rarely DynamoDB returns keys unprocessed; read them once more.
    const unprocessed = out.UnprocessedKeys?.[this.tableName]?.Keys;
    if (unprocessed?.length) {
      const retry = await this.doc.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: unprocessed, ConsistentRead: true } } }));
      items = [...items, ...(retry.Responses?.[this.tableName] ?? [])];
    }
    const sessionItem = items.find((i) => i.SK === sessionKey.SK);
    const userItem = items.find((i) => i.SK === 'PROFILE');
    return {
      ...(sessionItem
        ? {
            session: {
              userId: String(sessionItem.userId),
              sessionId: String(sessionItem.sessionId),
              // Sessions from before epochs were bound to the first one.
              passwordEpoch: Number(sessionItem.passwordEpoch ?? 0),
              createdAt: Number(sessionItem.createdAt),
              lastSeenAt: Number(sessionItem.lastSeenAt),
              expiresAt: Number(sessionItem.expiresAt) * 1000,
            },
          }
        : {}),
      ...(userItem ? { user: userFromItem(userItem) } : {}),
    };
  }

  async touch(userId: string, sessionId: string, lastSeenAt: number): Promise<void> {
    await this.setOnLiveSession(userId, sessionId, 'lastSeenAt', lastSeenAt);
  }

  async rebind(userId: string, sessionId: string, passwordEpoch: number): Promise<void> {
    await this.setOnLiveSession(userId, sessionId, 'passwordEpoch', passwordEpoch);
  }

  /** Sets one field of a session that still exists: one ended in the meantime (a logout, a revocation) stays ended. */
  private async setOnLiveSession(userId: string, sessionId: string, field: 'lastSeenAt' | 'passwordEpoch', value: number): Promise<void> {
    await conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.session(userId, sessionId),
          UpdateExpression: 'SET #f = :v',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#f': field },
          ExpressionAttributeValues: { ':v': value },
        }),
      ),
    );
  }

  async delete(userId: string, sessionId: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keys.session(userId, sessionId) }));
  }

  async deleteAll(userId: string, keepSessionId?: string): Promise<number> {
    const found = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':s': keys.sessionPrefix },
      ProjectionExpression: 'PK, SK',
      ConsistentRead: true,
    });
    const keep = keepSessionId ? keys.session(userId, keepSessionId).SK : undefined;
    const doomed = found.filter((k) => k.SK !== keep);
    await batchDelete(this.doc, this.tableName, doomed);
    return doomed.length;
  }
}
