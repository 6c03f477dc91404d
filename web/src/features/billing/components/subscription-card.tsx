import type { User } from '@app/contracts/auth';
import { CalendarX2, Crown, ExternalLink } from 'lucide-react';
import { useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useCancelSubscription } from '@/features/billing/api/cancel-subscription';
import { usePortalSession } from '@/features/billing/api/portal-session';
import { apiErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/utils/format';

/** The plan badge of the account page. */
export function SubscriptionBadge({ user }: { user: User }) {
  return user.subscriptionStatus === 'premium' ? (
    <Badge variant="premium">
      <Crown aria-hidden="true" className="size-3" />
      Premium
    </Badge>
  ) : (
    <Badge variant="muted">Free</Badge>
  );
}

/**
 * docs/product.md#account and docs/decisions/0014-cancelled-premium-and-past-due.md: the plan, 'Cancels on <date>' while a cancellation is
 * pending, and cancelling (access continues until the end of the paid period).
 */
export function SubscriptionCard({ user }: { user: User }) {
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
  const portal = usePortalSession();
  const premium = user.subscriptionStatus === 'premium';

  return (
    <Card>
      <h2 className="text-lg font-semibold">Subscription</h2>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="text-sm text-muted-foreground">Current plan</span>
        <SubscriptionBadge user={user} />
      </div>
      {premium && user.cancelAt !== null ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-warning">
          <CalendarX2 aria-hidden="true" className="size-4" />
          Cancels on {formatLongDate(user.cancelAt)}
        </p>
      ) : null}
      {premium && user.cancelAt === null ? (
        confirming ? (
          <div role="group" aria-labelledby="cancel-confirm-text" className="mt-4 rounded-xl border border-border bg-surface p-4">
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
        ) : (
          <Button variant="outline" className="mt-4" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )
      ) : null}
      {!premium ? <p className="mt-3 text-sm text-muted-foreground">You are on the free plan: fixtures are visible, probabilities are locked.</p> : null}
      {premium ? (
        <div className="mt-4 border-t border-border pt-4">
          <p className="text-sm text-muted-foreground">Invoices, payment card, cancel or resume.</p>
          <Button
            variant="outline"
            className="mt-2"
            disabled={portal.isPending || portal.isSuccess}
            onClick={() =>
              portal.mutate(undefined, {
                onError: (error) => toast({ title: 'Could not open billing', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
              })
            }
          >
            <ExternalLink aria-hidden="true" />
            {portal.isPending || portal.isSuccess ? 'Opening billing...' : 'Manage billing'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
