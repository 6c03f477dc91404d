import type { WebhookResponse } from '@app/contracts/billing';
import { logger } from '@app/platform/logger';
import { json } from '@app/platform/http/response';
import { billingService, paymentGateway } from '../../composition/billing.ts';
import { rawRoute } from '../route.ts';

/**
 * Stripe's webhook: the signature is verified over the exact raw bytes (400 otherwise), then the
 * subscription is synced idempotently on the event id. A processing error is a 5xx so Stripe retries.
 */
export const handler = rawRoute(async ({ rawBody, event }) => {
  const billingEvent = await (await paymentGateway()).parseWebhook(rawBody, event.headers?.['stripe-signature']);
  const outcome = await (await billingService()).handleWebhook(billingEvent);
  logger.info('Stripe webhook', { eventId: billingEvent.id, type: billingEvent.type, outcome });
  const response: WebhookResponse = { received: true, outcome };
  return json(response);
});
