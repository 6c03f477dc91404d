import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** Which actions of a cancelled transaction failed their condition (by index). */
export function failedConditions(error: unknown): number[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}
