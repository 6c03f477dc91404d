import { LineChart as LineChartIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { toTrendPoints, useTrend } from '@/features/metrics/api/get-trend';
import { formatWinRate } from '@/utils/format';

const AccuracyTrendChart = lazy(() => import('@/features/metrics/components/accuracy-trend-chart'));

/** docs/product.md#messages. */
export const NO_HISTORY_TEXT = 'No historical data yet';

function ChartPlaceholder() {
  return (
    <div className="flex h-64 items-center justify-center">
      <Spinner label="Loading chart" />
    </div>
  );
}

/**
 * True once the element is near the viewport. recharts is the heaviest chunk of the app: it is
 * only fetched and run when the chart is about to be seen (always, where there is no observer).
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** docs/product.md#landing: the 30-day accuracy trend (dates against win accuracy, docs/decisions/0072-trend-axis-in-dates.md). */
export function AccuracyTrend() {
  const trend = useTrend();
  const [chartRef, chartVisible] = useNearViewport<HTMLDivElement>();
  const points = toTrendPoints(trend.data ?? []);
  const first = points[0];
  const last = points.at(-1);
  const average = points.length ? points.reduce((sum, point) => sum + point.winAccuracy, 0) / points.length : 0;

  return (
    <section aria-labelledby="trend-heading" className="rounded-2xl border border-border bg-background p-6 shadow-sm">
      <h2 id="trend-heading" className="flex items-center gap-2 text-xl font-semibold">
        <LineChartIcon aria-hidden="true" className="size-5 text-primary" />
        30-day accuracy trend
      </h2>
      {/* Fixed heights: nothing below moves when the trend or the chart arrives. */}
      <p className="mt-1 min-h-10 text-sm text-muted-foreground">
        {first && last
          ? `Win accuracy of high-confidence predictions, ${points.length === 1 ? first.day : `${first.day} to ${last.day}`}: from ${formatWinRate(first.winAccuracy)} to ${formatWinRate(last.winAccuracy)} (average ${formatWinRate(average)}).`
          : null}
      </p>
      <div className="mt-4" ref={chartRef}>
        {trend.isPending ? (
          <ChartPlaceholder />
        ) : !first || !last ? (
          <div className="flex h-64 items-center justify-center">
            <p className="text-muted-foreground">{trend.isError ? 'The trend could not be loaded.' : NO_HISTORY_TEXT}</p>
          </div>
        ) : chartVisible ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <AccuracyTrendChart points={points} />
          </Suspense>
        ) : (
          <ChartPlaceholder />
        )}
      </div>
    </section>
  );
}
