import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Pick, PickMarket } from '@app/core/picks/pick';
import type { PickRepository } from '@app/core/pipeline/ports';
import { NotFoundError } from '@app/core/errors';
import { queryAll } from './query.ts';
import { keys, sortKeyCeiling } from './keys.ts';
import { recordOf } from './items.ts';

function months(from: Date, to: Date): string[] {
  const out: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (cursor.getTime() <= to.getTime()) {
    out.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return out;
}

function parsePickId(pickId: string): { fixtureId: string; market: PickMarket } | undefined {
  const i = pickId.lastIndexOf('~');
  const market = pickId.slice(i + 1);
  if (i <= 0 || (market !== '1x2' && market !== 'ou25')) return undefined;
  return { fixtureId: pickId.slice(0, i), market };
}

/**
 * High-confidence picks: in the fixture's collection, listed by month through the sparse GSI3
 * (A7 in docs/architecture.md#dynamodb-access-patterns).
 */
export class DynamoPickRepository implements PickRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listByKickoff(from: Date, to: Date): Promise<Pick[]> {
    const fromSk = from.toISOString();
    const toSk = sortKeyCeiling(to.toISOString());
    const perMonth = await Promise.all(
      months(from, to).map(async (month) =>
        (
          await queryAll(this.doc, {
            TableName: this.tableName,
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':pk': keys.highConfidencePartition(month), ':from': fromSk, ':to': toSk },
          })
        ).map((item) => recordOf<Pick>(item)),
      ),
    );
    return perMonth.flat();
  }

  async listForFixture(fixtureId: string): Promise<Pick[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.fixturePartition(fixtureId), ':p': keys.pickPrefix },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((item) => recordOf<Pick>(item));
  }

  async get(pickId: string): Promise<Pick | undefined> {
    const parsed = parsePickId(pickId);
    if (!parsed) return undefined;
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.pick(parsed.fixtureId, parsed.market), ConsistentRead: true }));
    return out.Item ? recordOf<Pick>(out.Item) : undefined;
  }

  async setWinningOdds(pickId: string, odds: number): Promise<void> {
    const parsed = parsePickId(pickId);
    if (!parsed) throw new NotFoundError(`No prediction ${pickId}`);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.pick(parsed.fixtureId, parsed.market),
          UpdateExpression: 'SET winningOdds = :o',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':o': odds },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new NotFoundError(`No prediction ${pickId}`, { cause: error });
      throw error;
    }
  }
}
