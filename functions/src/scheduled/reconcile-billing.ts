import type { ReconcilePage } from '@app/events/billing-reconciliation';
import { logger } from '@app/platform/logger';
import { buildMessageQueue } from '../composition/queues.ts';
import { scheduledRoute } from './route.ts';

/**
 * Daily (routes.ts `scheduled`): starts the billing reconciliation by putting its first page on the
 * `billing-reconciliation` queue; each page's consumer (consumers/reconcile-billing.ts) puts the next, so no invocation
 * reads every subscription. A failure throws, so the scheduler retries it and the function's error alarm fires.
 */
export const handler = scheduledRoute({ queue: buildMessageQueue }, async ({ queue }, { clock }): Promise<ReconcilePage> => {
  const first: ReconcilePage = { type: 'billing.reconcile-page', version: 1, runId: clock.now().toISOString(), page: 1 };
  await queue.send('billing-reconciliation', first);
  logger.info('Billing reconciliation started', { runId: first.runId });
  return first;
});
