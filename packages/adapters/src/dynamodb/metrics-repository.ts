import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Metrics, TrackRecord, Trend } from '@app/contracts/metrics';
import type { TrackRecordRepository } from '@app/core/ledger/ports';
import type { MetricsRepository } from '@app/core/metrics/ports';
import { conditionalWrite } from './conditions.ts';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 2;

/**
 * `METRICS#GLOBAL` / `LATEST`: the headline figures and the 30-day trend, one item, so the two
 * always come from the same read of the ledger (A9 in docs/architecture.md#dynamodb-access-patterns).
 */
export class DynamoMetricsRepository implements MetricsRepository, TrackRecordRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async item(): Promise<Record<string, unknown> | undefined> {
    return (await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.metricsLatest() }))).Item;
  }

  async getLatest(): Promise<TrackRecord | null> {
    const item = await this.item();
    return item ? toTrackRecord(item) : null;
  }

  async listTrend(limit: number): Promise<Trend> {
    const trend = ((await this.item())?.trend ?? []) as Trend;
    return trend.slice(-limit);
  }

  async saveLatest(latest: TrackRecord, trend: Trend, readAt: Date): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.metricsLatest(), type: 'Metrics', schemaVersion: SCHEMA_VERSION, ...latest, trend, readAtMs: readAt.getTime() },
          // A computation from an older read of the ledger never replaces one from a newer read.
          ConditionExpression: 'attribute_not_exists(readAtMs) OR readAtMs <= :t',
          ExpressionAttributeValues: { ':t': readAt.getTime() },
        }),
      ),
    );
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
