import { MailWarning } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useResendVerification } from '@/features/auth/api/recovery';
import { apiErrorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** Shown to a signed-in user whose address is not verified yet; the account works as usual meanwhile. */
export function VerifyEmailBanner() {
  const { user, isConfirmed } = useSession();
  const resend = useResendVerification();
  if (!isConfirmed || !user || user.emailVerified) return null;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <MailWarning aria-hidden="true" className="size-4" />
        <span>
          Please confirm your email address: we sent a link to <strong className="break-all">{user.email}</strong>.
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast({ title: 'Link sent', description: 'Check your inbox for a new confirmation link.', variant: 'success' }),
              onError: (error) => toast({ title: 'Could not send the link', description: apiErrorMessage(error) ?? 'Please try again later.', variant: 'destructive' }),
            })
          }
        >
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
      </div>
    </div>
  );
}
