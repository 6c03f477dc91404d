import { ContentLayout } from '@/components/layouts/content-layout';

// Placeholder: payment verification (session_id) comes with the billing work.
export default function SubscriptionSuccessRoute() {
  return (
    <ContentLayout width="prose" title="Payment result" documentTitle="Subscription">
      <p className="text-muted-foreground">We are checking your payment.</p>
    </ContentLayout>
  );
}
