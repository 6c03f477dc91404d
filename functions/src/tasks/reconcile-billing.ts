import type { ReconcileReport } from '@app/core/billing/service';
import { logger } from '@app/platform/logger';
import { billingService } from '../composition/billing.ts';

/**
 * Daily (routes.ts `tasks`): re-reads every live subscription from the payment provider, stores its
 * state (repairing lost webhooks) and cancels those whose user no longer exists. A failure throws,
 * so the scheduler retries it and the function's error alarm fires.
 */
export const handler = async (): Promise<ReconcileReport> => {
  const report = await (await billingService()).reconcile();
  logger.info('Billing reconciliation', { seen: report.seen, synced: report.synced, orphansCancelled: report.orphansCancelled, excludedCancelled: report.excludedCancelled });
  return report;
};
