import { Activity, Info } from 'lucide-react';
import { Link } from 'react-router-dom';

import { Tooltip } from '@/components/ui/tooltip';
import { HIGH_CONFIDENCE_THRESHOLD, PUBLISHED_BASIS_MIN_PICKS, STAKE_USD } from '@/config/product';
import { useLatestMetrics } from '@/features/metrics/api/get-latest-metrics';
import { PerformanceStats } from '@/features/metrics/components/performance-stats';
import { useShownQuery } from '@/lib/shown-query';
import { formatLongDate } from '@/utils/format';

export const LIVE_PERFORMANCE_INFO = `Computed from our high-confidence predictions (${HIGH_CONFIDENCE_THRESHOLD}% or more), published before kickoff, on matches completed in the last 30 days. Profit assumes a $${STAKE_USD} stake per prediction; payout is profit divided by the total staked.`;

export const BACKTEST_INFO = `Back-tested: predictions reconstructed after the fact from the data available before each match (${HIGH_CONFIDENCE_THRESHOLD}% or more, last 30 days), not published in advance. The live record replaces them once ${PUBLISHED_BASIS_MIN_PICKS} published predictions are settled.`;

/**
 * docs/product.md#landing: the hero's performance card with its info tooltip. Its figures rest on
 * published predictions only, or, while fewer than 30 are settled, on back-tested ones, said so
 * inside the card under the spec's title (docs/decisions/0090-published-and-backfilled-predictions.md).
 */
export function LivePerformanceCard({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const metrics = useShownQuery(useLatestMetrics());
  const Heading = headingLevel;
  const backtest = metrics.data?.basis === 'backtest';
  return (
    <section aria-labelledby="live-performance-heading" className="rounded-2xl border border-border bg-background p-6 shadow-lg">
      <div className="flex items-center justify-between gap-3">
        <Heading id="live-performance-heading" className="flex items-center gap-2 font-semibold">
          <Activity aria-hidden="true" className="size-5 text-primary" />
          Live Performance
        </Heading>
        <Tooltip content={backtest ? BACKTEST_INFO : LIVE_PERFORMANCE_INFO} align="end">
          {(props) => (
            <button
              type="button"
              aria-label="About these figures"
              className="rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              {...props}
            >
              <Info aria-hidden="true" className="size-5" />
            </button>
          )}
        </Tooltip>
      </div>
      {backtest ? (
        <p className="mt-2 text-sm font-medium" data-testid="backtest-basis">
          Back-tested: no live record yet, so these figures are reconstructed.
        </p>
      ) : null}
      <div className="mt-4">
        <PerformanceStats metrics={metrics.data} isLoading={metrics.isPending} isError={metrics.isError} />
      </div>
      {metrics.data ? (
        <p className="mt-4 text-xs text-muted-foreground">
          {backtest
            ? `Reconstructed, not published in advance. Live record: ${metrics.data.publishedPredictions} of ${PUBLISHED_BASIS_MIN_PICKS} published predictions settled so far. `
            : ''}
          Last 30 days, updated {formatLongDate(metrics.data.date)}.{' '}
          <Link to="/results" className="font-medium text-primary underline underline-offset-2">
            See every result
          </Link>
        </p>
      ) : null}
    </section>
  );
}
