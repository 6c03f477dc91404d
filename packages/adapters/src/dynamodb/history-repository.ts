import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { HistoryRecord, HistoryRepository } from '@app/core/pipeline/ports';
import { batchPut } from './batch.ts';
import { queryAll } from './query.ts';
import { keys } from './keys.ts';
import { recordOf } from './items.ts';

/**
 * Training data: `HISTORY#<league>#<season>` partitions, plus one item listing a league's
 * seasons so the whole history reads in one query per season.
 */
export class DynamoHistoryRepository implements HistoryRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(leagueId: string): Promise<HistoryRecord[]> {
    const index = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.historySeasons(leagueId), ConsistentRead: true }));
    const seasons = (index.Item?.seasons as Set<string> | undefined) ?? new Set<string>();
    const perSeason = await Promise.all([...seasons].map((season) => this.season(leagueId, season)));
    return perSeason.flat().sort((a, b) => a.date.localeCompare(b.date));
  }

  async append(leagueId: string, records: HistoryRecord[]): Promise<void> {
    if (records.length === 0) return;
    const seasonOf = (r: HistoryRecord) => r.season ?? r.date.slice(0, 4);
    await batchPut(
      this.doc,
      this.tableName,
      records.map((r) => ({ ...keys.history(leagueId, seasonOf(r), r.date, r.id), type: 'HistoryMatch', schemaVersion: 1, ...r })),
    );
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.historySeasons(leagueId),
        UpdateExpression: 'ADD seasons :s SET #type = :t',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':s': new Set(records.map(seasonOf)), ':t': 'HistorySeasons' },
      }),
    );
  }

  private async season(leagueId: string, season: string): Promise<HistoryRecord[]> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.historyPartition(leagueId, season) },
    });
    return items.map((item) => recordOf<HistoryRecord>(item));
  }
}
