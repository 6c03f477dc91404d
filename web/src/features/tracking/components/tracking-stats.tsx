import type { TrackingSummary } from '@app/contracts/tracking';

import { Card } from '@/components/ui/card';
import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import { MetricsByBasisTable } from '@/components/tables/metrics-by-basis';

/**
 * docs/product.md#performance-tracking: the period's high-confidence picks, published and
 * back-tested in two labelled columns, computed by the server as the landing and /results compute
 * them (docs/decisions/0133-one-track-record.md).
 */
export function TrackingStats({ summary, isError }: { summary: TrackingSummary | undefined; isError: boolean }) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">High confidence (≥{HIGH_CONFIDENCE_THRESHOLD}%) picks settled in the period</h2>
      {isError ? (
        <p role="alert" className="text-sm text-destructive">
          The figures are unavailable right now.
        </p>
      ) : !summary ? (
        <p className="text-sm text-muted-foreground">Loading figures...</p>
      ) : (
        <>
          <MetricsByBasisTable summary={summary} label="Performance by basis" />
          <p className="mt-3 text-xs text-muted-foreground">
            Still open: {summary.pending.published} published, {summary.pending.backtest} back-tested. Back-tested picks were reconstructed when a league was
            added, not published before kickoff; the two are never added together.
          </p>
        </>
      )}
    </Card>
  );
}
