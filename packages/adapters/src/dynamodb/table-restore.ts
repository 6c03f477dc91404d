import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
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
  const keyOf = (schema: TableDescription['KeySchema']) =>
    `${schema?.find((k) => k.KeyType === 'HASH')?.AttributeName}/${schema?.find((k) => k.KeyType === 'RANGE')?.AttributeName}`;
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

/** What a restore does not carry over from the source table, and the stage's table must have. */
export interface RestoredTableSettings {
  pointInTimeRecovery: boolean;
  /** The attribute TTL deletes expired items by, or undefined when TTL is off. */
  timeToLive?: string;
  deletionProtection: boolean;
}

/** PITR, TTL and deletion protection of `tableName`, as DynamoDB describes them. */
export async function restoredTableSettings(client: DynamoDBClient, tableName: string): Promise<RestoredTableSettings> {
  const [backups, ttl, table] = await Promise.all([
    client.send(new DescribeContinuousBackupsCommand({ TableName: tableName })),
    client.send(new DescribeTimeToLiveCommand({ TableName: tableName })),
    client.send(new DescribeTableCommand({ TableName: tableName })),
  ]);
  const ttlOn = ['ENABLED', 'ENABLING'].includes(ttl.TimeToLiveDescription?.TimeToLiveStatus ?? '');
  return {
    pointInTimeRecovery: ['ENABLED', 'ENABLING'].includes(
      backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus ?? '',
    ),
    ...(ttlOn ? { timeToLive: ttl.TimeToLiveDescription?.AttributeName } : {}),
    deletionProtection: table.Table?.DeletionProtectionEnabled === true,
  };
}

/** What the stage's table has that `settings` lacks; empty when nothing. */
export function settingsProblems(settings: RestoredTableSettings): string[] {
  const problems: string[] = [];
  if (!settings.pointInTimeRecovery) problems.push('point-in-time recovery off');
  if (settings.timeToLive !== tableDefinition.timeToLiveAttribute)
    problems.push(`TTL ${settings.timeToLive ? `on ${settings.timeToLive}` : 'off'}, expected on ${tableDefinition.timeToLiveAttribute}`);
  if (!settings.deletionProtection) problems.push('deletion protection off');
  return problems;
}

/**
 * Gives a restored table what a restore leaves behind (DynamoDB restores keys, indexes, items and
 * encryption, not these): point-in-time recovery, TTL on the definition's attribute, deletion
 * protection (docs/decisions/0244-a-restored-table-made-whole.md). Idempotent. Then checks them, throwing a `RestoredTableError` naming what is missing.
 * (The daily backup plan and the alarms come with the first deploy that names the table; docs/operations.md "Restore".)
 */
export async function prepareRestoredTable(client: DynamoDBClient, tableName: string): Promise<RestoredTableSettings> {
  const before = await restoredTableSettings(client, tableName);
  if (!before.pointInTimeRecovery) {
    await client.send(new UpdateContinuousBackupsCommand({ TableName: tableName, PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
  }
  if (before.timeToLive !== tableDefinition.timeToLiveAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true } }),
    );
  }
  if (!before.deletionProtection) await client.send(new UpdateTableCommand({ TableName: tableName, DeletionProtectionEnabled: true }));
  const after = await restoredTableSettings(client, tableName);
  const problems = settingsProblems(after);
  if (problems.length) throw new RestoredTableError(`Table ${tableName} is not ready to be switched in: ${problems.join('; ')}`);
  return after;
}

/**
 * The deploys that switch `stage` to `table`, in order: first the data and monitoring stacks alone
 * (the table joins the daily backup plan, and the DynamoDB alarms watch it), then every stack (the
 * functions read and write it). Nothing uses the table before it is backed up and watched.
 */
export function switchDeploys(stage: string, table: string, appName = 'fp'): string[][] {
  const context = ['-c', `stage=${stage}`, '-c', `tableName=${table}`];
  return [
    ['run', 'cdk', '--', 'deploy', `${appName}-${stage}-data`, `${appName}-${stage}-monitoring`, '--exclusively', ...context],
    ['run', 'deploy', '--', ...context],
  ];
}

/**
 * Restores `source` as it was at `at` (point-in-time recovery, up to the last 35 days) into the
 * new table `target`, waits until it is active, gives it PITR, TTL and deletion protection, and
 * verifies it. AWS only: DynamoDB Local has no point-in-time recovery.
 */
export async function restoreToPointInTime(
  client: DynamoDBClient,
  options: { source: string; target: string; at: Date; maxWaitSeconds?: number },
): Promise<{ items: number; settings: RestoredTableSettings }> {
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
  const settings = await prepareRestoredTable(client, options.target);
  return { ...(await verifyRestoredTable(client, options.target)), settings };
}
