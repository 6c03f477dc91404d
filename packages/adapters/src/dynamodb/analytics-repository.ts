import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsPeriod, ForecastQuality } from '@app/contracts/analytics';
import type { ForecastQualityRepository } from '@app/core/analytics/service';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 2;

/** `ANALYTICS#GLOBAL` / `PERIOD#<period>`: each period's forecast quality (A19). */
export class DynamoAnalyticsRepository implements ForecastQualityRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(period: AnalyticsPeriod): Promise<ForecastQuality | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.analyticsReport(period) }));
    // A report stored before forecast quality was kept apart (schema 1) is not one: the next metrics run writes it.
    return out.Item && out.Item.schemaVersion === SCHEMA_VERSION ? (out.Item.report as ForecastQuality) : null;
  }

  async save(report: ForecastQuality): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...keys.analyticsReport(report.period), type: 'ForecastQuality', schemaVersion: SCHEMA_VERSION, report },
      }),
    );
  }
}
