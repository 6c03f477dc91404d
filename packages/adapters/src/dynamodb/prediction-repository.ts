import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { utcDay, utcDaysBetween } from '@app/core/clock';
import type { PredictionRepository } from '@app/core/predictions/ports';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { keys, sortKeyCeiling } from './keys.ts';

const TYPE = 'Prediction';
const SCHEMA_VERSION = 1;

type PredictionItem = StoredPrediction & { PK: string; SK: string; type: string; schemaVersion: number };

/** Predictions in the fixture's item collection, indexed by match day (GSI1) and league (GSI2). */
export class DynamoPredictionRepository implements PredictionRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listByKickoff(from: Date, to: Date): Promise<StoredPrediction[]> {
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    const perDay = await Promise.all(
      utcDaysBetween(from, to).map((day) => this.queryDay(day, fromIso, sortKeyCeiling(toIso))),
    );
    return perDay.flat();
  }

  async save(prediction: StoredPrediction): Promise<void> {
    const item: PredictionItem = {
      ...keys.prediction(prediction.fixtureId),
      ...keys.predictionDay(utcDay(new Date(prediction.kickoff)), prediction.kickoff, prediction.fixtureId),
      ...keys.predictionLeague(prediction.leagueId, prediction.kickoff, prediction.fixtureId),
      type: TYPE,
      schemaVersion: SCHEMA_VERSION,
      ...prediction,
    };
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }

  private async queryDay(day: string, fromSk: string, toSk: string): Promise<StoredPrediction[]> {
    const out: StoredPrediction[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': keys.predictionDayPartition(day), ':from': fromSk, ':to': toSk },
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) out.push(fromItem(item));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return out;
  }
}

function fromItem(item: Record<string, unknown>): StoredPrediction {
  const { PK: _pk, SK: _sk, GSI1PK: _1, GSI1SK: _2, GSI2PK: _3, GSI2SK: _4, GSI3PK: _5, GSI3SK: _6, type: _t, schemaVersion: _v, ...rest } = item;
  return rest as unknown as StoredPrediction;
}
