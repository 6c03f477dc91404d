import type { WebhookResponse } from '@app/contracts/billing';
import { logger } from '@app/platform/logger';
import { json } from '@app/platform/http/response';
import { buildBilling, buildPaymentGateway } from '../../composition/billing.ts';
import { rawRoute } from '../route.ts';

/**
 * Stripe's webhook: the signature is verified over the exact raw bytes (400 otherwise), then the
 * subscription is synced idempotently on the event id. A processing error is a 5xx so Stripe retries.
 */
export const handler = rawRoute({ areas: { gateway: buildPaymentGateway, billing: buildBilling } }, async ({ gateway, billing, rawBody, event }) => {
  const billingEvent = await gateway.parseWebhook(rawBody, event.headers?.['stripe-signature']);
  const outcome = await billing.handleWebhook(billingEvent);
  logger.info('Stripe webhook', { eventId: billingEvent.id, type: billingEvent.type, outcome });
  const response: WebhookResponse = { received: true, outcome };
  return json(response);
});
