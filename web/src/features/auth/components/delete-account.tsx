import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useDeleteAccount } from '@/features/auth/api/delete-account';
import { apiErrorMessage } from '@/lib/api-client';
import { useEndSession } from '@/lib/auth';

/** docs/product.md#account: after deletion the user is sent to / after 1.5 seconds. */
export const AFTER_DELETE_REDIRECT_MS = 1500;

/** The danger zone: deleting the account, after a confirmation. */
export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const endSession = useEndSession();
  const remove = useDeleteAccount({
    mutationConfig: {
      onSuccess: () => toast({ title: 'Account deleted', description: 'Your account and personal data have been deleted.', variant: 'success' }),
      onError: (error) => toast({ title: 'Failed to delete account', description: apiErrorMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    },
  });
  const deleted = remove.isSuccess;

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => void endSession(), AFTER_DELETE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [deleted, endSession]);

  return (
    <section aria-labelledby="danger-heading" className="rounded-2xl border-2 border-red-200 bg-background p-6">
      <h2 id="danger-heading" className="text-lg font-semibold text-destructive">
        Danger zone
      </h2>
      {deleted ? (
        <p role="status" className="mt-3 text-sm">
          Your account has been deleted. Taking you to the home page...
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted-foreground">
            Deleting your account removes your personal data and cancels any subscription. This cannot be undone.
          </p>
          {confirming ? (
            <div role="group" aria-labelledby="delete-confirm-text" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
              <p id="delete-confirm-text" className="text-sm font-medium">
                Are you sure? Your account will be permanently deleted.
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="destructive" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  {remove.isPending ? 'Deleting...' : 'Yes, delete my account'}
                </Button>
                <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="destructive" className="mt-4" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Delete account
            </Button>
          )}
        </>
      )}
    </section>
  );
}
