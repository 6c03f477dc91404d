import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_HINT, PASSWORD_TOO_SHORT_MESSAGE } from '@app/contracts/auth';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useChangePassword } from '@/features/auth/api/change-password';
import { apiErrorMessage, apiFieldErrors } from '@/lib/api-client';

/** docs/product.md#validation, with docs/decisions/0015-minimum-password-length-8.md (minimum 8). */
export const PASSWORDS_DONT_MATCH = { title: "Passwords don't match", description: 'Please make sure your new password and confirmation match.' };
export const PASSWORD_TOO_SHORT = { title: 'Password too short', description: PASSWORD_TOO_SHORT_MESSAGE };
/** The server refuses it too (docs/decisions/0075-passwords-not-common-not-reused.md); checked here first to save a round trip. */
export const SAME_AS_CURRENT = { title: 'Same password', description: 'The new password must be different from the current one.' };

type FieldErrors = { newPassword?: string; confirmPassword?: string; currentPassword?: string };

export function ChangePasswordForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const confirmPassword = String(data.get('confirmPassword') ?? '');

    if (newPassword !== confirmPassword) {
      setErrors({ confirmPassword: PASSWORDS_DONT_MATCH.description });
      toast({ ...PASSWORDS_DONT_MATCH, variant: 'destructive' });
      return;
    }
    if (newPassword === currentPassword) {
      setErrors({ newPassword: SAME_AS_CURRENT.description });
      toast({ ...SAME_AS_CURRENT, variant: 'destructive' });
      return;
    }
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setErrors({ newPassword: PASSWORD_TOO_SHORT.description });
      toast({ ...PASSWORD_TOO_SHORT, variant: 'destructive' });
      return;
    }
    setErrors({});
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ endedSessions }) => {
          form.reset();
          const others = endedSessions > 0 ? ` ${endedSessions} other ${endedSessions === 1 ? 'session was' : 'sessions were'} signed out.` : '';
          toast({ title: 'Password changed', description: `Your new password is active.${others}`, variant: 'success' });
        },
        onError: (error) => {
          const message = apiErrorMessage(error) ?? 'Please try again.';
          // Under the field the server names (a common new password, a wrong current one).
          const fields = apiFieldErrors(error);
          setErrors(
            fields.newPassword || fields.currentPassword
              ? { newPassword: fields.newPassword, currentPassword: fields.currentPassword }
              : { currentPassword: message },
          );
          toast({ title: 'Failed to change password', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden="true" className="size-5 text-muted-foreground" />
        Change password
      </h2>
      <form onSubmit={onSubmit} aria-label="Change password" className="mt-4 space-y-4">
        <InputField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
        <InputField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULE_HINT}
          error={errors.newPassword}
        />
        <InputField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing password...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
