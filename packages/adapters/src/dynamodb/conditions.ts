import { failedConditions } from './transactions.ts';

/**
 * Conditional writes, recognised in one place. A single write (Put, Update, Delete) whose condition
 * fails is refused with `ConditionalCheckFailedException`; a transaction is cancelled with
 * `TransactionCanceledException` and one reason per action, `ConditionalCheckFailed` for an action
 * whose condition failed (`failedConditions`, transactions.ts, says which). Every repository of the
 * table recognises both through these helpers.
 */

/** Whether `error` is a write refused by its condition: a single write's, or a cancelled transaction's action's. */
export function isConditionalCheckFailed(error: unknown): boolean {
  // By name (which the SDK sets) rather than `instanceof`, which holds only for the copy of the SDK this module imports.
  if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return true;
  return (failedConditions(error)?.length ?? 0) > 0;
}

/**
 * Awaits a conditional write: true when it was made, false when its condition failed (nothing was
 * written); any other error is thrown.
 */
export async function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
