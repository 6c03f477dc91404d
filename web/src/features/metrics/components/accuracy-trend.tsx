import { LineChart as LineChartIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { toTrendPoints, useTrend } from '@/features/metrics/api/get-trend';
import { formatWinRate } from '@/utils/format';

const AccuracyTrendChart = lazy(() => import('@/features/metrics/components/accuracy-trend-chart'));

/** Spec section 8. */
export const NO_HISTORY_TEXT = 'No historical data yet';

function ChartPlaceholder() {
  return (
    <div className="flex h-64 items-center justify-center">
      <Spinner label="Loading chart" />
    </div>
  );
}

/** Spec section 2: the 30-day accuracy trend (Day 1..n against win accuracy). */
export function AccuracyTrend() {
  const trend = useTrend();
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
      {trend.isPending ? (
        <ChartPlaceholder />
      ) : points.length === 0 || !first || !last ? (
        <div className="flex h-64 items-center justify-center">
          <p className="text-muted-foreground">{trend.isError ? 'The trend could not be loaded.' : NO_HISTORY_TEXT}</p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            Win accuracy of high-confidence predictions, {points.length === 1 ? 'Day 1' : `Day 1 to Day ${points.length}`}: from{' '}
            {formatWinRate(first.winAccuracy)} to {formatWinRate(last.winAccuracy)} (average {formatWinRate(average)}).
          </p>
          <div className="mt-4">
            <Suspense fallback={<ChartPlaceholder />}>
              <AccuracyTrendChart points={points} />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}
