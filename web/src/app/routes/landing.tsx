import { Head } from '@/components/seo/head';
import { Hero } from '@/features/landing/components/hero';
import { PricingSection } from '@/features/pricing/components/pricing-section';

// The top predictions, the accuracy trend chart and the feature cards are added by the
// landing-page work; the chart must stay in its own lazily loaded chunk.
export default function LandingRoute() {
  return (
    <>
      <Head />
      <Hero />
      <PricingSection />
    </>
  );
}
