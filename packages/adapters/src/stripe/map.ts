/**
 * The Stripe objects the product reads, as zod schemas of only the fields it uses (API version
 * STRIPE_API_VERSION), and their mapping onto the billing port's snapshots and events.
 */
import * as z from 'zod/mini';
import type { CardSummary, InvoiceSummary } from '@app/contracts/billing';
import type { BillingEvent, CheckoutSessionSnapshot, SubscriptionSnapshot } from '@app/core/billing/ports';
import { ValidationError } from '@app/core/errors';

/** A reference to another object: its id, or the object itself when expanded. */
const Ref = z.union([z.string(), z.object({ id: z.string() })]);
type Ref = z.infer<typeof Ref>;
const idOf = (v: Ref | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

export const CustomerSchema = z.object({ id: z.string() });

export const PortalSessionSchema = z.object({ url: z.string() });

export const SubscriptionSchema = z.object({
  id: z.string(),
  customer: Ref,
  status: z.enum(['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused']),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.optional(z.nullable(z.number())),
  items: z.object({
    data: z.array(
      z.object({
        current_period_end: z.optional(z.nullable(z.number())),
        price: z.optional(
          z.nullable(
            z.object({
              id: z.string(),
              unit_amount: z.optional(z.nullable(z.int())),
              currency: z.optional(z.string()),
              recurring: z.optional(z.nullable(z.object({ interval: z.enum(['day', 'week', 'month', 'year']) }))),
            }),
          ),
        ),
      }),
    ),
  }),
  metadata: z.optional(z.nullable(z.record(z.string(), z.string()))),
});
export type StripeSubscription = z.infer<typeof SubscriptionSchema>;

export const CheckoutSessionSchema = z.object({
  id: z.string(),
  url: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.enum(['open', 'complete', 'expired']))),
  customer: z.optional(z.nullable(Ref)),
  subscription: z.optional(z.nullable(Ref)),
  client_reference_id: z.optional(z.nullable(z.string())),
});
export type StripeCheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** An event as the webhook delivers it; its object is read by type below. */
export const EventSchema = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.infer<typeof EventSchema>;

const CheckoutEventObject = z.object({
  customer: z.optional(z.nullable(Ref)),
  subscription: z.optional(z.nullable(Ref)),
  client_reference_id: z.optional(z.nullable(z.string())),
});
const SubscriptionEventObject = z.object({ id: z.string(), customer: z.optional(z.nullable(Ref)) });
const InvoiceEventObject = z.object({
  customer: z.optional(z.nullable(Ref)),
  // Since 2025-03-31.basil the subscription is under `parent`; older payloads have `subscription`.
  parent: z.optional(z.nullable(z.object({ subscription_details: z.optional(z.nullable(z.object({ subscription: z.optional(z.nullable(Ref)) }))) }))),
  subscription: z.optional(z.nullable(Ref)),
});

export function toSubscriptionSnapshot(s: StripeSubscription): SubscriptionSnapshot {
  // Since 2025-03-31.basil the period lives on the subscription items.
  const periodEnd = Math.max(0, ...s.items.data.map((i) => i.current_period_end ?? 0));
  const price = s.items.data[0]?.price;
  const priceId = price?.id;
  const charge =
    price?.unit_amount != null && price.currency && price.recurring
      ? { amountCents: price.unit_amount, currency: price.currency, interval: price.recurring.interval }
      : undefined;
  return {
    id: s.id,
    customerId: idOf(s.customer) ?? '',
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    cancelAt: s.cancel_at ?? null,
    currentPeriodEnd: periodEnd,
    ...(priceId ? { priceId } : {}),
    ...(s.metadata?.userId ? { userId: s.metadata.userId } : {}),
    ...(charge ? { price: charge } : {}),
  };
}

/** A PaymentMethod as an expanded field gives it: only its card's brand, last four and expiry are read. */
const PaymentMethodSchema = z.object({
  id: z.string(),
  card: z.optional(
    z.nullable(z.object({ brand: z.string(), last4: z.string(), exp_month: z.optional(z.nullable(z.int())), exp_year: z.optional(z.nullable(z.int())) })),
  ),
});
const PaymentMethodRef = z.optional(z.nullable(z.union([z.string(), PaymentMethodSchema])));

/** A customer with `expand[]=invoice_settings.default_payment_method`. */
export const CustomerCardSchema = z.object({
  id: z.string(),
  invoice_settings: z.optional(z.nullable(z.object({ default_payment_method: PaymentMethodRef }))),
});
/** A subscription with `expand[]=default_payment_method` (Checkout sets the card there). */
export const SubscriptionCardSchema = z.object({ id: z.string(), default_payment_method: PaymentMethodRef });

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.optional(z.nullable(z.string())),
  created: z.number(),
  currency: z.string(),
  total: z.int(),
  status: z.optional(z.nullable(z.string())),
  hosted_invoice_url: z.optional(z.nullable(z.string())),
});
export type StripeInvoice = z.infer<typeof InvoiceSchema>;

/** The card of an expanded payment method; null for an id alone (not expanded) or a method that is not a card. */
export function toCardSummary(method: z.infer<typeof PaymentMethodRef>): CardSummary | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { brand, last4, expMonth: exp_month ?? null, expYear: exp_year ?? null };
}

export function toInvoiceSummary(invoice: StripeInvoice): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number ?? null,
    date: invoice.created,
    amountCents: invoice.total,
    currency: invoice.currency,
    status: invoice.status ?? 'draft',
    url: invoice.hosted_invoice_url ?? null,
  };
}

export function toCheckoutSnapshot(s: StripeCheckoutSession): CheckoutSessionSnapshot {
  return {
    id: s.id,
    customerId: idOf(s.customer),
    clientReferenceId: s.client_reference_id ?? null,
    subscriptionId: idOf(s.subscription),
    status: s.status ?? 'open',
  };
}

/** The issues of a failed parse, one line: `path: message; ...`. */
export const describeIssues = (error: z.core.$ZodError): string => error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

/**
 * Reduces a verified event to what the subscription sync needs. The object of an event type the
 * sync reads must have the fields' types (a payload that does not is refused, not guessed at);
 * other types are passed on by id and type only.
 */
export function toBillingEvent(event: StripeEvent): BillingEvent {
  const base = {
    id: event.id,
    type: event.type,
    subscriptionId: null,
    customerId: null,
    clientReferenceId: null,
    created: event.created,
  } satisfies BillingEvent;
  const read = <T>(schema: z.ZodMiniType<T>): T => {
    const parsed = schema.safeParse(event.data.object);
    if (!parsed.success) throw new ValidationError(`Stripe event ${event.id} (${event.type}) has an unexpected object: ${describeIssues(parsed.error)}`);
    return parsed.data;
  };
  if (event.type.startsWith('checkout.session.')) {
    const s = read(CheckoutEventObject);
    return { ...base, subscriptionId: idOf(s.subscription), customerId: idOf(s.customer), clientReferenceId: s.client_reference_id ?? null };
  }
  if (event.type.startsWith('customer.subscription.')) {
    const s = read(SubscriptionEventObject);
    return { ...base, subscriptionId: s.id, customerId: idOf(s.customer) };
  }
  if (event.type.startsWith('invoice.')) {
    const invoice = read(InvoiceEventObject);
    return { ...base, subscriptionId: idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription), customerId: idOf(invoice.customer) };
  }
  return base;
}
