import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type WithoutTable<T> = T extends { TableName: unknown } ? Omit<T, 'TableName'> : never;

/** One action of a transaction on a repository's table: a Put, Update, Delete or ConditionCheck, without its TableName. */
export type TableAction =
  | { Put: WithoutTable<NonNullable<TransactItem['Put']>> }
  | { Update: WithoutTable<NonNullable<TransactItem['Update']>> }
  | { Delete: WithoutTable<NonNullable<TransactItem['Delete']>> }
  | { ConditionCheck: WithoutTable<NonNullable<TransactItem['ConditionCheck']>> };

/**
 * Writes `actions` all or nothing on `tableName`. When a condition fails the transaction is
 * cancelled: `failedConditions(error)` says which actions failed theirs.
 */
export async function transactWrite(doc: DynamoDBDocumentClient, tableName: string, actions: TableAction[]): Promise<void> {
  const items = actions.map(
    (action) => Object.fromEntries(Object.entries(action).map(([kind, body]) => [kind, { ...body, TableName: tableName }])) as TransactItem,
  );
  await doc.send(new TransactWriteCommand({ TransactItems: items }));
}

/** Which actions of a cancelled transaction failed their condition (by index). */
export function failedConditions(error: unknown): number[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}
