import { ContentLayout } from '@/components/layouts/content-layout';

// Placeholder: the predictions list, filters and sidebar are built by the predictions work.
export default function PredictionsRoute() {
  return (
    <ContentLayout title="Predictions" description="AI predictions for upcoming fixtures, with win, draw and Over/Under 2.5 goals probabilities.">
      <p className="text-muted-foreground">No predictions available yet. Check back soon!</p>
    </ContentLayout>
  );
}
