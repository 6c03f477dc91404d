import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlertLatch } from '@app/core/pipeline/configuration-guard';
import { conditionalWrite } from './conditions.ts';
import { keys } from './keys.ts';

/** Alert latches (A23): one conditional Put decides which run raises the alarm. */
export class DynamoAlertLatch implements AlertLatch {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async raise(name: string, at: string): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.alertLatch(name), type: 'AlertLatch', schemaVersion: 1, raisedAt: at },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  }

  async clear(name: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keys.alertLatch(name) }));
  }
}
