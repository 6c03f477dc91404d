import { useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { useUnsubscribe } from '@/features/alerts/api/alerts';
import { apiErrorMessage } from '@/lib/api-client';

/**
 * The visible unsubscribe link of an alert email. Opening it changes nothing (mail scanners open links); the button
 * posts the signed token, which needs no session.
 */
export default function AlertsUnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  return (
    <ContentLayout width="prose" title="Unsubscribe from value-bet alerts">
      {unsubscribe.isSuccess ? (
        <p role="status">Done: you will get no more alert emails. You can turn them on again on your account page.</p>
      ) : (
        <div className="space-y-3">
          <p>Stop the value-bet alert emails for this account? Nothing else changes.</p>
          <Button onClick={() => unsubscribe.mutate(token)} disabled={!token || unsubscribe.isPending}>
            Unsubscribe
          </Button>
          {unsubscribe.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(unsubscribe.error) ?? 'Please try again.'}
            </p>
          ) : null}
        </div>
      )}
    </ContentLayout>
  );
}
