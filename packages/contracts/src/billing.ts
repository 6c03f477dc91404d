import * as z from 'zod/mini';
import { EmailSchema, UserSchema } from './auth.ts';

/**
 * The spec's body carries userId and email; the server ignores both and uses the session's user
 * (docs/decisions/0017-checkout-ignores-client-identity.md).
 */
export const CheckoutBodySchema = z.optional(
  z.strictObject({ userId: z.optional(z.string().check(z.regex(/^[\w-]{1,100}$/, 'Invalid user id'))), email: z.optional(EmailSchema) }),
);
/** The query a cancelled Checkout returns to /pricing with: the page says nothing was charged. */
export const CHECKOUT_CANCELLED_QUERY = { checkout: 'cancelled' } as const;

export const CheckoutResponseSchema = z.strictObject({ url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** `POST /api/stripe/portal-session`: where the customer portal opens. */
export const PortalSessionResponseSchema = z.strictObject({ url: z.string() });
export type PortalSessionResponse = z.infer<typeof PortalSessionResponseSchema>;

export const VerifySessionBodySchema = z.strictObject({
  sessionId: z.string().check(z.minLength(1, 'sessionId is required'), z.maxLength(255), z.regex(/^[\w-]+$/, 'Invalid session id')),
});
export type VerifySessionBody = z.infer<typeof VerifySessionBodySchema>;

export const VerifySessionResponseSchema = z.strictObject({ success: z.boolean(), user: UserSchema });
export type VerifySessionResponse = z.infer<typeof VerifySessionResponseSchema>;

/** Unix seconds at which access ends (the end of the paid period). */
export const CancelResponseSchema = z.strictObject({ cancel_at: z.number() });
export type CancelResponse = z.infer<typeof CancelResponseSchema>;

/** `POST /api/stripe/webhook`: what the event did (a duplicate or an unhandled type changes nothing). */
export const WebhookResponseSchema = z.strictObject({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored', 'stale']) });
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;

/** A sum of money as the payment provider states it: minor units (cents) and the ISO currency code, lower case. */
const MoneySchema = z.strictObject({ amountCents: z.int(), currency: z.string() });

/** The card on file, as the payment provider reports it (never more than brand, last four and expiry). */
export const CardSummarySchema = z.strictObject({
  brand: z.string(),
  last4: z.string().check(z.regex(/^\d{4}$/)),
  expMonth: z.nullable(z.int()),
  expYear: z.nullable(z.int()),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

export const InvoiceSummarySchema = z.extend(MoneySchema, {
  id: z.string(),
  /** The provider's invoice number, when it gave one. */
  number: z.nullable(z.string()),
  /** Unix seconds. */
  date: z.number(),
  status: z.string(),
  /** The provider's page of the invoice (view, download, pay). */
  url: z.nullable(z.string()),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/**
 * `GET /api/account/billing`: what the signed-in user pays. `status`: `renewing` (the plan renews
 * at `renewsAt`), `cancelling` (it ends at `endsAt`; Resume undoes that), `past_due` (the provider
 * is retrying a payment), `none` (free).
 */
export const BillingOverviewSchema = z.strictObject({
  plan: z.enum(['free', 'premium']),
  status: z.enum(['renewing', 'cancelling', 'past_due', 'none']),
  /** The plan's price from the provider, per `interval`; null on the free plan. */
  price: z.nullable(z.extend(MoneySchema, { interval: z.enum(['day', 'week', 'month', 'year']) })),
  /** Unix seconds. */
  renewsAt: z.nullable(z.number()),
  endsAt: z.nullable(z.number()),
  card: z.nullable(CardSummarySchema),
  /** Newest first, at most BILLING_INVOICES_SHOWN. */
  invoices: z.array(InvoiceSummarySchema),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

/** How many of the latest invoices the account page lists. */
export const BILLING_INVOICES_SHOWN = 6;
