import { LineChart as LineChartIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { BASIS_LABELS } from '@/config/product';
import { toTrendPoints, useTrend } from '@/features/metrics/api/get-trend';
import { formatPercent } from '@/utils/format';

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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * docs/product.md#landing: the 30-day accuracy trend (dates against win accuracy,
 * docs/decisions/0072-trend-axis-in-dates.md), each day on its own basis: the back-tested days
 * drawn and labelled apart until published picks settle (docs/decisions/0133-one-track-record.md).
 */
export function AccuracyTrend() {
  const trend = useTrend();
  const [chartRef, chartVisible] = useNearViewport<HTMLDivElement>();
  const points = toTrendPoints(trend.data ?? []);
  const first = points[0];
  const last = points.at(-1);
  const average = points.length ? points.reduce((sum, point) => sum + point.winAccuracy, 0) / points.length : 0;
  const bases = new Set(points.map((p) => p.basis));
  const basisNote =
    bases.size === 2 ? ' Back-tested days are drawn dashed.' : bases.has('backtest') ? ' All back-tested: no published pick has settled yet.' : '';

  return (
    <section aria-labelledby="trend-heading" className="rounded-2xl border border-border bg-background p-6 shadow-sm">
      <h2 id="trend-heading" className="flex items-center gap-2 text-xl font-semibold">
        <LineChartIcon aria-hidden="true" className="size-5 text-primary" />
        30-day accuracy trend
      </h2>
      {/* Fixed heights: nothing below moves when the trend or the chart arrives. */}
      <p className="mt-1 min-h-10 text-sm text-muted-foreground">
        {first && last
          ? `Win accuracy of high-confidence predictions over the 30 days up to each day, ${points.length === 1 ? first.day : `${first.day} to ${last.day}`}: from ${formatPercent(first.winAccuracy)} to ${formatPercent(last.winAccuracy)} (average ${formatPercent(average)}, ${last.picks} picks on the last day).${basisNote}`
          : null}
      </p>
      {bases.size ? (
        <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
          {(['backtest', 'published'] as const)
            .filter((basis) => bases.has(basis))
            .map((basis) => (
              <li key={basis} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={basis === 'published' ? 'h-0.5 w-5 bg-emerald-700' : 'w-5 border-t-2 border-dashed border-slate-500'} />
                {BASIS_LABELS[basis]}
                {basis === 'backtest' ? ': not published in advance' : ''}
              </li>
            ))}
        </ul>
      ) : null}
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
