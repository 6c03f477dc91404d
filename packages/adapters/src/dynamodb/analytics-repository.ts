import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsPeriod, AnalyticsReport } from '@app/contracts/analytics';
import type { AnalyticsStore } from '@app/core/analytics/service';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 1;

/** `ANALYTICS#GLOBAL` / `PERIOD#<period>`: the premium analytics, one report per period (A19). */
export class DynamoAnalyticsRepository implements AnalyticsStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(period: AnalyticsPeriod): Promise<AnalyticsReport | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.analyticsReport(period) }));
    return out.Item ? (out.Item.report as AnalyticsReport) : null;
  }

  async save(report: AnalyticsReport): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: { ...keys.analyticsReport(report.period), type: 'AnalyticsReport', schemaVersion: SCHEMA_VERSION, report } }));
  }
}
