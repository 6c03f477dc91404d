import * as z from 'zod/mini';
import type {
  BillingEvent,
  CheckoutSessionInput,
  CheckoutSessionSnapshot,
  PaymentDetails,
  PaymentGateway,
  SubscriptionSnapshot,
} from '@app/core/billing/ports';
import {
  CheckoutSessionSchema,
  CustomerCardSchema,
  CustomerSchema,
  InvoiceSchema,
  PortalSessionSchema,
  SubscriptionCardSchema,
  SubscriptionSchema,
  toCardSummary,
  toCheckoutSnapshot,
  toInvoiceSummary,
  toSubscriptionSnapshot,
} from './map.ts';
import { isMissing, StripeClient, type StripeClientOptions } from './stripe-client.ts';
import { parseSignedEvent } from './webhook-signature.ts';

export { STRIPE_API_VERSION } from './stripe-client.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** https://api.stripe.com unless tests point the client at a local server that answers with recorded payloads. */
  apiBase?: string;
  /** Epoch ms: the clock webhook timestamps are checked against. */
  now?: () => number;
  /** Test seams of the HTTP client. */
  http?: StripeClientOptions['http'];
}

/** Stripe Billing behind the `PaymentGateway` port (docs/architecture.md#security, docs/decisions/0014-cancelled-premium-and-past-due.md). */
export class StripePaymentGateway implements PaymentGateway {
  private readonly stripe: StripeClient;

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = new StripeClient({
      secretKey: options.secretKey,
      ...(options.apiBase ? { apiBase: options.apiBase } : {}),
      ...(options.http ? { http: options.http } : {}),
    });
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    const customer = await this.stripe.request('POST', '/v1/customers', CustomerSchema, {
      params: { email: user.email, metadata: { userId: user.id } },
      idempotencyKey: `customer:${user.id}`,
    });
    return customer.id;
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }> {
    const session = await this.stripe.request('POST', '/v1/checkout/sessions', CheckoutSessionSchema, {
      params: {
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: this.options.priceId, quantity: 1 }],
        subscription_data: { metadata: { userId: input.userId } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      // Concurrent requests replacing the same open session get the same new one.
      idempotencyKey: input.idempotencyKey,
    });
    if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null> {
    const session = await this.checkoutSession(sessionId);
    return session ? toCheckoutSnapshot(session) : null;
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    const session = await this.checkoutSession(sessionId);
    if (session?.status === 'open') await orNull(this.stripe.request('POST', '/v1/checkout/sessions/{id}/expire', CheckoutSessionSchema, { id: sessionId }));
  }

  /**
   * Expires every open Checkout session of the customer. Stripe has no call that ends a
   * customer-portal session (its links expire on their own); a resume made in one afterwards
   * reaches us as a webhook, which the billing sync refuses for an excluded user.
   */
  async expirePaymentSessions(customerId: string): Promise<void> {
    const open = await this.stripe.list('/v1/checkout/sessions', CheckoutSessionSchema, { customer: customerId, status: 'open' });
    for (const session of open) await orNull(this.stripe.request('POST', '/v1/checkout/sessions/{id}/expire', CheckoutSessionSchema, { id: session.id }));
  }

  async listLiveSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]> {
    // Without `status`, Stripe lists every subscription that is not cancelled.
    const subscriptions = await this.stripe.list('/v1/subscriptions', SubscriptionSchema, { customer: customerId });
    return subscriptions.map(toSubscriptionSnapshot);
  }

  async listLiveSubscriptionsPage(page: { cursor?: string; limit: number }): Promise<{ subscriptions: SubscriptionSnapshot[]; cursor?: string }> {
    const pageSchema = z.object({ data: z.array(SubscriptionSchema), has_more: z.boolean() });
    const out = await this.stripe.request('GET', '/v1/subscriptions', pageSchema, {
      params: { limit: Math.min(100, page.limit), ...(page.cursor ? { starting_after: page.cursor } : {}) },
    });
    const last = out.data.at(-1);
    return { subscriptions: out.data.map(toSubscriptionSnapshot), ...(out.has_more && last ? { cursor: last.id } : {}) };
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const subscription = await orNull(this.stripe.request('GET', '/v1/subscriptions/{id}', SubscriptionSchema, { id: subscriptionId }));
    return subscription ? toSubscriptionSnapshot(subscription) : null;
  }

  // No fixed idempotency key for cancel and resume: the client's own key per call covers its
  // retries, and a fixed one would make Stripe replay a cancel answer after a resume (24 h window).
  async cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return toSubscriptionSnapshot(
      await this.stripe.request('POST', '/v1/subscriptions/{id}', SubscriptionSchema, { id: subscriptionId, params: { cancel_at_period_end: true } }),
    );
  }

  async resumeSubscription(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return toSubscriptionSnapshot(
      await this.stripe.request('POST', '/v1/subscriptions/{id}', SubscriptionSchema, { id: subscriptionId, params: { cancel_at_period_end: false } }),
    );
  }

  /**
   * The card: the one Checkout set on a live subscription, else the customer's default for
   * invoices (set by the portal); the invoices: Stripe's newest first.
   */
  async paymentDetails(customerId: string, limit: number): Promise<PaymentDetails> {
    const page = <T>(item: z.ZodMiniType<T>) => z.object({ data: z.array(item) });
    const [customer, subscriptions, invoices] = await Promise.all([
      orNull(
        this.stripe.request('GET', '/v1/customers/{id}', CustomerCardSchema, {
          id: customerId,
          params: { expand: ['invoice_settings.default_payment_method'] },
        }),
      ),
      orNull(
        this.stripe.request('GET', '/v1/subscriptions', page(SubscriptionCardSchema), {
          params: { customer: customerId, limit: 10, expand: ['data.default_payment_method'] },
        }),
      ),
      orNull(this.stripe.request('GET', '/v1/invoices', page(InvoiceSchema), { params: { customer: customerId, limit } })),
    ]);
    const card =
      (subscriptions?.data ?? []).map((s) => toCardSummary(s.default_payment_method)).find((c) => c !== null) ??
      toCardSummary(customer?.invoice_settings?.default_payment_method);
    return { card: card ?? null, invoices: (invoices?.data ?? []).map(toInvoiceSummary) };
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    await orNull(this.stripe.request('DELETE', '/v1/subscriptions/{id}', SubscriptionSchema, { id: subscriptionId }));
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.request('POST', '/v1/billing_portal/sessions', PortalSessionSchema, {
      params: { customer: input.customerId, return_url: input.returnUrl },
    });
    return { url: session.url };
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent> {
    return parseSignedEvent(rawBody, signature, this.options.webhookSecret, (this.options.now?.() ?? Date.now()) / 1000);
  }

  private checkoutSession(sessionId: string) {
    return orNull(this.stripe.request('GET', '/v1/checkout/sessions/{id}', CheckoutSessionSchema, { id: sessionId }));
  }
}

/** The answer, or null when Stripe does not know the id. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
