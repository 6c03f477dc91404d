import Stripe from 'stripe';
import { InvalidSignatureError } from '@app/core/billing/errors';
import type { BillingEvent, CheckoutSessionSnapshot, PaymentGateway, SubscriptionSnapshot } from '@app/core/billing/ports';
import { toBillingEvent, toCheckoutSnapshot, toSubscriptionSnapshot } from './map.ts';

/** The API version this code is written against; the webhook endpoint must use the same. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Tests point the SDK at a local server that answers with recorded payloads. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  now?: () => number;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/** Stripe Billing behind the `PaymentGateway` port (docs/architecture.md#security, docs/decisions/0014-cancelled-premium-and-past-due.md). */
export class StripePaymentGateway implements PaymentGateway {
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'football-predictions' },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: user.email, metadata: { userId: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    return customer.id;
  }

  async createCheckoutSession(input: { customerId: string; userId: string; successUrl: string; cancelUrl: string; idempotencyKey: string }): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: this.options.priceId, quantity: 1 }],
        subscription_data: { metadata: { userId: input.userId } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      // Concurrent requests replacing the same open session get the same new one.
      { idempotencyKey: input.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null> {
    try {
      return toCheckoutSnapshot(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'open') await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async listLiveSubscriptions(customerId?: string): Promise<SubscriptionSnapshot[]> {
    // Without `status`, Stripe lists every subscription that is not cancelled.
    const out: SubscriptionSnapshot[] = [];
    for await (const s of this.stripe.subscriptions.list({ limit: 100, ...(customerId ? { customer: customerId } : {}) })) out.push(toSubscriptionSnapshot(s));
    return out;
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      return toSubscriptionSnapshot(await this.stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return toSubscriptionSnapshot(
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey: `cancel:${subscriptionId}` }),
    );
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
    return { url: session.url };
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    if (!signature) throw new InvalidSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      // Verifies over the exact bytes, in constant time, refusing timestamps older than 5 minutes.
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new InvalidSignatureError('Invalid Stripe signature', { cause: error });
    }
    return toBillingEvent(event);
  }
}
