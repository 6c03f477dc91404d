/** Stripe subscription statuses (plus our own 'none' for a user who never subscribed). */
export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

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

/**
 * The entitlement rule, in one place (docs/decisions/0014-cancelled-premium-and-past-due.md): premium while the subscription is active,
 * trialing or past_due (Stripe is still retrying the payment); free once it is deleted. A pending
 * cancellation keeps access until its date, and not a second longer even if the deletion event
 * is late.
 */
export function isEntitled(subscription: SubscriptionState, now: Date): boolean {
  if (!ENTITLED.has(subscription.status)) return false;
  if (subscription.cancelAt !== null && subscription.cancelAt * 1000 <= now.getTime()) return false;
  return true;
}
