import { lazy, Suspense } from 'react';

import { Head } from '@/components/seo/head';
import { Hero } from '@/features/landing/components/hero';
import { AccuracyTrend } from '@/features/metrics/components/accuracy-trend';
import { LivePerformanceCard } from '@/features/metrics/components/live-performance-card';
import { TopPredictions } from '@/features/predictions/components/top-predictions';
import { getLatestMetricsQueryOptions } from '@/features/metrics/api/get-latest-metrics';
import { getPredictionsQueryOptions } from '@/features/predictions/api/get-predictions';
import { useSession } from '@/lib/auth';
import { prefetchReads, revalidateOnNewParams } from '@/lib/shown-query';

/**
 * The features' and the pricing section's code loads after the page's: both are below the fold, and
 * their HTML is in the prerendered page already (shell.tsx waits for it), which React keeps on screen
 * until it adopts it (docs/decisions/0276-landing-pricing-loads-after-the-page.md,
 * docs/decisions/0357-landing-features-load-after-the-page.md).
 */
const FeatureCards = lazy(() => import('@/features/landing/components/feature-cards').then((module) => ({ default: module.FeatureCards })));
const PricingSection = lazy(() => import('@/features/billing/components/pricing-section').then((module) => ({ default: module.PricingSection })));

/** Starts the live performance and top predictions' reads before the page renders (lib/shown-query.ts). */
export const clientLoader = prefetchReads(
  (client) => client.prefetchQuery(getLatestMetricsQueryOptions()),
  (client) => client.prefetchQuery(getPredictionsQueryOptions()),
);
export const shouldRevalidate = revalidateOnNewParams;

/** docs/product.md#landing: hero with 'Live Performance', today's top 3, the 30-day trend, features, pricing. */
export default function LandingRoute() {
  // 'Get Started' leads a signed-in user to the predictions, not to a login form.
  const { user } = useSession();
  return (
    <>
      <Head />
      <Hero aside={<LivePerformanceCard />} signedIn={user !== null} />
      <TopPredictions />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <AccuracyTrend />
      </div>
      {/* Below the fold: laid out and painted only when scrolled near. */}
      <div className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
        <Suspense>
          <FeatureCards />
        </Suspense>
      </div>
      <div className="bg-surface [contain-intrinsic-size:auto_50rem] [content-visibility:auto]">
        <Suspense>
          <PricingSection />
        </Suspense>
      </div>
    </>
  );
}
