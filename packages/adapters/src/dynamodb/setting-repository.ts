import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from './conditions.ts';
import { keys } from './keys.ts';

/**
 * Values decided once and kept for good (e.g. the CSV replay's shift, so restarts on later
 * days keep every kickoff where it was). The first writer wins.
 */
export class DynamoSettingRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** The value decided under `name`, if any was. */
  async get<T>(name: string): Promise<T | undefined> {
    const found = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.setting(name) }));
    return found.Item?.value as T | undefined;
  }

  async getOrCreate<T>(name: string, create: () => Promise<T> | T): Promise<T> {
    const key = keys.setting(name);
    const found = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    if (found.Item) return found.Item.value as T;
    const value = await create();
    if (
      await conditionalWrite(
        this.doc.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...key, type: 'Setting', schemaVersion: 1, value },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      )
    )
      return value;
    // Another writer came first: its value wins.
    const winner = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
    return winner.Item!.value as T;
  }
}
