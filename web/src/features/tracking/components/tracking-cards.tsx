import type { TrackingRow } from '@app/contracts/tracking';

import { Card } from '@/components/ui/card';
import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import { trackingCounts } from '@/features/tracking/utils/summary';
import { cn } from '@/utils/cn';
import { formatPercent } from '@/utils/format';
import { winRateTone } from '@/utils/tones';

/** docs/product.md#performance-tracking: the four stat cards' titles and captions. */
export const TRACKING_CARD_TEXTS = {
  total: { title: 'Total Predictions', caption: `High confidence (≥${HIGH_CONFIDENCE_THRESHOLD}%)` },
  winRate: { title: 'Win Rate', caption: (completed: number) => `From ${completed} completed` },
  correct: { title: 'Correct', caption: 'Winning predictions' },
  incorrect: { title: 'Incorrect', caption: 'Losing predictions' },
} as const;

function StatCard({ title, value, caption, tone }: { title: string; value: string; caption: string; tone?: string }) {
  return (
    <Card className="p-5">
      <section aria-label={title}>
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <p className={cn('mt-2 text-3xl font-bold tabular-nums', tone)}>{value}</p>
        <p className="mt-1 text-xs text-muted-foreground">{caption}</p>
      </section>
    </Card>
  );
}

/**
 * docs/product.md#performance-tracking: Total Predictions, Win Rate, Correct and Incorrect, counted
 * on the client from the rows the page received (nothing shown until they arrive).
 */
export function TrackingCards({ rows }: { rows: readonly TrackingRow[] | undefined }) {
  const counts = trackingCounts(rows ?? []);
  const shown = (value: number) => (rows ? String(value) : '–');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard title={TRACKING_CARD_TEXTS.total.title} value={shown(counts.total)} caption={TRACKING_CARD_TEXTS.total.caption} />
      <StatCard
        title={TRACKING_CARD_TEXTS.winRate.title}
        value={rows ? formatPercent(counts.winRate) : '–'}
        caption={TRACKING_CARD_TEXTS.winRate.caption(counts.completed)}
        tone={rows ? winRateTone(counts.winRate) : undefined}
      />
      <StatCard title={TRACKING_CARD_TEXTS.correct.title} value={shown(counts.correct)} caption={TRACKING_CARD_TEXTS.correct.caption} tone="text-success" />
      <StatCard
        title={TRACKING_CARD_TEXTS.incorrect.title}
        value={shown(counts.incorrect)}
        caption={TRACKING_CARD_TEXTS.incorrect.caption}
        tone="text-destructive"
      />
    </div>
  );
}
