import type Stripe from 'stripe';
import type { SubscriptionStatus } from '@app/core/billing/entitlement';
import type { BillingEvent, CheckoutSessionSnapshot, SubscriptionSnapshot } from '@app/core/billing/ports';

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

export function toSubscriptionSnapshot(s: Stripe.Subscription): SubscriptionSnapshot {
  // Since 2025-03-31.basil the period lives on the subscription items.
  const periodEnd = Math.max(0, ...s.items.data.map((i) => i.current_period_end ?? 0));
  const priceId = s.items.data[0]?.price?.id;
  return {
    id: s.id,
    customerId: idOf(s.customer) ?? '',
    status: s.status as SubscriptionStatus,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    cancelAt: s.cancel_at ?? null,
    currentPeriodEnd: periodEnd,
    ...(priceId ? { priceId } : {}),
    ...(s.metadata?.userId ? { userId: s.metadata.userId } : {}),
  };
}

export function toCheckoutSnapshot(s: Stripe.Checkout.Session): CheckoutSessionSnapshot {
  return {
    id: s.id,
    customerId: idOf(s.customer),
    clientReferenceId: s.client_reference_id ?? null,
    subscriptionId: idOf(s.subscription),
    status: (s.status ?? 'open') as CheckoutSessionSnapshot['status'],
  };
}

/** Reduces a verified Stripe event to what the subscription sync needs. */
export function toBillingEvent(event: Stripe.Event): BillingEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  const base = { id: event.id, type: event.type, subscriptionId: null, customerId: null, clientReferenceId: null, created: event.created } satisfies BillingEvent;
  const customerId = idOf(object.customer as string | { id: string } | null);
  if (event.type.startsWith('checkout.session.')) {
    const s = object as unknown as Stripe.Checkout.Session;
    return { ...base, subscriptionId: idOf(s.subscription), customerId, clientReferenceId: s.client_reference_id ?? null };
  }
  if (event.type.startsWith('customer.subscription.')) {
    return { ...base, subscriptionId: String(object.id), customerId };
  }
  if (event.type.startsWith('invoice.')) {
    const invoice = object as { parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null; subscription?: string | { id: string } | null };
    const subscription = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
    return { ...base, subscriptionId: idOf(subscription), customerId };
  }
  return base;
}
