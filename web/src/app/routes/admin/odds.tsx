import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { JobControls } from '@/features/admin/components/job-controls';
import { OddsTable } from '@/features/admin/components/odds-table';
import { RequireUser } from '@/lib/authorization';

/** The other admin pages, linked from this one. */
const ADMIN_LINKS = [
  { to: paths.admin.tracking.getHref(), label: 'Performance Tracking' },
  { to: paths.admin.messages.getHref(), label: 'Messages' },
  { to: paths.admin.audit.getHref(), label: 'Audit' },
];

/** docs/product.md#admin-odds: winning predictions with odds entry, the three job buttons, links to the other admin pages. Admins only. */
export default function AdminOddsRoute() {
  return (
    <RequireUser role="admin">
      {() => (
        <ContentLayout title="Admin: Odds" description="Enter winning odds and run the prediction, result and metrics jobs.">
          <div className="space-y-6">
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {ADMIN_LINKS.map(({ to, label }) => (
                <Link key={to} to={to} className="inline-flex items-center gap-1 rounded font-semibold text-primary underline underline-offset-4">
                  {label}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              ))}
            </div>
            <JobControls />
            <Card className="p-0 sm:p-0">
              <div className="border-b border-border p-5">
                <h2 className="text-lg font-semibold">Winning Predictions</h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  Upcoming high-confidence picks and the ones that won. Enter the winning odds of finished matches.
                </p>
              </div>
              <div className="p-2 sm:p-4">
                <OddsTable />
              </div>
            </Card>
          </div>
        </ContentLayout>
      )}
    </RequireUser>
  );
}
