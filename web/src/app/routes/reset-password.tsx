import { PASSWORD_MIN_LENGTH } from '@app/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useConfirmPasswordReset } from '@/features/auth/api/recovery';
import { PASSWORD_TOO_SHORT, PASSWORDS_DONT_MATCH } from '@/features/auth/components/change-password-form';
import { apiErrorMessage } from '@/lib/api-client';
import { applySessionUser } from '@/lib/auth';

type FieldErrors = { password?: string; confirmPassword?: string };

/** The emailed reset link: a new password (sign-up rules), then every session is signed out. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [linkError, setLinkError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirmPassword') ?? '')) return setErrors({ confirmPassword: PASSWORDS_DONT_MATCH.description });
    if (password.length < PASSWORD_MIN_LENGTH) return setErrors({ password: PASSWORD_TOO_SHORT.description });
    setErrors({});
    confirm.mutate(
      { token, password },
      {
        onSuccess: async () => {
          await applySessionUser(queryClient, null);
          toast({ title: 'Password changed', description: 'Every session was signed out. Log in with your new password.', variant: 'success' });
          await navigate(paths.auth.login.getHref());
        },
        onError: (failure) => setLinkError(apiErrorMessage(failure) ?? 'Please try again.'),
      },
    );
  };

  return (
    <ContentLayout width="prose" title="Choose a new password">
      <Card>
        {token ? (
          <form onSubmit={onSubmit} aria-label="Choose a new password" className="space-y-4">
            <InputField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password}
            />
            <InputField
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword}
            />
            {linkError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-destructive">
                {linkError}
              </p>
            ) : null}
            <Button type="submit" disabled={confirm.isPending || confirm.isSuccess}>
              {confirm.isPending ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        ) : (
          <p role="alert">This link is incomplete. Open the link from the email again, or ask for a new one.</p>
        )}
        <p className="mt-6 text-sm">
          <Link to={paths.forgotPassword.getHref()} className="font-medium text-primary underline underline-offset-4">
            Ask for a new link
          </Link>
        </p>
      </Card>
    </ContentLayout>
  );
}
