import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { verifyEmail } from '@/features/auth/api/recovery';
import { apiErrorMessage } from '@/lib/api-client';
import { userQueryKey, useSession } from '@/lib/auth';

/** The emailed verification link. The token is single use, so it is sent once per page (a query, never retried). */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail({ token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const queryClient = useQueryClient();
  const { user } = useSession();
  // Signed in here: the session learns the address is confirmed (the banner goes).
  useEffect(() => {
    if (result.isSuccess) void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [result.isSuccess, queryClient]);

  return (
    <ContentLayout width="prose" title="Confirm your email">
      <Card>
        {!token ? (
          <p role="alert">This link is incomplete. Open the link from the email again.</p>
        ) : result.isPending ? (
          <Spinner label="Confirming your email" />
        ) : result.isSuccess ? (
          <p role="status" className="flex items-center gap-2">
            <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
            Your email address is confirmed.
          </p>
        ) : (
          <p role="alert">
            {apiErrorMessage(result.error) ?? 'This link is invalid, already used or expired.'}{' '}
            {user ? 'Use Resend in the banner above for a new link.' : 'Log in, then use Resend in the banner for a new link.'}
          </p>
        )}
        <p className="mt-6 text-sm">
          {user ? (
            <Link to={paths.predictions.getHref()} className="font-medium text-primary underline underline-offset-4">
              Go to the predictions
            </Link>
          ) : (
            <Link to={paths.auth.login.getHref({})} className="font-medium text-primary underline underline-offset-4">
              Log in
            </Link>
          )}
        </p>
      </Card>
    </ContentLayout>
  );
}
