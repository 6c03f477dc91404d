import type { TrackingRow } from '@app/contracts/tracking';
import { History } from 'lucide-react';

import { ListTable, MatchCells } from '@/components/tables/list-table';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import { TRACKING_FETCH_FAILED, type TrackingPeriod } from '@/features/tracking/api/get-tracking-predictions';
import { trackingStatus, type TrackingStatus } from '@/features/tracking/utils/summary';
import { cn } from '@/utils/cn';
import { formatPercent } from '@/utils/format';

/** docs/product.md#performance-tracking. */
export const TRACKING_LOADING = 'Loading predictions...';
export const TRACKING_EMPTY = 'No high-confidence predictions found in this time period';
export const TRACKING_EMPTY_HINT = `Predictions with ≥${HIGH_CONFIDENCE_THRESHOLD}% confidence will appear here`;

const PERIOD_LABELS: { days: TrackingPeriod; label: string }[] = [
  { days: 1, label: 'Yesterday' },
  { days: 7, label: 'Last 7 Days' },
  { days: 30, label: 'Last 30 Days' },
];

const STATUS_BADGE: Record<TrackingStatus, BadgeVariant> = { Win: 'success', Loss: 'destructive', Pending: 'muted' };

type TrackingHistoryProps = {
  period: TrackingPeriod;
  onPeriodChange: (period: TrackingPeriod) => void;
  rows: TrackingRow[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** A new period is loading while the previous rows are still shown. */
  isRefreshing?: boolean;
};

function HistoryTable({ rows }: { rows: TrackingRow[] }) {
  return (
    <ListTable
      label="Prediction history table"
      caption="High-confidence predictions and their results"
      columns={['Match', 'League', 'Date', 'Our Prediction', 'Confidence', 'Result', 'Status', 'Basis']}
      className="min-w-[58rem]"
    >
      {rows.map((row) => {
        const status = trackingStatus(row);
        return (
          <tr key={row.id}>
            <MatchCells match={row} />
            <td className="px-3 py-3">
              <Badge>{row.ourPrediction}</Badge>
            </td>
            <td className="px-3 py-3 tabular-nums">{formatPercent(row.confidence)}</td>
            <td className="px-3 py-3">{row.actualResult}</td>
            <td className="px-3 py-3">
              <Badge variant={STATUS_BADGE[status]}>{status}</Badge>
            </td>
            <td className="px-3 py-3">{row.basis === 'published' ? 'Published' : <Badge variant="muted">Back-tested</Badge>}</td>
          </tr>
        );
      })}
    </ListTable>
  );
}

/** docs/product.md#performance-tracking: the 'Prediction History' card with the period buttons and the table. */
export function TrackingHistory({ period, onPeriodChange, rows, isLoading, isError, isRefreshing }: TrackingHistoryProps) {
  return (
    <Card className="p-0 sm:p-0">
      <div className="flex flex-col gap-4 border-b border-border p-5 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <History aria-hidden="true" className="size-5 text-primary" />
          Prediction History
        </h2>
        <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
          {PERIOD_LABELS.map(({ days, label }) => (
            <button
              key={days}
              type="button"
              aria-pressed={period === days}
              onClick={() => onPeriodChange(days)}
              className={cn(
                'h-9 rounded-lg px-3 text-sm font-medium',
                period === days ? 'bg-primary text-primary-foreground' : 'border border-slate-500 bg-background hover:bg-muted',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className={cn('p-2 sm:p-4', isRefreshing && 'opacity-60')} aria-busy={isLoading || isRefreshing || undefined}>
        {isLoading ? (
          <p className="py-10 text-center text-muted-foreground">{TRACKING_LOADING}</p>
        ) : isError ? (
          <p role="alert" className="py-10 text-center text-destructive">
            {TRACKING_FETCH_FAILED}
          </p>
        ) : !rows || rows.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-medium">{TRACKING_EMPTY}</p>
            <p className="mt-1 text-sm text-muted-foreground">{TRACKING_EMPTY_HINT}</p>
          </div>
        ) : (
          <HistoryTable rows={rows} />
        )}
      </div>
    </Card>
  );
}
