/** The composition root: payments. */
import { DynamoSubscriptionRepository } from '@app/adapters/dynamodb/subscription-repository';
import { StripePaymentGateway } from '@app/adapters/stripe/stripe-payment-gateway';
import type { PaymentGateway } from '@app/core/billing/ports';
import { makeBillingService } from '@app/core/billing/service';
import { ConfigError } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { buildUsers, securityLog } from './auth.ts';
import { rebuilt, secretField, type Base } from './base.ts';
import { localAdapters } from './local-adapters.ts';
import { table } from './tables.ts';

async function stripeKeys(base: Base): Promise<{ secretKey?: string; webhookSecret?: string }> {
  const { config } = base;
  const [secretKey, webhookSecret] = await Promise.all([
    secretField(base, config.STRIPE_SECRET_KEY, config.STRIPE_SECRET_ARN, 'secretKey'),
    secretField(base, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_SECRET_ARN, 'webhookSecret'),
  ]);
  return { secretKey, webhookSecret };
}

/**
 * Stripe when keys are configured; the local test-mode provider on a laptop otherwise. Rebuilt
 * when a key is rolled in Secrets Manager, so warm containers use the new one.
 */
export function buildPaymentGateway(base: Base): Promise<PaymentGateway> {
  return rebuilt(
    base,
    buildPaymentGateway,
    () => stripeKeys(base),
    ({ secretKey, webhookSecret }): PaymentGateway => {
      const { config } = base;
      if (secretKey) {
        if (!webhookSecret || !config.STRIPE_PRICE_ID) {
          throw new ConfigError('Invalid configuration:\n  - STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are required with a Stripe key');
        }
        return new StripePaymentGateway({
          secretKey,
          webhookSecret,
          priceId: config.STRIPE_PRICE_ID,
          now: () => base.clock.now().getTime(),
          ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
        });
      }
      if (config.STAGE !== 'local' || !webhookSecret) {
        throw new ConfigError('Invalid configuration:\n  - STRIPE_SECRET_KEY: required outside the local stack');
      }
      return localAdapters(base, 'Billing without STRIPE_SECRET_KEY').paymentGateway(base, webhookSecret);
    },
    (a, b) => a.secretKey === b.secretKey && a.webhookSecret === b.webhookSecret,
  );
}

/** Subscriptions, checkout, the portal and the reconciliation; rebuilt with the gateway. */
export function buildBilling(base: Base) {
  return rebuilt(
    base,
    buildBilling,
    () => buildPaymentGateway(base),
    async (gateway) =>
      makeBillingService({
        gateway,
        users: buildUsers(base),
        subscriptions: table(base, DynamoSubscriptionRepository),
        clock: base.clock,
        appOrigin: base.config.APP_ORIGIN,
        log: (message, detail) => logger.warn(message, detail ?? {}),
        security: await securityLog(base),
      }),
  );
}
