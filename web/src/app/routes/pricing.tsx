import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Head } from '@/components/seo/head';
import { PricingSection, showAlreadySubscribed } from '@/features/billing/components/pricing-section';
import { useSession } from '@/lib/auth';

/** docs/product.md#pricing: the pricing section only. `?intent=subscribe` (from 'Unlock Predictions') highlights Premium. */
export default function PricingRoute() {
  const [params] = useSearchParams();
  const intent = params.get('intent') === 'subscribe';
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
      <PricingSection headingLevel="h1" highlightPremium={intent} />
    </>
  );
}
