import { Activity, Info } from 'lucide-react';

import { Tooltip } from '@/components/ui/tooltip';
import { HIGH_CONFIDENCE_THRESHOLD, STAKE_USD } from '@/config/product';
import { useLatestMetrics } from '@/features/metrics/api/get-latest-metrics';
import { PerformanceStats } from '@/features/metrics/components/performance-stats';
import { formatLongDate } from '@/utils/format';

export const LIVE_PERFORMANCE_INFO = `Computed from our high-confidence predictions (${HIGH_CONFIDENCE_THRESHOLD}% or more) on matches completed in the last 30 days. Profit assumes a $${STAKE_USD} stake per prediction; payout is profit divided by the total staked.`;

/** docs/product.md#landing: the hero's 'Live Performance' card with its info tooltip. */
export function LivePerformanceCard({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const metrics = useLatestMetrics();
  const Heading = headingLevel;
  return (
    <section aria-labelledby="live-performance-heading" className="rounded-2xl border border-border bg-background p-6 shadow-lg">
      <div className="flex items-center justify-between gap-3">
        <Heading id="live-performance-heading" className="flex items-center gap-2 font-semibold">
          <Activity aria-hidden="true" className="size-5 text-primary" />
          Live Performance
        </Heading>
        <Tooltip content={LIVE_PERFORMANCE_INFO} align="end">
          {(props) => (
            <button type="button" aria-label="About these figures" className="rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground" {...props}>
              <Info aria-hidden="true" className="size-5" />
            </button>
          )}
        </Tooltip>
      </div>
      <div className="mt-4">
        <PerformanceStats metrics={metrics.data} isLoading={metrics.isPending} isError={metrics.isError} />
      </div>
      {metrics.data ? <p className="mt-4 text-xs text-muted-foreground">Last 30 days, updated {formatLongDate(metrics.data.date)}</p> : null}
    </section>
  );
}
