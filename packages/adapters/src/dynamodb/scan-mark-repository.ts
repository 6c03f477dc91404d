import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ScanMark, ScanMarkRepository } from '@app/core/predictions/ports';
import { batchPut } from './batch.ts';
import { recordOf } from './items.ts';
import { keys } from './keys.ts';
import { queryAll } from './query.ts';

/**
 * The odds scan's league marks (A28 in docs/architecture.md#dynamodb-access-patterns): one item
 * per league in one small partition, read in one Query, written by the scan in one batch
 * (docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md).
 */
export class DynamoScanMarkRepository implements ScanMarkRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async all(): Promise<ScanMark[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.scanMarksPartition },
    });
    return items.map((item) => recordOf<ScanMark>(item));
  }

  async get(leagueId: string): Promise<ScanMark | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.scanMark(leagueId) }));
    return out.Item ? recordOf<ScanMark>(out.Item) : undefined;
  }

  async saveAll(marks: ScanMark[]): Promise<void> {
    await batchPut(
      this.doc,
      this.tableName,
      marks.map((m) => ({ ...keys.scanMark(m.leagueId), type: 'ScanMark', schemaVersion: 1, ...m })),
    );
  }
}
