import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';

// Placeholder: odds entry and the admin jobs come with the admin work.
export default function AdminOddsRoute() {
  return (
    <ContentLayout title="Admin: Odds" description="Enter winning odds and run the prediction, result and metrics jobs.">
      <Link to={paths.admin.tracking.getHref()} className="font-semibold text-primary underline underline-offset-4">
        Performance Tracking
      </Link>
    </ContentLayout>
  );
}
