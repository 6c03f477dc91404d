import { Head } from '@/components/seo/head';
import { PricingSection } from '@/features/pricing/components/pricing-section';

/** Spec: the pricing section only. */
export default function PricingRoute() {
  return (
    <>
      <Head title="Pricing" />
      <PricingSection headingLevel="h1" />
    </>
  );
}
