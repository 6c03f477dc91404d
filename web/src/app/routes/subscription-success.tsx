import { useSearchParams } from 'react-router-dom';

import { AlertsPrompt } from '@/features/alerts/components/alerts-prompt';
import { PaymentResult } from '@/features/billing/components/payment-result';

/** docs/product.md#payment-result: reads session_id, verifies the payment and shows the result; after a success, the alerts' prompt. */
export default function SubscriptionSuccessRoute() {
  const [params] = useSearchParams();
  return <PaymentResult sessionId={params.get('session_id')} afterSuccess={<AlertsPrompt />} />;
}
