import { CreateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { RestoredTableError, verifyRestoredTable } from './table-restore.ts';
import { createTestTable } from './testing/test-table.ts';

describe('verifying a restored table before a stage is switched to it', () => {
  it('accepts a table built from the shared definition and counts its items', async () => {
    const table = await createTestTable();
    for (let i = 0; i < 3; i++) await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { PK: `X#${i}`, SK: 'X' } }));
    expect(await verifyRestoredTable(table.doc as unknown as DynamoDBClient, table.tableName)).toEqual({ items: 3 });
  });

  it('refuses a table whose keys or indexes are not the definition\'s, naming what is wrong', async () => {
    const table = await createTestTable();
    const client = table.doc as unknown as DynamoDBClient;
    const name = `${table.tableName}-wrong`;
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      }),
    );
    await expect(verifyRestoredTable(client, name)).rejects.toThrow(RestoredTableError);
    await expect(verifyRestoredTable(client, name)).rejects.toThrow(/key id\/undefined, expected PK\/SK; index GSI1 missing/);
  });
});
