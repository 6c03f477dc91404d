import { ReconcilePageSchema } from '@app/events/billing-reconciliation';
import { logger } from '@app/platform/logger';
import { buildBilling } from '../composition/billing.ts';
import { buildMessageQueue } from '../composition/queues.ts';
import { consumerRoute } from './route.ts';

/**
 * One page of the daily billing reconciliation (docs/decisions/0252-billing-reconciliation-by-pages.md): re-reads a
 * page of live subscriptions from the payment provider, stores their state and cancels those whose user is gone, then
 * puts the next page (the provider's cursor) on the queue. A failure comes back through the queue, then dead-letters.
 */
export const handler = consumerRoute(
  { queue: 'billing-reconciliation', schema: ReconcilePageSchema, areas: { billing: buildBilling, queue: buildMessageQueue } },
  async (message, { billing, queue }) => {
    const report = await billing.reconcile(message.cursor ? { cursor: message.cursor } : {});
    logger.info('Billing reconciliation page', {
      runId: message.runId,
      page: message.page,
      seen: report.seen,
      synced: report.synced,
      orphansCancelled: report.orphansCancelled,
      excludedCancelled: report.excludedCancelled,
      more: Boolean(report.cursor),
    });
    if (report.cursor) await queue.send('billing-reconciliation', { ...message, cursor: report.cursor, page: message.page + 1 });
  },
);
