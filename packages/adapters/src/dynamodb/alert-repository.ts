import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { alertShardOf } from '@app/core/alerts/fanout';
import type { AlertFrequency, AlertRecipient, AlertRepository, ClaimOutcome, DeliveryClaim, StoredAlertSettings } from '@app/core/alerts/ports';
import { conditionalWrite, isConditionalCheckFailed } from './conditions.ts';
import { recordOf } from './items.ts';
import { keys } from './keys.ts';
import { failedConditions, transactWrite } from './transactions.ts';
import { userFromItem } from './user-repository.ts';

const SCHEMA_VERSION = 2;
/** BatchGetItem reads at most 100 keys. */
const BATCH_GET_KEYS = 100;
const ttl = (at: Date) => Math.ceil(at.getTime() / 1000);
/** How long a sent marker without a claim is kept (as long as a claim). */
const SENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** A page cursor: the index key DynamoDB returned as LastEvaluatedKey, as base64url JSON. */
function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}
function decodeCursor(cursor: string): Record<string, string> {
  const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  const fields = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
  if (
    !key ||
    typeof key !== 'object' ||
    Object.keys(key).length !== fields.length ||
    !fields.every((f) => typeof (key as Record<string, unknown>)[f] === 'string')
  ) {
    throw new Error('Not an alert shard cursor');
  }
  return key as Record<string, string>;
}

/** The item of a user's alert settings: only alerts that are on are in the index the fan-out reads, in the user's shard, under their frequency. */
export function alertSettingsItem(userId: string, settings: StoredAlertSettings): Record<string, unknown> {
  const index = settings.frequency !== 'off' ? keys.alertSettingsIndex(alertShardOf(userId), settings.frequency, userId) : {};
  return { ...keys.alertSettings(userId), ...index, type: 'AlertSettings', schemaVersion: SCHEMA_VERSION, userId, ...settings };
}

/**
 * Value-bet alert settings in the user's collection (deleted with the account), listed through GSI1 by shard and
 * frequency while not off; the claims of each flag set per user and the day counters beside them; one item per
 * announced set (A27 in docs/architecture.md#dynamodb-access-patterns).
 */
export class DynamoAlertRepository implements AlertRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(userId: string): Promise<StoredAlertSettings | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.alertSettings(userId), ConsistentRead: true }));
    return out.Item ? this.settingsOf(out.Item) : undefined;
  }

  async put(userId: string, settings: StoredAlertSettings): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: alertSettingsItem(userId, settings) }));
  }

  async listShard(shard: number, frequency: AlertFrequency, page: { cursor?: string; limit: number }): Promise<{ userIds: string[]; cursor?: string }> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :frequency)',
        ExpressionAttributeValues: { ':pk': keys.alertSettingsPartition(shard), ':frequency': `${frequency}#` },
        ProjectionExpression: 'userId',
        Limit: page.limit,
        ...(page.cursor ? { ExclusiveStartKey: decodeCursor(page.cursor) } : {}),
      }),
    );
    const cursor = encodeCursor(out.LastEvaluatedKey);
    return { userIds: (out.Items ?? []).map((item) => item.userId as string), ...(cursor ? { cursor } : {}) };
  }

  async recipients(userIds: readonly string[]): Promise<AlertRecipient[]> {
    const users = new Map<string, AlertRecipient['user']>();
    const settings = new Map<string, StoredAlertSettings>();
    const wanted = [...new Set(userIds)].flatMap((id) => [keys.user(id), keys.alertSettings(id)]);
    for (let i = 0; i < wanted.length; i += BATCH_GET_KEYS) {
      let pending: Array<Record<string, string>> = wanted.slice(i, i + BATCH_GET_KEYS);
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 6) throw new Error('BatchGetItem kept leaving keys unprocessed');
        if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
        const out = await this.doc.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: pending, ConsistentRead: true } } }));
        for (const item of out.Responses?.[this.tableName] ?? []) {
          if (item.SK === 'PROFILE') users.set(item.id as string, userFromItem(item));
          else settings.set(item.userId as string, this.settingsOf(item));
        }
        pending = (out.UnprocessedKeys?.[this.tableName]?.Keys ?? []) as Array<Record<string, string>>;
      }
    }
    return [...new Set(userIds)].flatMap((id) => {
      const user = users.get(id);
      const s = settings.get(id);
      return user && s ? [{ user, settings: s }] : [];
    });
  }

  async claimDelivery(claim: DeliveryClaim): Promise<ClaimOutcome> {
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          Put: {
            Item: {
              ...keys.alertDelivery(claim.userId, claim.setId),
              type: 'AlertDelivery',
              schemaVersion: SCHEMA_VERSION,
              day: claim.day,
              expiresAt: ttl(claim.expiresAt),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            Key: keys.alertDay(claim.userId, claim.day),
            UpdateExpression: 'SET #type = :type, schemaVersion = :v, expiresAt = :exp ADD sent :one',
            ConditionExpression: 'attribute_not_exists(sent) OR sent < :cap',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':type': 'AlertDay', ':v': SCHEMA_VERSION, ':exp': ttl(claim.expiresAt), ':one': 1, ':cap': claim.cap },
          },
        },
      ]);
      return 'claimed';
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) return 'duplicate';
      if (failed?.includes(1)) return 'capped';
      throw error;
    }
  }

  async releaseDelivery(claim: Pick<DeliveryClaim, 'setId' | 'userId' | 'day'>): Promise<void> {
    try {
      await transactWrite(this.doc, this.tableName, [
        { Delete: { Key: keys.alertDelivery(claim.userId, claim.setId), ConditionExpression: 'attribute_exists(PK)' } },
        {
          Update: {
            Key: keys.alertDay(claim.userId, claim.day),
            UpdateExpression: 'ADD sent :minus',
            ConditionExpression: 'sent > :zero',
            ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
          },
        },
      ]);
    } catch (error) {
      // Released already (a repeated release changes nothing).
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }

  async markSent(userId: string, setId: string, at: Date): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.alertDelivery(userId, setId),
          // On the delivery's claim; a request whose claim has expired gets a marker of its own.
          UpdateExpression:
            'SET sentAt = :at, #type = if_not_exists(#type, :type), schemaVersion = if_not_exists(schemaVersion, :v), expiresAt = if_not_exists(expiresAt, :exp)',
          ConditionExpression: 'attribute_not_exists(sentAt)',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':at': at.toISOString(),
            ':type': 'AlertDelivery',
            ':v': SCHEMA_VERSION,
            ':exp': ttl(new Date(at.getTime() + SENT_MEMORY_MS)),
          },
        }),
      ),
    );
  }

  async unmarkSent(userId: string, setId: string): Promise<void> {
    await this.doc.send(new UpdateCommand({ TableName: this.tableName, Key: keys.alertDelivery(userId, setId), UpdateExpression: 'REMOVE sentAt' }));
  }

  async claimAnnouncement(setId: string, expiresAt: Date): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.alertSet(setId), type: 'AlertSet', schemaVersion: SCHEMA_VERSION, expiresAt: ttl(expiresAt) },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  }

  async releaseAnnouncement(setId: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keys.alertSet(setId) }));
  }

  private settingsOf(item: Record<string, unknown>): StoredAlertSettings {
    const { userId: _userId, ...settings } = recordOf<StoredAlertSettings & { userId: string }>(item);
    return settings;
  }
}
