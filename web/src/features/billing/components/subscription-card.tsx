import type { User } from '@app/contracts/auth';
import type { BillingOverview, CardSummary } from '@app/contracts/billing';
import { CalendarCheck, CalendarX2, CreditCard, Crown, ExternalLink } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useBillingOverview, useResumeSubscription } from '@/features/billing/api/billing-overview';
import { useCancelSubscription } from '@/features/billing/api/cancel-subscription';
import { usePortalSession } from '@/features/billing/api/portal-session';
import { apiErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/utils/format';

const INTERVALS: Record<NonNullable<BillingOverview['price']>['interval'], string> = { day: 'day', week: 'week', month: 'month', year: 'year' };
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** `$29.00`: an amount in minor units of its currency (US dollars the only one priced today). */
export function formatAmount(amountCents: number, currency: string): string {
  const value = (amountCents / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

function cardText(card: CardSummary): string {
  const expiry = card.expMonth && card.expYear ? `, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}` : '';
  return `${BRANDS[card.brand] ?? 'Card'} ending in ${card.last4}${expiry}`;
}

/** The cancel button and its confirmation (access continues to the end of the paid period). */
function CancelSubscription() {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription({
    mutationConfig: {
      onSuccess: ({ cancel_at }) => {
        setConfirming(false);
        toast({ title: 'Subscription cancelled', description: `You keep Premium until ${formatLongDate(cancel_at)}.`, variant: 'success' });
      },
      onError: (error) => {
        toast({ title: 'Failed to cancel subscription', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' });
      },
    },
  });
  if (!confirming) {
    return (
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
    );
  }
  return (
    <div role="group" aria-labelledby="cancel-confirm-text" className="w-full rounded-xl border border-border bg-surface p-4">
      <p id="cancel-confirm-text" className="text-sm">
        Cancel Premium? You keep access until the end of the current billing period. There are no refunds for partial months.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {cancel.isPending ? 'Cancelling...' : 'Yes, cancel subscription'}
        </Button>
        <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
          Keep subscription
        </Button>
      </div>
    </div>
  );
}

/** When the plan renews or ends: from the server's overview, else (while it loads) from the session. */
function Renewal({ user, overview }: { user: User; overview: BillingOverview | undefined }) {
  const resume = useResumeSubscription({
    mutationConfig: {
      onSuccess: ({ renewsAt }) =>
        toast({ title: 'Subscription resumed', description: renewsAt ? `Premium renews on ${formatLongDate(renewsAt)}.` : undefined, variant: 'success' }),
      onError: (error) => toast({ title: 'Failed to resume subscription', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    },
  });
  const endsAt = overview ? overview.endsAt : user.cancelAt;
  if (endsAt !== null) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex items-center gap-2 text-sm font-medium text-warning">
          <CalendarX2 aria-hidden="true" className="size-4" />
          Cancels on {formatLongDate(endsAt)}
        </p>
        <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate()}>
          {resume.isPending ? 'Resuming...' : 'Resume'}
        </Button>
      </div>
    );
  }
  if (!overview?.renewsAt) return null;
  return (
    <p className="flex items-center gap-2 text-sm">
      <CalendarCheck aria-hidden="true" className="size-4 text-muted-foreground" />
      {overview.status === 'past_due'
        ? `Payment is being retried; renewal was due on ${formatLongDate(overview.renewsAt)}`
        : `Renews on ${formatLongDate(overview.renewsAt)}`}
    </p>
  );
}

function Invoices({ invoices }: { invoices: BillingOverview['invoices'] }) {
  if (invoices.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold">Invoices</h3>
      <ul className="mt-2 divide-y divide-border text-sm">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span>
              {formatLongDate(invoice.date)} <span className="text-muted-foreground">· {invoice.status}</span>
            </span>
            <span className="flex items-center gap-3">
              <span className="tabular-nums">{formatAmount(invoice.amountCents, invoice.currency)}</span>
              {invoice.url ? (
                <a
                  href={invoice.url}
                  aria-label={`View the invoice of ${formatLongDate(invoice.date)}`}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  View
                </a>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * docs/product.md#account: what a subscriber pays, under one 'Subscription' heading: the plan and
 * its price as the payment provider charges it, the renewal date (or the end date after a
 * cancellation, with Resume), the card on file and the latest invoices with their links.
 */
export function SubscriptionCard({ user }: { user: User }) {
  const overview = useBillingOverview();
  const portal = usePortalSession();
  const data = overview.data;
  const renewing = data ? data.status === 'renewing' || data.status === 'past_due' : user.cancelAt === null;

  return (
    <Card>
      <h2 className="text-lg font-semibold">Subscription</h2>
      <div className="mt-4 space-y-4">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="flex items-center gap-1.5 font-semibold">
            <Crown aria-hidden="true" className="size-4 text-premium" />
            Premium
          </span>
          {data?.price ? (
            <span className="text-sm" data-testid="plan-price">
              {formatAmount(data.price.amountCents, data.price.currency)}/{INTERVALS[data.price.interval]}
            </span>
          ) : null}
        </p>
        <Renewal user={user} overview={data} />
        {overview.isPending ? <Spinner label="Loading billing details" /> : null}
        {overview.isError ? <p className="text-sm text-muted-foreground">Billing details could not be loaded. Manage billing shows them.</p> : null}
        {data?.card ? (
          <p className="flex items-center gap-2 text-sm">
            <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
            {cardText(data.card)}
          </p>
        ) : null}
        {data ? <Invoices invoices={data.invoices} /> : null}
        <div className="flex flex-wrap gap-3 border-t border-border pt-4">
          {renewing ? <CancelSubscription /> : null}
          <Button
            variant="outline"
            disabled={portal.isPending || portal.isSuccess}
            onClick={() =>
              portal.mutate(undefined, {
                onError: (error) =>
                  toast({ title: 'Could not open billing', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
              })
            }
          >
            <ExternalLink aria-hidden="true" />
            {portal.isPending || portal.isSuccess ? 'Opening billing...' : 'Manage billing'}
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">Manage billing opens the payment provider&rsquo;s page: invoices, card, cancel or resume.</p>
      </div>
    </Card>
  );
}
