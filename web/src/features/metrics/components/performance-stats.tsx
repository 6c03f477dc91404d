import type { Metrics } from '@app/contracts/metrics';
import { BarChart3 } from 'lucide-react';

import { cn } from '@/utils/cn';
import { formatMoney, formatOdds, formatPercent } from '@/utils/format';
import { winRateTone } from '@/utils/tones';

/** docs/product.md#messages: the performance empty state. */
export const METRICS_EMPTY_TEXT = 'Performance metrics will appear once matches complete and results are available.';
export const METRICS_EMPTY_HINT = 'Check back soon for live data!';

export function MetricsEmptyState({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-2 py-4 text-center', className)}>
      <BarChart3 aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-sm font-medium">{METRICS_EMPTY_TEXT}</p>
      <p className="text-sm text-muted-foreground">{METRICS_EMPTY_HINT}</p>
    </div>
  );
}

const signTone = (value: number | null) => (value === null || value === 0 ? 'text-foreground' : value > 0 ? 'text-success' : 'text-destructive');

/**
 * The latest metrics (docs/product.md#data-shown): win accuracy, predictions counted, profit at a $20 stake,
 * payout percentage and best winning odds, each in the display format of docs/product.md#display-formats.
 */
export function PerformanceStats({
  metrics,
  isLoading,
  isError,
  layout = 'grid',
}: {
  metrics: Metrics | null | undefined;
  isLoading?: boolean;
  isError?: boolean;
  layout?: 'grid' | 'list';
}) {
  if (isError) return <p className="py-4 text-sm text-muted-foreground">Performance figures are unavailable right now.</p>;
  if (!isLoading && !metrics) return <MetricsEmptyState />;

  // While loading, the same layout with placeholders: nothing moves when the figures arrive.
  const placeholder = { value: '–', tone: 'text-muted-foreground' };
  const stats = metrics
    ? [
        { label: 'Win accuracy', value: formatPercent(metrics.winAccuracy), tone: winRateTone(metrics.winAccuracy) },
        { label: 'Predictions', value: String(metrics.totalPredictions), tone: 'text-foreground' },
        { label: 'Profit ($20 stake)', value: formatMoney(metrics.totalProfit), tone: signTone(metrics.totalProfit) },
        { label: 'Payout', value: formatPercent(metrics.payoutPercentage, { signed: true }), tone: signTone(metrics.payoutPercentage) },
        { label: 'Best winning odds', value: formatOdds(metrics.bestWinningOdds), tone: 'text-foreground' },
      ]
    : ['Win accuracy', 'Predictions', 'Profit ($20 stake)', 'Payout', 'Best winning odds'].map((label) => ({ label, ...placeholder }));
  return (
    <dl aria-busy={isLoading || undefined} className={layout === 'grid' ? 'grid grid-cols-2 gap-4' : 'space-y-3'}>
      {stats.map((stat, index) => (
        <div key={stat.label} className={cn(layout === 'grid' ? (index === 0 ? 'col-span-2' : '') : 'flex items-baseline justify-between gap-3')}>
          <dt className="text-sm text-muted-foreground">{stat.label}</dt>
          <dd className={cn('font-bold tabular-nums', stat.tone, layout === 'grid' && index === 0 ? 'text-4xl' : 'text-xl')}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
