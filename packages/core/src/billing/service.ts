import {
  BILLING_INVOICES_SHOWN,
  CHECKOUT_CANCELLED_QUERY,
  type BillingOverview,
  type CancelResponse,
  type CheckoutResponse,
  type PortalSessionResponse,
  type VerifySessionResponse,
} from '@app/contracts/billing';
import type { ResolvedSession } from '../auth/service.ts';
import type { UserRepository } from '../account/ports.ts';
import { entitlementOfUser, subscriptionStatusOf, toPublicUser, type UserRecord } from '../account/user.ts';
import type { Clock } from '../clock.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { noSecurityLog, type SecurityLog } from '../security/events.ts';
import { SITE_ROUTES } from '@app/contracts/site';
import { activeBreakUntil, activeExclusionUntil, isProtected } from '../account/protection.ts';
import { utcInstant } from '../text.ts';
import { TERMINAL, type SubscriptionState } from '../account/entitlement.ts';
import type { BillingEvent, PaymentGateway, SubscriptionSnapshot, SubscriptionRepository } from './ports.ts';

/** The event types we subscribe the endpoint to (Stripe advises against subscribing to everything). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'stale';

export interface BillingServiceDeps {
  gateway: PaymentGateway;
  users: UserRepository;
  subscriptions: SubscriptionRepository;
  clock: Clock;
  /** The site's origin, for Checkout's return URLs. */
  appOrigin: string;
  log?: (message: string, detail?: Record<string, unknown>) => void;
  security?: SecurityLog;
}

/** Subscriptions per page of the reconciliation: one Stripe list call (its maximum), well inside one invocation. */
export const RECONCILE_PAGE = 100;

export interface ReconcileReport {
  /** Live subscriptions the provider listed. */
  seen: number;
  synced: number;
  /** Subscriptions whose user no longer exists, cancelled at once. */
  orphansCancelled: string[];
  /** Renewing subscriptions of self-excluded users, set to end at their period end. */
  excludedCancelled: string[];
}

/** Where a cancelled Checkout returns: /pricing, saying nothing was charged. */
const CHECKOUT_CANCELLED_PATH = `${SITE_ROUTES.pricing}?${new URLSearchParams(CHECKOUT_CANCELLED_QUERY)}`;

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
 * Subscriptions: checkout, verification on return, cancellation, webhooks and the daily
 * reconciliation. Each subscription is stored under the provider's id and every path ends in the
 * same `sync`, which fetches that subscription's current state from the provider; the user's
 * access is derived from all of their subscriptions (account/entitlement.ts). So an event about an old
 * subscription, an old Checkout session id or a late retry only ever updates that old
 * subscription, never a newer one (docs/decisions/0031-subscriptions-keyed-by-provider-id.md).
 */
