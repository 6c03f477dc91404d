import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Metrics, TrackRecord, TrendEntry } from '@app/contracts/metrics';
import type { MetricsRepository } from '@app/core/metrics/ports';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 1;

/** `METRICS#GLOBAL`: `LATEST` plus one `DAY#<date>` item per day (the trend). */
export class DynamoMetricsRepository implements MetricsRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async getLatest(): Promise<TrackRecord | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.metricsLatest() }));
    return out.Item ? toTrackRecord(out.Item) : null;
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
   * Overwrites the day's trend entry (unless null), and `LATEST` too when `latest` is given, so a
   * rerun on the same day is idempotent.
   */
  async save(day: Metrics | null, options: { latest?: TrackRecord } = {}): Promise<void> {
    await Promise.all([
      options.latest
        ? this.doc.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.metricsLatest(), type: 'Metrics', schemaVersion: SCHEMA_VERSION, ...options.latest } }))
        : undefined,
      day ? this.doc.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.metricsDay(day.date), type: 'MetricsDay', schemaVersion: SCHEMA_VERSION, ...day } })) : undefined,
    ]);
  }
}

/** A LATEST written before the basis was kept mixed both origins: it is reported as back-tested. */
function toTrackRecord(item: Record<string, unknown>): TrackRecord {
  const metrics = toMetrics(item);
  const basis = item.basis === 'published' ? 'published' : 'backtest';
  return {
    ...metrics,
    basis,
    publishedPredictions: item.publishedPredictions === undefined ? 0 : Number(item.publishedPredictions),
    backfilledPredictions: item.backfilledPredictions === undefined ? metrics.totalPredictions : Number(item.backfilledPredictions),
  };
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
