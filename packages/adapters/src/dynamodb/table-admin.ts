import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, UpdateTimeToLiveCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput, tableDefinition } from './table-definition.ts';

/** Creates the table from the shared definition unless it exists (local stack and tests only). */
export async function ensureTable(doc: DynamoDBDocumentClient, tableName: string): Promise<'created' | 'existed'> {
  const client = doc as unknown as DynamoDBClient;
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existed';
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
  return 'created';
}
