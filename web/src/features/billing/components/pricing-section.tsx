import { Check, Crown, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { FREE_PRICE_USD, MEMBER_COUNT_LABEL, PREMIUM_PRICE_USD } from '@/config/product';
import { useStartCheckout } from '@/features/billing/api/create-checkout-session';
import { isApiError } from '@/lib/api-client';
import { getUserQueryOptions, useSession } from '@/lib/auth';
import { cn } from '@/utils/cn';

/** Who is looking: drives what each plan's button does. */
export type PricingViewer = 'visitor' | 'free' | 'premium';

type PricingSectionProps = {
  /** 'h1' when the section is the whole page (/pricing), 'h2' inside the landing page. */
  headingLevel?: 'h1' | 'h2';
  /** Draws attention to Premium (arrived through an 'Unlock Predictions' button). */
  highlightPremium?: boolean;
};

/** docs/product.md#pricing: what the Premium button says when an attempt is not possible. */
export function showAlreadySubscribed() {
  toast({ title: 'Already subscribed', description: 'You already have Premium. Manage it in Account Settings.' });
}

const FREE_FEATURES = ['All upcoming fixtures and kickoff times', 'Leagues with match counts', 'Live performance track record', 'Sort by kickoff time'];

const PREMIUM_FEATURES = [
  'Home, draw and away win probabilities',
  'Over/Under 2.5 goals probability',
  'Value-bet flags',
  'Performance analytics',
  'Every sort and the high-probability filters',
  'Cancel anytime; access until the end of the period',
];

function FeatureList({ items }: { items: string[] }) {
  return (
    <ul className="mt-6 space-y-3 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function Price({ amount, period }: { amount: number; period: string }) {
  return (
    <p className="mt-4 flex items-baseline gap-1">
      <span className="text-4xl font-bold tracking-tight">${amount}</span>
      <span className="text-muted-foreground">{period}</span>
    </p>
  );
}

/** docs/product.md#pricing: Free $0 forever, Premium $29 per month, '2,500+ members'. */
export function PricingSection({ headingLevel = 'h2', highlightPremium = false }: PricingSectionProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const session = useSession();
  const queryClient = useQueryClient();
  const viewer: PricingViewer = !session.user ? 'visitor' : session.isPremium ? 'premium' : 'free';
  const checkout = useStartCheckout();
  const Heading = headingLevel;
  const PlanHeading = headingLevel === 'h1' ? 'h2' : 'h3';

  const choosePremium = async () => {
    // A click before the server has said who this is (a page just opened) waits for its answer:
    // a signed-in user is not sent to sign-up for being quicker than the session read.
    const user = session.isLoading ? await queryClient.fetchQuery(getUserQueryOptions()).catch(() => null) : session.user;
    if (user?.subscriptionStatus === 'premium') {
      showAlreadySubscribed();
      return;
    }
    if (!user) {
      toast({ title: 'Account required', description: 'Create a free account first, then you can subscribe to Premium.' });
      void navigate(paths.auth.login.getHref({ mode: 'signup', intent: 'subscribe' }));
      return;
    }
    checkout.mutate(user, {
      onError: (error) => {
        if (isApiError(error, 409)) showAlreadySubscribed();
        else toast({ title: 'Error', description: 'Failed to start checkout. Please try again.', variant: 'destructive' });
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <Heading id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Simple, transparent pricing
        </Heading>
        <p className="mt-4 text-lg text-muted-foreground">Start free. Upgrade when you want the full probabilities.</p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-primary-soft px-4 py-1.5 text-sm font-semibold text-primary">
          <Users aria-hidden="true" className="size-4" />
          Join {MEMBER_COUNT_LABEL} members
        </p>
      </div>

      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <article aria-labelledby={`${headingId}-free`} className="flex flex-col rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
          <PlanHeading id={`${headingId}-free`} className="text-xl font-semibold">
            Free
          </PlanHeading>
          <p className="mt-1 text-sm text-muted-foreground">See every fixture, free of charge.</p>
          <Price amount={FREE_PRICE_USD} period="forever" />
          <FeatureList items={FREE_FEATURES} />
          <div className="mt-auto pt-8">
            {viewer === 'visitor' ? (
              <Link to={paths.auth.login.getHref({ mode: 'signup' })} className={buttonStyles({ variant: 'outline', size: 'lg', className: 'w-full' })}>
                Get Started Free
              </Link>
            ) : viewer === 'free' ? (
              <Button variant="outline" size="lg" className="w-full" disabled>
                Current Plan
              </Button>
            ) : (
              <Link to={paths.predictions.getHref()} className={buttonStyles({ variant: 'outline', size: 'lg', className: 'w-full' })}>
                Browse Predictions
              </Link>
            )}
          </div>
        </article>

        <article
          aria-labelledby={`${headingId}-premium`}
          className={cn(
            'relative flex flex-col rounded-2xl border-2 border-primary bg-background p-6 shadow-md sm:p-8',
            highlightPremium && 'ring-4 ring-primary/30',
          )}
        >
          <Badge variant="default" className="absolute -top-3 right-6 border border-primary bg-background">
            Most popular
          </Badge>
          <PlanHeading id={`${headingId}-premium`} className="flex items-center gap-2 text-xl font-semibold">
            <Crown aria-hidden="true" className="size-5 text-premium" />
            Premium
          </PlanHeading>
          <p className="mt-1 text-sm text-muted-foreground">Full probabilities, value bets and analytics.</p>
          <Price amount={PREMIUM_PRICE_USD} period="per month" />
          <FeatureList items={PREMIUM_FEATURES} />
          <div className="mt-auto pt-8">
            {/* A premium user's button is disabled but still answers an attempt with 'Already subscribed' (docs/product.md#pricing). */}
            <Button
              size="lg"
              className={cn('w-full', viewer === 'premium' && 'cursor-not-allowed opacity-60 hover:bg-primary')}
              aria-disabled={viewer === 'premium' || undefined}
              disabled={checkout.isPending || checkout.isSuccess}
              onClick={() => void choosePremium()}
            >
              {viewer === 'premium'
                ? 'Current Plan'
                : checkout.isPending || checkout.isSuccess
                  ? 'Redirecting to checkout...'
                  : viewer === 'free'
                    ? 'Upgrade to Premium'
                    : 'Subscribe Now'}
            </Button>
          </div>
        </article>
      </div>
    </section>
  );
}
