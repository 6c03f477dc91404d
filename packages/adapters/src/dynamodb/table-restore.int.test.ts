import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeContinuousBackupsCommand,
  UpdateContinuousBackupsCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createTableInput } from './table-definition.ts';
import { prepareRestoredTable, restoredTableSettings, RestoredTableError, settingsProblems, switchDeploys, verifyRestoredTable } from './table-restore.ts';
import { createTestTable } from './testing/test-table.ts';

describe('verifying a restored table before a stage is switched to it', () => {
  it('accepts a table built from the shared definition and counts its items', async () => {
    const table = await createTestTable();
    for (let i = 0; i < 3; i++) await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { PK: `X#${i}`, SK: 'X' } }));
    expect(await verifyRestoredTable(table.doc as unknown as DynamoDBClient, table.tableName)).toEqual({ items: 3 });
  });

  it("refuses a table whose keys or indexes are not the definition's, naming what is wrong", async () => {
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

/**
 * DynamoDB Local has no continuous backups (Update/DescribeContinuousBackups answer
 * UnknownOperationException), nor RestoreTableToPointInTime, AWS Backup or CloudWatch. This client
 * answers the two continuous-backups calls itself, like DynamoDB would, and sends everything
 * else (the table, its items, TTL, deletion protection) to DynamoDB Local.
 */
function withContinuousBackups(local: DynamoDBClient): DynamoDBClient {
  const pitr = new Set<string>();
  return {
    send: (command: unknown) => {
      if (command instanceof UpdateContinuousBackupsCommand) {
        if (command.input.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled) pitr.add(command.input.TableName!);
        return Promise.resolve({});
      }
      if (command instanceof DescribeContinuousBackupsCommand) {
        const status = pitr.has(command.input.TableName!) ? 'ENABLED' : 'DISABLED';
        return Promise.resolve({
          ContinuousBackupsDescription: { ContinuousBackupsStatus: 'ENABLED', PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: status } },
        });
      }
      return local.send(command as never);
    },
  } as unknown as DynamoDBClient;
}

describe('a whole restore: the restored table gets what a restore leaves behind, before the switch', () => {
  it('turns on TTL, deletion protection and PITR on a restored table, keeps its items, and names what was missing before', async () => {
    // A restore gives a new table with the keys, indexes and items, and none of the settings:
    // DynamoDB Local cannot restore, so the "restored" table is made the way a restore leaves it.
    const { doc, tableName: source } = await createTestTable();
    const local = doc as unknown as DynamoDBClient;
    const client = withContinuousBackups(local);
    const target = `${source}-restored`;
    await local.send(new CreateTableCommand(createTableInput(target)));
    await waitUntilTableExists({ client: local, maxWaitTime: 30 }, { TableName: target });
    for (let i = 0; i < 5; i++) await doc.send(new PutCommand({ TableName: target, Item: { PK: `USER#${i}`, SK: 'PROFILE', expiresAt: 2_000_000_000 } }));
    expect(settingsProblems(await restoredTableSettings(client, target))).toEqual([
      'point-in-time recovery off',
      'TTL off, expected on expiresAt',
      'deletion protection off',
    ]);

    const settings = await prepareRestoredTable(client, target);

    expect(settings).toEqual({ pointInTimeRecovery: true, timeToLive: 'expiresAt', deletionProtection: true });
    // The settings DynamoDB Local does hold, read back from it, and what they do.
    expect(await restoredTableSettings(client, target)).toMatchObject({ timeToLive: 'expiresAt', deletionProtection: true });
    await expect(local.send(new DeleteTableCommand({ TableName: target }))).rejects.toThrow(/protected against deletion/);
    expect(await verifyRestoredTable(client, target)).toEqual({ items: 5 });
    // Running it again changes nothing (a switch retried after a failed deploy).
    expect(await prepareRestoredTable(client, target)).toEqual(settings);
    // After the switch the functions read the restored data.
    expect((await doc.send(new GetCommand({ TableName: target, Key: { PK: 'USER#3', SK: 'PROFILE' } }))).Item).toMatchObject({ PK: 'USER#3' });
  });

  it('switches the data and monitoring stacks first (backup plan, alarms), then the functions', () => {
    expect(switchDeploys('prod', 'fp-prod-restored-20261124')).toEqual([
      ['run', 'cdk', '--', 'deploy', 'fp-prod-data', 'fp-prod-monitoring', '--exclusively', '-c', 'stage=prod', '-c', 'tableName=fp-prod-restored-20261124'],
      ['run', 'deploy', '--', '-c', 'stage=prod', '-c', 'tableName=fp-prod-restored-20261124'],
    ]);
  });
});
