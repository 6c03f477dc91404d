import { CHECKOUT_CANCELLED_QUERY } from '@app/contracts/billing';
import { CircleSlash } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Head } from '@/components/seo/head';
import { ValueWorthPanel } from '@/features/analytics/components/value-worth-panel';
import { PricingSection, showAlreadySubscribed } from '@/features/billing/components/pricing-section';
import { useSession } from '@/lib/auth';

/** What a cancelled Checkout comes back to (docs/product.md#pricing). */
export const CHECKOUT_CANCELLED_TEXT = 'Checkout cancelled: you have not been charged.';

/**
 * docs/product.md#pricing: the pricing section only. `?intent=subscribe` (from 'Unlock Predictions')
 * highlights Premium; `?checkout=cancelled` (Checkout's way back) says nothing was charged.
 */
export default function PricingRoute() {
  const [params] = useSearchParams();
  const intent = params.get('intent') === 'subscribe';
  const cancelled = params.get('checkout') === CHECKOUT_CANCELLED_QUERY.checkout;
  const { isConfirmed, isPremium } = useSession();
  const told = useRef(false);

  useEffect(() => {
    // A premium user who arrives wanting to subscribe is told, once (docs/product.md#pricing).
    if (intent && isConfirmed && isPremium && !told.current) {
      told.current = true;
      showAlreadySubscribed();
    }
  }, [intent, isConfirmed, isPremium]);

  return (
    <>
      <Head title="Pricing" />
      {cancelled ? (
        <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6">
          <p role="status" className="flex items-center gap-2 rounded-xl border border-border bg-surface px-4 py-3 font-medium">
            <CircleSlash aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            {CHECKOUT_CANCELLED_TEXT}
          </p>
        </div>
      ) : null}
      <PricingSection headingLevel="h1" highlightPremium={intent} />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <ValueWorthPanel />
      </div>
    </>
  );
}
