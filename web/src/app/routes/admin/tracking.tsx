import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import {
  DEFAULT_TRACKING_PERIOD,
  TRACKING_PERIODS,
  useTrackingPredictions,
  useTrackingSummary,
  type TrackingPeriod,
} from '@/features/tracking/api/get-tracking-predictions';
import { TrackingCards } from '@/features/tracking/components/tracking-cards';
import { TrackingHistory } from '@/features/tracking/components/tracking-history';
import { TrackingStats } from '@/features/tracking/components/tracking-stats';
import { RequireUser } from '@/lib/authorization';

function parsePeriod(value: string | null): TrackingPeriod {
  const days = Number(value);
  return (TRACKING_PERIODS as readonly number[]).includes(days) ? (days as TrackingPeriod) : DEFAULT_TRACKING_PERIOD;
}

function Tracking() {
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('days'));
  const rows = useTrackingPredictions(period);
  const summary = useTrackingSummary(period);

  return (
    <ContentLayout title="Performance Tracking" description={`Monitor high-confidence predictions (≥${HIGH_CONFIDENCE_THRESHOLD}%) and track accuracy`}>
      <div className="space-y-6">
        <Link to={paths.admin.odds.getHref()} className="inline-flex items-center gap-1 rounded font-semibold text-primary underline underline-offset-4">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Odds entry
        </Link>
        <TrackingCards rows={rows.data} />
        <TrackingStats summary={summary.data} isError={summary.isError} />
        <TrackingHistory
          period={period}
          onPeriodChange={(days) => setParams(days === DEFAULT_TRACKING_PERIOD ? {} : { days: String(days) }, { replace: true, preventScrollReset: true })}
          rows={rows.data}
          isLoading={rows.isPending || (rows.isPlaceholderData && rows.isFetching && !rows.data)}
          isRefreshing={rows.isPlaceholderData && rows.isFetching}
          isError={rows.isError}
        />
      </div>
    </ContentLayout>
  );
}

/** docs/product.md#performance-tracking. Admins only (docs/decisions/0011-roles-and-admin-pages.md). */
export default function AdminTrackingRoute() {
  return <RequireUser role="admin">{() => <Tracking />}</RequireUser>;
}
