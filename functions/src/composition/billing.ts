/** The composition root: payments. */
import { DynamoSubscriptionStore } from '@app/adapters/dynamodb/subscription-store';
import { StripePaymentGateway } from '@app/adapters/stripe/stripe-payment-gateway';
import type { PaymentGateway } from '@app/core/billing/ports';
import { makeBillingService } from '@app/core/billing/service';
import { ConfigError } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { rebuildOnChange } from '@app/platform/memo';
import { securityLog, userRepository } from './auth.ts';
import { base, secretField } from './base.ts';
import { localAdapters } from './local-adapters.ts';

async function stripeKeys(): Promise<{ secretKey?: string; webhookSecret?: string }> {
  const { config } = await base();
  const [secretKey, webhookSecret] = await Promise.all([
    secretField(config.STRIPE_SECRET_KEY, config.STRIPE_SECRET_ARN, 'secretKey'),
    secretField(config.STRIPE_WEBHOOK_SECRET, config.STRIPE_SECRET_ARN, 'webhookSecret'),
  ]);
  return { secretKey, webhookSecret };
}

/**
 * Stripe when keys are configured; the local test-mode provider on a laptop otherwise. Rebuilt
 * when a key is rolled in Secrets Manager, so warm containers use the new one.
 */
export const paymentGateway = /* @__PURE__ */ rebuildOnChange(
  stripeKeys,
  async ({ secretKey, webhookSecret }): Promise<PaymentGateway> => {
    const b = await base();
    const { config } = b;
    if (secretKey) {
      if (!webhookSecret || !config.STRIPE_PRICE_ID) {
        throw new ConfigError('Invalid configuration:\n  - STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are required with a Stripe key');
      }
      return new StripePaymentGateway({
        secretKey,
        webhookSecret,
        priceId: config.STRIPE_PRICE_ID,
        now: () => b.clock.now().getTime(),
        ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
      });
    }
    if (config.STAGE !== 'local' || !webhookSecret) {
      throw new ConfigError('Invalid configuration:\n  - STRIPE_SECRET_KEY: required outside the local stack');
    }
    return localAdapters('Billing without STRIPE_SECRET_KEY').paymentGateway(b, webhookSecret);
  },
  (a, b) => a.secretKey === b.secretKey && a.webhookSecret === b.webhookSecret,
);

export const billingService = /* @__PURE__ */ rebuildOnChange(paymentGateway, async (gateway) => {
  const { config, doc, clock } = await base();
  return makeBillingService({
    gateway,
    users: await userRepository(),
    subscriptions: new DynamoSubscriptionStore(doc, config.TABLE_NAME),
    clock,
    appOrigin: config.APP_ORIGIN,
    log: (message, detail) => logger.warn(message, detail ?? {}),
    security: await securityLog(),
  });
});