export function makeBillingService(deps: BillingServiceDeps) {
  const { gateway, users, subscriptions, clock } = deps;
  const log = deps.log ?? (() => {});
  const security = deps.security ?? noSecurityLog;

  async function ownerOf(snapshot: SubscriptionSnapshot): Promise<UserRecord | undefined> {
    return (
      (snapshot.userId ? await users.get(snapshot.userId) : undefined) ?? (snapshot.customerId ? await users.findByCustomer(snapshot.customerId) : undefined)
    );
  }

  async function sync(subscriptionId: string, event?: { id: string; created: number }): Promise<WebhookOutcome> {
    const snapshot = await gateway.retrieveSubscription(subscriptionId);
    if (!snapshot) {
      log('Subscription not found at the provider; ignored', { subscriptionId, eventId: event?.id });
      return 'ignored';
    }
    const user = await ownerOf(snapshot);
    if (!user) {
      log('No user for this subscription (deleted account?); ignored', { subscriptionId, eventId: event?.id });
      return event && !(await subscriptions.markEventProcessed(event.id)) ? 'duplicate' : 'ignored';
    }
    const outcome = await subscriptions.saveSubscription(user.id, toSubscriptionState(await refusedWhileExcluded(user, snapshot), clock), event);
    if (outcome === 'stale') log('Event older than the stored state of its subscription; ignored', { subscriptionId, eventId: event?.id });
    return outcome === 'saved' ? 'processed' : outcome;
  }

  /**
   * An excluded person is never charged again (M3): a subscription that started while the
   * exclusion runs (one we did not know: a Checkout paid after it) is cancelled now; one that
   * renews again (resumed in a portal session) is set back to end with its paid period. Returns
   * the provider's state after that.
   */
  async function refusedWhileExcluded(user: UserRecord, snapshot: SubscriptionSnapshot): Promise<SubscriptionSnapshot> {
    if (!activeExclusionUntil(user, clock.now()) || TERMINAL.has(snapshot.status)) return snapshot;
    const started = !user.subscriptions[snapshot.id];
    if (!started && (snapshot.cancelAtPeriodEnd || snapshot.cancelAt !== null)) return snapshot;
    let state: SubscriptionSnapshot;
    if (started) {
      await gateway.cancelNow(snapshot.id);
      state = (await gateway.retrieveSubscription(snapshot.id)) ?? { ...snapshot, status: 'canceled' };
    } else state = await gateway.cancelAtPeriodEnd(snapshot.id);
    security({
      type: 'subscription_excluded_cancelled',
      userId: user.id,
      email: user.email,
      actor: 'webhook',
      detail: { subscriptionId: snapshot.id, cancelled: started ? 'now' : 'at_period_end' },
    });
    return state;
  }

  async function customerFor(user: UserRecord): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const customerId = await gateway.createCustomer({ id: user.id, email: user.email });
    await users.linkCustomer(user.id, customerId);
    return customerId;
  }

  /**
   * A break or a self-exclusion running now refuses every new way to pay: a checkout (L1: the
   * exclusion too, for a request that raced it), resuming a subscription and a portal session (L2)
   * (docs/decisions/0282-every-way-to-pay-waits-for-a-protection.md).
   */
  function refuseWhileProtected(user: UserRecord, what: string): void {
    const now = clock.now();
    const excludedUntil = activeExclusionUntil(user, now);
    if (excludedUntil) throw new ConflictError(`This account is self-excluded until ${utcInstant(excludedUntil)}: ${what} waits until then.`);
    const breakUntil = activeBreakUntil(user, now);
    if (breakUntil) throw new ConflictError(`You are taking a break until ${utcInstant(breakUntil)}: ${what} waits until then.`);
  }

  async function freshUser(resolved: ResolvedSession): Promise<UserRecord> {
    return (await users.get(resolved.user.id)) ?? resolved.user;
  }

  /**
   * Sets every entitling subscription of the user to end with its paid period; returns when
   * access ends (Unix seconds), or null when nothing entitles.
   */
  async function cancelAtPeriodEnd(user: UserRecord): Promise<number | null> {
    const { entitling } = entitlementOfUser(user, clock);
    if (entitling.length === 0) return null;
    for (const subscription of entitling) {
      if (subscription.cancelAt !== null) continue;
      await subscriptions.saveSubscription(user.id, toSubscriptionState(await gateway.cancelAtPeriodEnd(subscription.id), clock));
    }
    const { cancelAt } = entitlementOfUser((await users.get(user.id)) ?? user, clock);
    return cancelAt ?? Math.max(...entitling.map((s) => s.currentPeriodEnd));
  }

  /** The subscription the account page speaks of: one that renews, else the one that ends last. */
  function currentSubscription(user: UserRecord): SubscriptionState | undefined {
    const { entitling } = entitlementOfUser(user, clock);
    return entitling.find((s) => s.cancelAt === null) ?? entitling.sort((a, b) => (b.cancelAt ?? 0) - (a.cancelAt ?? 0))[0];
  }

  return {
    sync,

    /**
     * Sends the session's user to Checkout (the body's userId/email are never used). A user has
     * at most one open Checkout session: while it is open it is reused; a paid one is synced
     * first; a new one is recorded only if nobody recorded another meanwhile, and the loser of
     * that race expires its own, so two sessions can never both be paid.
     */
    async createCheckout(resolved: ResolvedSession): Promise<CheckoutResponse> {
      let user = await freshUser(resolved);
      if (subscriptionStatusOf(user, clock) === 'premium') throw new ConflictError('Already subscribed');
      // Paying for what a break hides would be a purchase made in the moment the break is for; an
      // exclusion recorded while this request was on its way refuses it too (L1).
      refuseWhileProtected(user, 'subscribing');
      const previous = user.openCheckout;
      if (previous) {
        const snapshot = await gateway.retrieveCheckoutSession(previous.id);
        if (snapshot?.status === 'open') return { url: previous.url };
        if (snapshot?.status === 'complete' && snapshot.subscriptionId) {
          await sync(snapshot.subscriptionId);
          user = await freshUser(resolved);
          if (subscriptionStatusOf(user, clock) === 'premium') throw new ConflictError('Already subscribed');
        }
      }
      const customerId = await customerFor(user);
      const session = await gateway.createCheckoutSession({
        customerId,
        userId: user.id,
        successUrl: `${deps.appOrigin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.appOrigin}${CHECKOUT_CANCELLED_PATH}`,
        // Concurrent requests replacing the same session get the same new one from Stripe.
        idempotencyKey: `checkout:${user.id}:after:${previous?.id ?? 'none'}`,
      });
      if (await subscriptions.setOpenCheckout(user.id, session, previous?.id ?? null)) {
        // A break or an exclusion recorded while the session was being made ended the sessions it
        // knew of, not this one: this one is ended here (L1).
        const after = await freshUser(resolved);
        if (isProtected(after, clock.now())) {
          await gateway.expireCheckoutSession(session.id);
          refuseWhileProtected(after, 'subscribing');
        }
        return { url: session.url };
      }
      const winner = (await freshUser(resolved)).openCheckout;
      if (winner?.id !== session.id) await gateway.expireCheckoutSession(session.id);
      if (!winner) throw new ConflictError('Checkout is being prepared; try again');
      return { url: winner.url };
    },

    /** Runs the webhook's sync for a Checkout session of the caller's (the browser may beat the webhook). */
    async verifySession(resolved: ResolvedSession, sessionId: string): Promise<VerifySessionResponse> {
      const checkout = await gateway.retrieveCheckoutSession(sessionId);
      if (!checkout) throw new NotFoundError('Checkout session not found');
      const user = await freshUser(resolved);
      const ours = checkout.clientReferenceId === user.id || (checkout.customerId !== null && checkout.customerId === user.stripeCustomerId);
      if (!ours) throw new ForbiddenError('This checkout session belongs to another account');
      if (checkout.subscriptionId) await sync(checkout.subscriptionId);
      const fresh = (await users.get(user.id)) ?? user;
      const publicUser = toPublicUser(fresh, clock);
      return { success: checkout.status === 'complete' && publicUser.subscriptionStatus === 'premium', user: publicUser };
    },

    cancelAtPeriodEnd,

    /**
     * A break or a self-exclusion (M3): the user's open Checkout session and every other payment
     * session of the customer are ended, so nothing opened before can be paid or resumed after.
     */
    async endPaymentSessions(user: UserRecord, reason: 'break' | 'self_exclusion'): Promise<void> {
      if (user.openCheckout) await gateway.expireCheckoutSession(user.openCheckout.id);
      if (user.stripeCustomerId) await gateway.expirePaymentSessions(user.stripeCustomerId);
      security({ type: 'billing_sessions_expired', userId: user.id, email: user.email, detail: { reason } });
    },

    /** Cancels every entitling subscription at the end of its paid period; access continues until then. */
    async cancel(resolved: ResolvedSession): Promise<CancelResponse> {
      const cancelAt = await cancelAtPeriodEnd(await freshUser(resolved));
      if (cancelAt === null) throw new ConflictError('No active subscription to cancel');
      return { cancel_at: cancelAt };
    },

    /** Undoes the pending cancellations of the caller's subscriptions: they renew again. */
    async resume(resolved: ResolvedSession): Promise<BillingOverview> {
      const user = await freshUser(resolved);
      refuseWhileProtected(user, 'resuming the subscription');
      const pending = entitlementOfUser(user, clock).entitling.filter((s) => s.cancelAt !== null);
      if (pending.length === 0) throw new ConflictError('No cancelled subscription to resume');
      for (const subscription of pending) {
        await subscriptions.saveSubscription(user.id, toSubscriptionState(await gateway.resumeSubscription(subscription.id), clock));
      }
      return this.overview(resolved);
    },

    /**
     * What the caller pays (docs/product.md#account): the plan, its price as the provider charges
     * it, the renewal or end date, the card on file and the latest invoices with their links.
     */
    async overview(resolved: ResolvedSession): Promise<BillingOverview> {
      const user = await freshUser(resolved);
      const current = currentSubscription(user);
      const [snapshot, details] = await Promise.all([
        current ? gateway.retrieveSubscription(current.id) : null,
        user.stripeCustomerId ? gateway.paymentDetails(user.stripeCustomerId, BILLING_INVOICES_SHOWN) : { card: null, invoices: [] },
      ]);
      const status = !current ? 'none' : current.cancelAt !== null ? 'cancelling' : current.status === 'past_due' ? 'past_due' : 'renewing';
      return {
        plan: current ? 'premium' : 'free',
        status,
        price: snapshot?.price ?? null,
        renewsAt: current && current.cancelAt === null ? current.currentPeriodEnd : null,
        endsAt: current?.cancelAt ?? null,
        card: details.card,
        invoices: details.invoices.slice(0, BILLING_INVOICES_SHOWN),
      };
    },

    /** The provider's customer portal for the caller's own customer; back to /account afterwards. */
    async createPortalSession(resolved: ResolvedSession): Promise<PortalSessionResponse> {
      const user = await freshUser(resolved);
      if (!user.stripeCustomerId) throw new ConflictError('No billing account yet: subscribe first');
      // The portal can resume a subscription or start paying again (L2).
      refuseWhileProtected(user, 'the billing portal');
      return gateway.createPortalSession({ customerId: user.stripeCustomerId, returnUrl: `${deps.appOrigin}/account` });
    },

    /**
     * Account deletion: end every subscription of the user now, not at the period end: the ones
     * we know and any other live one the provider has for the customer.
     */
    async cancelNow(user: UserRecord): Promise<void> {
      const ids = new Set(
        Object.values(user.subscriptions)
          .filter((s) => !TERMINAL.has(s.status))
          .map((s) => s.id),
      );
      if (user.stripeCustomerId) for (const s of await gateway.listLiveSubscriptions(user.stripeCustomerId)) ids.add(s.id);
      if (user.openCheckout) await gateway.expireCheckoutSession(user.openCheckout.id);
      for (const id of ids) await gateway.cancelNow(id);
    },

    async handleWebhook(event: BillingEvent): Promise<WebhookOutcome> {
      if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return 'ignored';
      if (event.type === 'checkout.session.completed' && event.clientReferenceId && event.customerId) {
        const user = await users.get(event.clientReferenceId);
        if (user && !user.stripeCustomerId) await users.linkCustomer(user.id, event.customerId);
      }
      if (!event.subscriptionId) return (await subscriptions.markEventProcessed(event.id)) ? 'ignored' : 'duplicate';
      return sync(event.subscriptionId, { id: event.id, created: event.created });
    },

    /**
     * One page of the daily reconciliation (docs/decisions/0252-billing-reconciliation-by-pages.md): re-reads up to
     * `limit` live subscriptions from the provider, from `cursor` on, and stores their state (repairing lost
     * webhooks); a subscription whose user no longer exists is cancelled now. The answer's cursor starts the next
     * page (absent after the last), so no invocation reads every subscription.
     */
    async reconcile(page: { cursor?: string; limit?: number } = {}): Promise<ReconcileReport & { cursor?: string }> {
      const report: ReconcileReport = { seen: 0, synced: 0, orphansCancelled: [], excludedCancelled: [] };
      const { subscriptions: live, cursor } = await gateway.listLiveSubscriptionsPage({
        ...(page.cursor ? { cursor: page.cursor } : {}),
        limit: page.limit ?? RECONCILE_PAGE,
      });
      for (const snapshot of live) {
        report.seen += 1;
        const user = await ownerOf(snapshot);
        if (!user) {
          await gateway.cancelNow(snapshot.id);
          report.orphansCancelled.push(snapshot.id);
          security({ type: 'subscription_orphan_cancelled', actor: 'reconciliation', detail: { subscriptionId: snapshot.id } });
          continue;
        }
        // A self-exclusion whose cancellation failed (the provider was down) is finished here: an
        // excluded person is never charged again.
        const renewing = !TERMINAL.has(snapshot.status) && !snapshot.cancelAtPeriodEnd && snapshot.cancelAt === null;
        const state = renewing && activeExclusionUntil(user, clock.now()) ? await gateway.cancelAtPeriodEnd(snapshot.id) : snapshot;
        if (state !== snapshot) report.excludedCancelled.push(snapshot.id);
        await subscriptions.saveSubscription(user.id, toSubscriptionState(state, clock));
        report.synced += 1;
      }
      return { ...report, ...(cursor ? { cursor } : {}) };
    },
  };
}

export type BillingService = ReturnType<typeof makeBillingService>;
