import type { User } from '@app/contracts/auth';
import { Crown } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { PREMIUM_PRICE_USD } from '@/config/product';
import { useStartCheckout } from '@/features/billing/api/create-checkout-session';
import { showAlreadySubscribed } from '@/features/billing/components/pricing-section';
import { isApiError } from '@/lib/api-client';

/** The account page's upgrade card for users who are not premium (docs/product.md#account). */
export function UpgradeCard({ user }: { user: User }) {
  const checkout = useStartCheckout();
  const upgrade = () =>
    checkout.mutate(user, {
      onError: (error) => {
        if (isApiError(error, 409)) showAlreadySubscribed();
        else toast({ title: 'Error', description: 'Failed to start checkout. Please try again.', variant: 'destructive' });
      },
    });
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <section aria-labelledby="upgrade-heading" className="rounded-2xl border-2 border-primary bg-primary-soft p-6">
      <h2 id="upgrade-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Crown aria-hidden="true" className="size-5 text-premium" />
        Upgrade to Premium
      </h2>
      <p className="mt-2 text-sm">You are on the Free plan ($0): fixtures are visible, probabilities are locked.</p>
      <p className="mt-2 text-sm text-muted-foreground">
        Unlock home, draw and away probabilities, Over/Under 2.5 goals, value-bet flags and every sort and filter for ${PREMIUM_PRICE_USD} per month. Cancel
        anytime.
      </p>
      <Button className="mt-4" disabled={busy} onClick={upgrade}>
        {busy ? 'Redirecting to checkout...' : `Upgrade for $${PREMIUM_PRICE_USD}/month`}
      </Button>
    </section>
  );
}
