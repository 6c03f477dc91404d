/** Stripe subscription statuses. */
export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

/** The part of a Stripe subscription that decides access, as synced from the gateway. */
export interface SubscriptionState {
  id: string;
  status: SubscriptionStatus;
  /** Unix seconds at which a pending cancellation ends access; null when none is pending. */
  cancelAt: number | null;
  /** Unix seconds at which the current paid period ends. */
  currentPeriodEnd: number;
  priceId?: string;
  /** When we last synced it (ISO). */
  syncedAt: string;
}

const ENTITLED: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);
/** Statuses after which the provider never bills the subscription again. */
export const TERMINAL: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

/**
 * How long past `currentPeriodEnd` a subscription still counts without news of its renewal. The
 * renewal's webhook normally arrives within the hour; the daily reconciliation re-reads every
 * live subscription, so two days cover a lost webhook and a missed run
 * (docs/decisions/0031-subscriptions-keyed-by-provider-id.md).
 */
export const RENEWAL_GRACE_SECONDS = 2 * 24 * 60 * 60;

/**
 * The entitlement rule for one subscription: premium while it is active, trialing or past_due
 * (Stripe is still retrying the payment), and only within its paid period (plus the renewal
 * grace), so a lost deletion webhook cannot keep access forever. A pending cancellation ends
 * access at its date, and not a second later.
 */
export function isEntitled(subscription: SubscriptionState, now: Date): boolean {
  const nowS = now.getTime() / 1000;
  if (!ENTITLED.has(subscription.status)) return false;
  if (subscription.cancelAt !== null && subscription.cancelAt <= nowS) return false;
  return subscription.currentPeriodEnd + RENEWAL_GRACE_SECONDS > nowS;
}

/**
 * A user's entitlement, derived from all of their subscriptions: premium when any of them
 * entitles. `cancelAt` is when access ends if nothing changes: null while any entitling
 * subscription renews, else the latest pending cancellation.
 */
export function entitlementOf(
  subscriptions: Iterable<SubscriptionState>,
  now: Date,
): { premium: boolean; cancelAt: number | null; entitling: SubscriptionState[] } {
  const entitling = [...subscriptions].filter((s) => isEntitled(s, now));
  if (entitling.length === 0) return { premium: false, cancelAt: null, entitling };
  const renewing = entitling.some((s) => s.cancelAt === null);
  return { premium: true, cancelAt: renewing ? null : Math.max(...entitling.map((s) => s.cancelAt!)), entitling };
}
