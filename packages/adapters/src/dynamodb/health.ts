import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Checks the table answers (health endpoint); throws when it does not. */
export function makeTableProbe(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    async check(): Promise<void> {
      const out = await (doc as unknown as DynamoDBClient).send(new DescribeTableCommand({ TableName: tableName }));
      if (out.Table?.TableStatus !== 'ACTIVE') throw new Error(`Table ${tableName} is ${out.Table?.TableStatus}`);
    },
  };
}
