import { MailWarning } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useResendVerification } from '@/features/auth/api/recovery';
import { apiErrorMessage, formatWait, isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/**
 * Shown to a signed-in user whose address is not confirmed yet: the account works meanwhile
 * (subscribing included); value-bet alerts wait for the confirmation
 * (docs/decisions/0200-sign-up-signs-in.md). Resend sends the link again (capped per address).
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <div role="status" aria-label="Confirm your email address" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <MailWarning aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0">
          Please confirm your email address: we sent a link to <strong className="break-all">{user.email}</strong>. Alerts are sent once it is confirmed.
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: ({ message }) => toast({ title: 'Link sent', description: message, variant: 'success' }),
              onError: (error) =>
                toast({
                  title: 'Could not send the link',
                  description:
                    isApiError(error, 429) && error.retryAfterSeconds !== undefined
                      ? `Too many links asked for. Try again in ${formatWait(error.retryAfterSeconds)}.`
                      : (apiErrorMessage(error) ?? 'Please try again later.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
      </div>
    </div>
  );
}
