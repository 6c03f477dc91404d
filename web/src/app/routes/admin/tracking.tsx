import { ContentLayout } from '@/components/layouts/content-layout';

// Placeholder: stat cards, the period filter and the history table come with the admin work.
export default function AdminTrackingRoute() {
  return (
    <ContentLayout title="Performance Tracking" description="Monitor high-confidence predictions (≥60%) and track accuracy">
      <p className="text-muted-foreground">Predictions with ≥60% confidence will appear here</p>
    </ContentLayout>
  );
}
