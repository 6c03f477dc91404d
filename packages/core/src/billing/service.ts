import type { CancelResponse, CheckoutResponse, VerifySessionResponse } from '@app/contracts/billing';
import type { ResolvedSession } from '../auth/service.ts';
import type { UserRepository } from '../auth/ports.ts';
import { subscriptionStatusOf, toPublicUser, type UserRecord } from '../auth/user.ts';
import type { Clock } from '../clock.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import type { SubscriptionState } from './entitlement.ts';
import type { BillingEvent, PaymentGateway, SubscriptionSnapshot, SubscriptionStore } from './ports.ts';

/** The event types we subscribe the endpoint to (Stripe advises against subscribing to everything). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface BillingServiceDeps {
  gateway: PaymentGateway;
  users: UserRepository;
  subscriptions: SubscriptionStore;
  clock: Clock;
  /** The site's origin, for Checkout's return URLs. */
  appOrigin: string;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

export function toSubscriptionState(snapshot: SubscriptionSnapshot, clock: Clock): SubscriptionState {
  return {
    id: snapshot.id,
    status: snapshot.status,
    cancelAt: snapshot.cancelAtPeriodEnd ? (snapshot.cancelAt ?? snapshot.currentPeriodEnd) : snapshot.cancelAt,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    ...(snapshot.priceId ? { priceId: snapshot.priceId } : {}),
    syncedAt: clock.now().toISOString(),
  };
}

/**
 * Subscriptions: checkout, verification on return, cancellation and webhooks. Every path ends
 * in the same `sync`, which fetches the subscription's current state from the provider, so
 * events can arrive twice or in any order without harm (docs/architecture.md#security).
 */
export function makeBillingService(deps: BillingServiceDeps) {
  const { gateway, users, subscriptions, clock } = deps;
  const log = deps.log ?? (() => {});

  async function sync(subscriptionId: string, eventId?: string): Promise<WebhookOutcome> {
    const snapshot = await gateway.retrieveSubscription(subscriptionId);
    if (!snapshot) {
      log('Subscription not found at the provider; ignored', { subscriptionId, eventId });
      return 'ignored';
    }
    const user = (snapshot.userId ? await users.get(snapshot.userId) : undefined) ?? (await users.findByCustomer(snapshot.customerId));
    if (!user) {
      log('No user for this subscription (deleted account?); ignored', { subscriptionId, eventId });
      return eventId && !(await subscriptions.markEventProcessed(eventId)) ? 'duplicate' : 'ignored';
    }
    const written = await subscriptions.saveSubscription(user.id, toSubscriptionState(snapshot, clock), eventId);
    return written ? 'processed' : 'duplicate';
  }

  async function customerFor(user: UserRecord): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customerId = await gateway.createCustomer({ id: user.id, email: user.email });
    await users.linkCustomer(user.id, customerId);
    return customerId;
  }

  return {
    sync,

    /** The body's userId/email are never used: the session's user is the customer. */
    async createCheckout(resolved: ResolvedSession): Promise<CheckoutResponse> {
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      if (subscriptionStatusOf(user, clock) === 'premium') throw new ConflictError('Already subscribed');
      const customerId = await customerFor(user);
      const session = await gateway.createCheckoutSession({
        customerId,
        userId: user.id,
        successUrl: `${deps.appOrigin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.appOrigin}/pricing`,
      });
      return { url: session.url };
    },

    /** Runs the webhook's sync for a Checkout session of the caller's (the browser may beat the webhook). */
    async verifySession(resolved: ResolvedSession, sessionId: string): Promise<VerifySessionResponse> {
      const checkout = await gateway.retrieveCheckoutSession(sessionId);
      if (!checkout) throw new NotFoundError('Checkout session not found');
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      const ours = checkout.clientReferenceId === user.id || (checkout.customerId !== null && checkout.customerId === user.stripeCustomerId);
      if (!ours) throw new ForbiddenError('This checkout session belongs to another account');
      if (checkout.subscriptionId) await sync(checkout.subscriptionId);
      const fresh = (await users.get(user.id)) ?? user;
      const publicUser = toPublicUser(fresh, clock);
      return { success: checkout.status === 'complete' && publicUser.subscriptionStatus === 'premium', user: publicUser };
    },

    /** Cancels at the end of the paid period; access continues until then. */
    async cancel(resolved: ResolvedSession): Promise<CancelResponse> {
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      if (!user.subscription || subscriptionStatusOf(user, clock) !== 'premium') throw new ConflictError('No active subscription to cancel');
      const snapshot = await gateway.cancelAtPeriodEnd(user.subscription.id);
      const state = toSubscriptionState(snapshot, clock);
      await subscriptions.saveSubscription(user.id, state);
      return { cancel_at: state.cancelAt ?? state.currentPeriodEnd };
    },

    /** Account deletion: end the subscription now, not at the period end. */
    async cancelNow(user: UserRecord): Promise<void> {
      if (user.subscription && !['canceled', 'incomplete_expired'].includes(user.subscription.status)) {
        await gateway.cancelNow(user.subscription.id);
      }
    },

    async handleWebhook(event: BillingEvent): Promise<WebhookOutcome> {
      if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return 'ignored';
      if (event.type === 'checkout.session.completed' && event.clientReferenceId && event.customerId) {
        const user = await users.get(event.clientReferenceId);
        if (user && !user.stripeCustomerId) await users.linkCustomer(user.id, event.customerId);
      }
      if (!event.subscriptionId) return (await subscriptions.markEventProcessed(event.id)) ? 'ignored' : 'duplicate';
      return sync(event.subscriptionId, event.id);
    },
  };
}

export type BillingService = ReturnType<typeof makeBillingService>;
