import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StoredTrackedBet, TrackedOutcome } from '@app/core/my-bets/bet';
import type { TrackedBetChange, TrackedBetRepository } from '@app/core/my-bets/ports';
import { batchPut } from './batch.ts';
import { conditionalWrite } from './conditions.ts';
import { recordOf } from './items.ts';
import { keys } from './keys.ts';
import { queryAll } from './query.ts';

const SCHEMA_VERSION = 1;

/** A bet's item: in its owner's collection, and in the fixture's open bets (GSI1) while it has no result. */
export function trackedBetItem(bet: StoredTrackedBet): Record<string, unknown> {
  const open = bet.result === undefined ? keys.openTrackedBet(bet.fixtureId, bet.userId, bet.id) : {};
  return { ...keys.trackedBet(bet.userId, bet.id), ...open, type: 'TrackedBet', schemaVersion: SCHEMA_VERSION, ...bet };
}

/** `SET` of every attribute of `values` (names aliased: `result` and others are reserved words). */
function setExpression(values: Record<string, unknown>) {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  return {
    expression: `SET ${entries.map((_, i) => `#a${i} = :a${i}`).join(', ')}`,
    names: Object.fromEntries(entries.map(([k], i) => [`#a${i}`, k])),
    values: Object.fromEntries(entries.map(([, v], i) => [`:a${i}`, v])),
  };
}

/**
 * Subscribers' tracked bets (A29 in docs/architecture.md#dynamodb-access-patterns): every read and
 * write by id is in the owner's own collection, so another user's id is not found
 * (docs/decisions/0300-my-bets.md).
 */
export class DynamoTrackedBetRepository implements TrackedBetRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private byUser(userId: string) {
    return {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :bet)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':bet': keys.trackedBetPrefix },
    };
  }

  async listByUser(userId: string): Promise<StoredTrackedBet[]> {
    return (await queryAll(this.doc, { ...this.byUser(userId), ConsistentRead: true })).map((item) => recordOf<StoredTrackedBet>(item));
  }

  async count(userId: string): Promise<number> {
    let count = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(new QueryCommand({ ...this.byUser(userId), Select: 'COUNT', ExclusiveStartKey }));
      count += page.Count ?? 0;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return count;
  }

  async get(userId: string, id: string): Promise<StoredTrackedBet | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.trackedBet(userId, id), ConsistentRead: true }));
    return out.Item ? recordOf<StoredTrackedBet>(out.Item) : undefined;
  }

  async add(bets: readonly StoredTrackedBet[]): Promise<void> {
    if (bets.length === 1) {
      await this.doc.send(new PutCommand({ TableName: this.tableName, Item: trackedBetItem(bets[0]!), ConditionExpression: 'attribute_not_exists(PK)' }));
      return;
    }
    await batchPut(this.doc, this.tableName, bets.map(trackedBetItem));
  }

  async update(userId: string, id: string, { outcome, ...change }: TrackedBetChange): Promise<boolean> {
    const set = setExpression({ ...change, ...outcome });
    return conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.trackedBet(userId, id),
          UpdateExpression: set.expression,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: set.names,
          ExpressionAttributeValues: set.values,
        }),
      ),
    );
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keys.trackedBet(userId, id), ConditionExpression: 'attribute_exists(PK)' })),
    );
  }

  async listOpenForFixture(fixtureId: string): Promise<StoredTrackedBet[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.openTrackedBetsPartition(fixtureId) },
    });
    return items.map((item) => recordOf<StoredTrackedBet>(item));
  }

  async settle(bet: Pick<StoredTrackedBet, 'userId' | 'id'>, outcome: TrackedOutcome): Promise<boolean> {
    const set = setExpression(outcome as unknown as Record<string, unknown>);
    return conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.trackedBet(bet.userId, bet.id),
          UpdateExpression: `${set.expression} REMOVE GSI1PK, GSI1SK`,
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#settled)',
          ExpressionAttributeNames: { ...set.names, '#settled': 'result' },
          ExpressionAttributeValues: set.values,
        }),
      ),
    );
  }
}
