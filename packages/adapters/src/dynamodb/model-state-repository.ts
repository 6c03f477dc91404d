import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { LeagueModelState } from '@app/model/forecast';
import type { ModelStateRepository } from '@app/core/pipeline/ports';
import { keys } from './keys.ts';

/** Older fitted states are kept for audit for this long. */
const KEEP_SECONDS = 60 * 24 * 60 * 60;

/** Fitted model states, one item per fit (`MODEL#<league>` / `STATE#<fittedAt>`), gzipped JSON. */
export class DynamoModelStateRepository implements ModelStateRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async latest(leagueId: string): Promise<LeagueModelState | undefined> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)',
        ExpressionAttributeValues: { ':pk': keys.modelPartition(leagueId), ':s': 'STATE#' },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = out.Items?.[0];
    if (!item) return undefined;
    return JSON.parse(gunzipSync(Buffer.from(item.state as Uint8Array)).toString('utf8')) as LeagueModelState;
  }

  async save(leagueId: string, state: LeagueModelState): Promise<void> {
    const json = JSON.stringify(state);
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...keys.modelState(leagueId, state.fittedAt),
          type: 'ModelState',
          schemaVersion: 1,
          version: state.version,
          fittedAt: state.fittedAt,
          jsonBytes: json.length,
          state: gzipSync(json),
          expiresAt: Math.floor(Date.now() / 1000) + KEEP_SECONDS,
        },
      }),
    );
  }
}
