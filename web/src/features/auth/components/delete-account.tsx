import { Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useDeleteAccount } from '@/features/auth/api/delete-account';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { useEndSession } from '@/lib/auth';

/** docs/product.md#account: after deletion the user is sent to / after 1.5 seconds. */
export const AFTER_DELETE_REDIRECT_MS = 1500;

/**
 * The danger zone: deleting the account, after a confirmation with the password (an open or
 * stolen session alone cannot delete it: docs/decisions/0156-account-deletion-asks-for-the-password.md).
 */
export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const endSession = useEndSession();
  const remove = useDeleteAccount({
    mutationConfig: {
      onSuccess: () => toast({ title: 'Account deleted', description: 'Your account and personal data have been deleted.', variant: 'success' }),
      onError: (error) => {
        const message = apiErrorMessage(error) ?? 'Please try again.';
        setPasswordError(apiFieldErrors(error).password ?? message);
        toast({ title: 'Failed to delete account', description: message, variant: 'destructive' });
      },
    },
  });
  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPasswordError(undefined);
    remove.mutate({ password: String(new FormData(event.currentTarget).get('password') ?? '') });
  };
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
            <form onSubmit={onConfirm} aria-labelledby="delete-confirm-text" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
              <p id="delete-confirm-text" className="text-sm font-medium">
                Are you sure? Your account will be permanently deleted. Enter your password to confirm.
              </p>
              <div className="mt-3">
                <InputField label="Password" name="password" type="password" autoComplete="current-password" required error={passwordError} />
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button type="submit" variant="destructive" size="sm" disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting...' : 'Yes, delete my account'}
                </Button>
                <Button type="button" variant="outline" size="sm" disabled={remove.isPending} onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </form>
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
