import {
  DescribeTableCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  waitUntilTableExists,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from './table-definition.ts';

/** A restored table that cannot serve the product as it is. */
export class RestoredTableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RestoredTableError';
  }
}

/**
 * What is wrong with a table the functions would be switched to: keys and indexes must be the
 * shared table definition's (a restore keeps them; a wrong source table would not have them).
 * Empty when nothing is.
 */
export function tableProblems(table: Pick<TableDescription, 'KeySchema' | 'GlobalSecondaryIndexes' | 'TableStatus'>): string[] {
  const problems: string[] = [];
  if (table.TableStatus !== 'ACTIVE') problems.push(`status ${table.TableStatus ?? 'unknown'}, not ACTIVE`);
  const keyOf = (schema: TableDescription['KeySchema']) => `${schema?.find((k) => k.KeyType === 'HASH')?.AttributeName}/${schema?.find((k) => k.KeyType === 'RANGE')?.AttributeName}`;
  const wanted = `${tableDefinition.partitionKey}/${tableDefinition.sortKey}`;
  if (keyOf(table.KeySchema) !== wanted) problems.push(`key ${keyOf(table.KeySchema)}, expected ${wanted}`);
  for (const gsi of tableDefinition.globalSecondaryIndexes) {
    const found = table.GlobalSecondaryIndexes?.find((g) => g.IndexName === gsi.indexName);
    if (!found) problems.push(`index ${gsi.indexName} missing`);
    else if (keyOf(found.KeySchema) !== `${gsi.partitionKey}/${gsi.sortKey}`) problems.push(`index ${gsi.indexName} keyed ${keyOf(found.KeySchema)}`);
  }
  return problems;
}

/** Describes `tableName`, counts its items and throws a `RestoredTableError` naming every problem. */
export async function verifyRestoredTable(client: DynamoDBClient, tableName: string): Promise<{ items: number }> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const problems = tableProblems(Table ?? {});
  if (problems.length) throw new RestoredTableError(`Table ${tableName} cannot be switched in: ${problems.join('; ')}`);
  let items = 0;
  let start: Record<string, unknown> | undefined;
  do {
    // A full count, paged: a restore of a few hundred MB reads in seconds, and it proves the data is there.
    const page = await client.send(new ScanCommand({ TableName: tableName, Select: 'COUNT', ExclusiveStartKey: start as never }));
    items += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return { items };
}

/**
 * Restores `source` as it was at `at` (point-in-time recovery, up to the last 35 days) into the
 * new table `target`, waits until it is active, and verifies it. AWS only: DynamoDB Local has no
 * point-in-time recovery.
 */
export async function restoreToPointInTime(client: DynamoDBClient, options: { source: string; target: string; at: Date; maxWaitSeconds?: number }): Promise<{ items: number }> {
  await client.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: options.source,
      TargetTableName: options.target,
      RestoreDateTime: options.at,
      // The restored table is the stage's from now on: on demand and encrypted, like the original.
      BillingModeOverride: 'PAY_PER_REQUEST',
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: options.maxWaitSeconds ?? 3600, minDelay: 20 }, { TableName: options.target });
  return verifyRestoredTable(client, options.target);
}
