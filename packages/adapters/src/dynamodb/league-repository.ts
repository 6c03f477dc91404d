import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LeagueRepository } from '@app/core/pipeline/ports';
import type { League } from '@app/core/pipeline/providers';
import { keys } from './keys.ts';

/** Leagues, listed through GSI1 `LEAGUES` (A13 in docs/architecture.md#dynamodb-access-patterns). */
export class DynamoLeagueRepository implements LeagueRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async saveAll(leagues: League[]): Promise<void> {
    for (let i = 0; i < leagues.length; i += 25) {
      const items = leagues.slice(i, i + 25).map((l) => ({
        PutRequest: { Item: { ...keys.league(l.id), ...keys.leagueIndex(l.name, true), type: 'League', schemaVersion: 1, ...l, active: true } },
      }));
      await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: items } }));
    }
  }

  async listActive(): Promise<League[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :active)',
        ExpressionAttributeValues: { ':pk': keys.leaguesPartition, ':active': '1#' },
      }),
    );
    return (out.Items ?? []).map((i) => ({ id: String(i.id), name: String(i.name), country: String(i.country) }));
  }
}
