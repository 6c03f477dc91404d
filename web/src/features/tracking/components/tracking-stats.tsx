import { CheckCircle2, Percent, Target, XCircle } from 'lucide-react';
import type { ComponentType } from 'react';

import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import type { TrackingSummary } from '@/features/tracking/utils/summary';
import { cn } from '@/utils/cn';
import { formatWinRate } from '@/utils/format';
import { winRateTone } from '@/utils/tones';

type Stat = { label: string; value: string; caption: string; tone: string; icon: ComponentType<{ 'aria-hidden'?: boolean; className?: string }> };

/** docs/product.md#performance-tracking: Total Predictions, Win Rate, Correct and Incorrect, with their captions and colours. */
export function TrackingStats({ summary }: { summary: TrackingSummary }) {
  const stats: Stat[] = [
    { label: 'Total Predictions', value: String(summary.total), caption: `High confidence (≥${HIGH_CONFIDENCE_THRESHOLD}%)`, tone: 'text-foreground', icon: Target },
    { label: 'Win Rate', value: formatWinRate(summary.winRate), caption: `From ${summary.completed} completed`, tone: winRateTone(summary.winRate), icon: Percent },
    { label: 'Correct', value: String(summary.correct), caption: 'Winning predictions', tone: 'text-success', icon: CheckCircle2 },
    { label: 'Incorrect', value: String(summary.incorrect), caption: 'Losing predictions', tone: 'text-destructive', icon: XCircle },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {stats.map(({ label, value, caption, tone, icon: Icon }) => (
        <div key={label} className="rounded-2xl border border-border bg-background p-5 shadow-sm">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
            {label}
            <Icon aria-hidden={true} className="size-4" />
          </dt>
          <dd className={cn('mt-2 text-3xl font-bold tabular-nums', tone)} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
            {value}
          </dd>
          <dd className="mt-1 text-xs text-muted-foreground">{caption}</dd>
        </div>
      ))}
    </dl>
  );
}
