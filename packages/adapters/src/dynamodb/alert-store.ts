import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlertStore, StoredAlertSettings } from '@app/core/alerts/ports';
import { recordOf } from './items.ts';
import { keys } from './keys.ts';
import { queryAll } from './query.ts';

const SCHEMA_VERSION = 1;

/**
 * Value-bet alert settings in the user's collection (deleted with the account), listed through a sparse GSI1 while
 * not off, and the digests sent (A27 in docs/architecture.md#dynamodb-access-patterns).
 */
export class DynamoAlertStore implements AlertStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(userId: string): Promise<StoredAlertSettings | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.alertSettings(userId), ConsistentRead: true }));
    if (!out.Item) return undefined;
    const { userId: _userId, ...settings } = recordOf<StoredAlertSettings & { userId: string }>(out.Item);
    return settings;
  }

  async put(userId: string, settings: StoredAlertSettings): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        // Only alerts that are on are in the index the dispatch reads.
        Item: { ...keys.alertSettings(userId), ...(settings.frequency !== 'off' ? keys.alertSettingsIndex(userId) : {}), type: 'AlertSettings', schemaVersion: SCHEMA_VERSION, userId, ...settings },
      }),
    );
  }

  async listActive(): Promise<Array<{ userId: string; settings: StoredAlertSettings }>> {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.alertSettingsPartition },
    });
    return items.map((item) => {
      const { userId, ...settings } = recordOf<StoredAlertSettings & { userId: string }>(item);
      return { userId, settings };
    });
  }

  async claimDelivery(runKey: string, userId: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.alertDelivery(runKey, userId), type: 'AlertDelivery', schemaVersion: SCHEMA_VERSION, expiresAt: Math.ceil(expiresAt.getTime() / 1000) },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
