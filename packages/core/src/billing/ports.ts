import type { SubscriptionState, SubscriptionStatus } from './entitlement.ts';

/** A subscription as the payment provider reports it now. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds; null when no cancellation is pending. */
  cancelAt: number | null;
  /** Unix seconds. */
  currentPeriodEnd: number;
  priceId?: string;
  /** Our user id, from the subscription's metadata. */
  userId?: string;
}

export interface CheckoutSessionSnapshot {
  id: string;
  customerId: string | null;
  clientReferenceId: string | null;
  subscriptionId: string | null;
  status: 'open' | 'complete' | 'expired';
}

/** A verified webhook event, reduced to what the sync needs. */
export interface BillingEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  customerId: string | null;
  /** checkout.session.completed: our user id. */
  clientReferenceId: string | null;
}

/**
 * The payment provider. Stripe implements it on AWS (and locally with keys); without keys a
 * local test-mode gateway stands in, feeding the same subscription code path.
 */
export interface PaymentGateway {
  /** Creates (idempotently per user) the provider's customer for the user. */
  createCustomer(user: { id: string; email: string }): Promise<string>;
  createCheckoutSession(input: { customerId: string; userId: string; successUrl: string; cancelUrl: string }): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot>;
  cancelNow(subscriptionId: string): Promise<void>;
  /** Verifies the signature over the exact raw body; throws `InvalidSignatureError` otherwise. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
}

/** Records processed webhook events in the same write as their effect. */
export interface SubscriptionStore {
  /**
   * Writes the user's subscription state; when `eventId` is given, marks the event processed in
   * the same transaction and returns false (writing nothing) if it was processed before.
   */
  saveSubscription(userId: string, state: SubscriptionState, eventId?: string): Promise<boolean>;
  /** Marks an event that needs no write as processed; false when it was processed before. */
  markEventProcessed(eventId: string): Promise<boolean>;
}
