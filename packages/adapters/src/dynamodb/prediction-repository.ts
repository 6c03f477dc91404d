import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { utcDay, utcDaysBetween } from '@app/core/clock';
import type { Pick } from '@app/core/picks/pick';
import type { PredictionStore } from '@app/core/pipeline/ports';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { failedConditions, transactWrite } from './transactions.ts';
import { queryAll } from './query.ts';
import { keys, sortKeyCeiling } from './keys.ts';

const SCHEMA_VERSION = 1;
const MARKETS = ['1x2', 'ou25'] as const;
const INDEX_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'type', 'schemaVersion', 'kickoffMs'];

function strip<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!INDEX_ATTRIBUTES.includes(k)) out[k] = v;
  return out as T;
}

export function pickItem(pick: Pick) {
  return { ...keys.pick(pick.fixtureId, pick.market), ...keys.highConfidence(pick.kickoff, pick.id), type: 'Pick', schemaVersion: SCHEMA_VERSION, ...pick };
}

/**
 * Predictions in the fixture's item collection, by match day (GSI1) and league (GSI2), written
 * in one transaction with the fixture's tracked picks (A4, A5, A6 in
 * docs/architecture.md#dynamodb-access-patterns).
 */
export class DynamoPredictionRepository implements PredictionStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listByKickoff(from: Date, to: Date): Promise<StoredPrediction[]> {
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    const perDay = await Promise.all(utcDaysBetween(from, to).map((day) => this.queryDay(day, fromIso, sortKeyCeiling(toIso))));
    return perDay.flat();
  }

  async get(fixtureId: string): Promise<StoredPrediction | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.prediction(fixtureId), ConsistentRead: true }));
    return out.Item ? strip<StoredPrediction>(out.Item) : undefined;
  }

  /** Unconditional write of a prediction alone (tests and seeding). */
  async save(prediction: StoredPrediction): Promise<void> {
    await this.write(prediction, [], { now: new Date(0), backfill: true });
  }

  async write(prediction: StoredPrediction, picks: Pick[], options: { now: Date; backfill?: boolean }): Promise<boolean> {
    const kickoff = new Date(prediction.kickoff).toISOString();
    const kickoffMs = Date.parse(kickoff);
    if (!options.backfill && kickoffMs <= options.now.getTime()) return false;
    const item = {
      ...keys.prediction(prediction.fixtureId),
      ...keys.predictionDay(utcDay(new Date(kickoffMs)), kickoff, prediction.fixtureId),
      ...keys.predictionLeague(prediction.leagueId, kickoff, prediction.fixtureId),
      type: 'Prediction',
      schemaVersion: SCHEMA_VERSION,
      ...prediction,
      kickoff,
      kickoffMs,
    };
    const present = new Set(picks.map((p) => p.market));
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          Put: {
            Item: item,
            // Frozen at kickoff: a stored prediction whose match has started is never replaced.
            ...(options.backfill
              ? {}
              : { ConditionExpression: 'attribute_not_exists(PK) OR kickoffMs > :now', ExpressionAttributeValues: { ':now': options.now.getTime() } }),
          },
        },
        ...picks.map((p) => ({ Put: { Item: pickItem({ ...p, kickoff }) } })),
        ...MARKETS.filter((m) => !present.has(m)).map((m) => ({ Delete: { Key: keys.pick(prediction.fixtureId, m) } })),
      ]);
      return true;
    } catch (error) {
      if (failedConditions(error)?.includes(0)) return false;
      throw error;
    }
  }

  async settle(prediction: StoredPrediction, picks: Pick[]): Promise<boolean> {
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          Update: {
            Key: keys.prediction(prediction.fixtureId),
            UpdateExpression: 'SET #status = :status, actualResult = :text' + (prediction.result ? ', #result = :result' : ''),
            // Settled once; a void match may still be settled later (it was rescheduled and played).
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#status) OR #status <> :settled)',
            ExpressionAttributeNames: { '#status': 'status', ...(prediction.result ? { '#result': 'result' } : {}) },
            ExpressionAttributeValues: {
              ':status': prediction.status,
              ':text': prediction.actualResult,
              ':settled': 'settled',
              ...(prediction.result ? { ':result': prediction.result } : {}),
            },
          },
        },
        ...picks.map((p) => ({ Put: { Item: pickItem(p) } })),
      ]);
      return true;
    } catch (error) {
      if (failedConditions(error)?.includes(0)) return false;
      throw error;
    }
  }

  private async queryDay(day: string, fromSk: string, toSk: string): Promise<StoredPrediction[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.predictionDayPartition(day), ':from': fromSk, ':to': toSk },
    });
    return items.map((item) => strip<StoredPrediction>(item));
  }

}
