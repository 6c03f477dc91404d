import { useSearchParams } from 'react-router-dom';

import { PaymentResult } from '@/features/billing/components/payment-result';

/** docs/product.md#payment-result: reads session_id, verifies the payment and shows the result. */
export default function SubscriptionSuccessRoute() {
  const [params] = useSearchParams();
  return <PaymentResult sessionId={params.get('session_id')} />;
}
