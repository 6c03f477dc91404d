import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Metrics, TrendEntry } from '@app/contracts/metrics';
import type { MetricsRepository } from '@app/core/metrics/ports';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 1;

/** `METRICS#GLOBAL`: `LATEST` plus one `DAY#<date>` item per day (the trend). */
export class DynamoMetricsRepository implements MetricsRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getLatest(): Promise<Metrics | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.metricsLatest() }));
    return out.Item ? toMetrics(out.Item) : null;
  }

  async listTrend(limit: number): Promise<TrendEntry[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :day)',
        ExpressionAttributeValues: { ':pk': keys.metricsPartition, ':day': keys.metricsDayPrefix },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((i) => ({ date: String(i.date), winAccuracy: Number(i.winAccuracy) })).reverse();
  }

  /**
   * Overwrites the day's trend entry, and `LATEST` too when `latest`, so a rerun on the same day
   * is idempotent.
   */
  async save(metrics: Metrics, options: { latest?: boolean } = {}): Promise<void> {
    const item = { type: 'Metrics', schemaVersion: SCHEMA_VERSION, ...metrics };
    await Promise.all([
      options.latest ? this.doc.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.metricsLatest(), ...item } })) : undefined,
      this.doc.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.metricsDay(metrics.date), ...item, type: 'MetricsDay' } })),
    ]);
  }
}

function toMetrics(item: Record<string, unknown>): Metrics {
  return {
    winAccuracy: Number(item.winAccuracy),
    totalPredictions: Number(item.totalPredictions),
    totalProfit: Number(item.totalProfit),
    payoutPercentage: item.payoutPercentage === null || item.payoutPercentage === undefined ? null : Number(item.payoutPercentage),
    bestWinningOdds: item.bestWinningOdds === null || item.bestWinningOdds === undefined ? null : Number(item.bestWinningOdds),
    date: String(item.date),
  };
}
