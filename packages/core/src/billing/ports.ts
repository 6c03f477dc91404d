import type { CardSummary, InvoiceSummary } from '@app/contracts/billing';
import type { OpenCheckout } from '../account/user.ts';
import type { SubscriptionState, SubscriptionStatus } from '../account/entitlement.ts';

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
  /** What the subscription's price charges, per interval (the provider's figures, not ours). */
  price?: { amountCents: number; currency: string; interval: 'day' | 'week' | 'month' | 'year' };
}

/** What the account page shows of a customer's payments. */
export interface PaymentDetails {
  /** The card the next renewal is charged to; null when none is on file. */
  card: CardSummary | null;
  /** Newest first. */
  invoices: InvoiceSummary[];
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
  /** Unix seconds at which the provider created the event. */
  created: number;
}

/**
 * The payment provider. Stripe implements it on AWS (and locally with keys); without keys a
 * local test-mode gateway stands in, feeding the same subscription code path.
 */
/** What a Checkout session is opened with. */
export interface CheckoutSessionInput {
  customerId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface PaymentGateway {
  /** Creates (idempotently per user) the provider's customer for the user. */
  createCustomer(user: { id: string; email: string }): Promise<string>;
  /** `idempotencyKey`: the same key within the provider's window returns the same session. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null>;
  /** Expires an open Checkout session so it can no longer be paid (no-op when it is not open). */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /**
   * Ends every payment session of the customer: each open Checkout session is expired, and every
   * customer-portal session the provider lets us revoke is revoked (Stripe has no call that ends
   * a portal session: what one does afterwards comes back through the webhook, which refuses it
   * for an excluded user).
   */
  expirePaymentSessions(customerId: string): Promise<void>;
  /** The subscriptions of one customer that are not cancelled. */
  listLiveSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]>;
  /**
   * One page of every subscription that is not cancelled (the reconciliation), in the provider's order: `cursor` is
   * the previous page's (the last subscription id it read); the answer's is absent after the last page.
   */
  listLiveSubscriptionsPage(page: { cursor?: string; limit: number }): Promise<{ subscriptions: SubscriptionSnapshot[]; cursor?: string }>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Undoes a pending cancellation at the period end: the subscription renews again. */
  resumeSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** The customer's card on file and latest invoices (at most `limit`, newest first); empty for a customer the provider does not know. */
  paymentDetails(customerId: string, limit: number): Promise<PaymentDetails>;
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * A session of the provider's customer portal (invoices, card, cancel, resume) for the
   * customer; its changes come back through the webhook.
   */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Verifies the signature over the exact raw body; throws `InvalidSignatureError` otherwise. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
}

export type SaveOutcome = 'saved' | 'duplicate' | 'stale';

/** Subscriptions by provider id, with processed webhook events recorded in the same write. */
export interface SubscriptionRepository {
  /**
   * Writes one subscription's state (the subscription item and its entry on the user profile).
   * With `event`, marks the event processed in the same transaction: 'duplicate' (nothing
   * written) when it was processed before, 'stale' when a newer event of this subscription was
   * applied already (the provider's `created` is older than the stored one).
   */
  saveSubscription(userId: string, state: SubscriptionState, event?: { id: string; created: number }): Promise<SaveOutcome>;
  /**
   * Records the Checkout session the user is sent to, only if the open one is still `previousId`
   * (none: null); false when another request recorded a different one first.
   */
  setOpenCheckout(userId: string, checkout: OpenCheckout, previousId: string | null): Promise<boolean>;
  /** Marks an event that needs no write as processed; false when it was processed before. */
  markEventProcessed(eventId: string): Promise<boolean>;
}
