import { PASSWORD_RESET_REQUESTED_MESSAGE } from '@app/contracts/auth';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InputField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '@/features/auth/api/recovery';
import { apiErrorMessage } from '@/lib/api-client';

/** "Forgot password?": asks for the email; the answer is the same whether or not an account exists. */
export default function ForgotPasswordRoute() {
  const reset = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setError(null);
    reset.mutate({ email }, { onError: (failure) => setError(apiErrorMessage(failure) ?? 'Please try again.') });
  };

  return (
    <ContentLayout
      width="prose"
      title="Reset your password"
      description="Enter the email of your account and we will send you a link to choose a new password."
    >
      <Card>
        {reset.isSuccess ? (
          <p role="status" className="text-sm">
            {reset.data.message ?? PASSWORD_RESET_REQUESTED_MESSAGE} The link works once, for 30 minutes.
          </p>
        ) : (
          <form onSubmit={onSubmit} aria-label="Reset password" className="space-y-4">
            <InputField label="Email" name="email" type="email" autoComplete="email" required error={error ?? undefined} />
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
        <p className="mt-6 text-sm">
          <Link to={paths.auth.login.getHref()} className="font-medium text-primary underline underline-offset-4">
            Back to log in
          </Link>
        </p>
      </Card>
    </ContentLayout>
  );
}
