import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_HINT, PASSWORD_TOO_SHORT_MESSAGE } from '@app/contracts/auth';
import { ACCEPT_TERMS_MESSAGE } from '@app/contracts/responsible-gambling';
import type { User } from '@app/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, MailCheck, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { CheckboxField, InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { paths, type LoginMode } from '@/config/paths';
import { apiErrorMessage, apiFieldErrors, formatWait, isApiError } from '@/lib/api-client';
import { applySessionUser, loginWithEmail, registerWithEmail } from '@/lib/auth';
import { useSingleFlightMutation } from '@/lib/react-query';

/** docs/product.md#messages: the fallback text of a failed login or sign-up. */
export const AUTH_FAILED = 'Authentication failed. Please try again.';

type Credentials = { email: string; password: string };
type FieldErrors = Partial<Record<keyof Credentials | 'acceptTerms', string>>;

/** A failed attempt in words: the lockout with its wait (Retry-After), else the server's message. */
function failureMessage(failure: unknown): string {
  if (isApiError(failure, 429) && failure.retryAfterSeconds !== undefined) {
    return `Too many failed login attempts. Try again in ${formatWait(failure.retryAfterSeconds)}.`;
  }
  return apiErrorMessage(failure) ?? AUTH_FAILED;
}

type AuthFormProps = {
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  /** Called once the session holds the user after a login (navigation, checkout). */
  onAuthenticated: (user: User) => void | Promise<void>;
};

type AuthOutcome = { kind: 'signed-up'; message: string } | { kind: 'logged-in'; user: User };

/**
 * The form's submission: sign-up or login, with a failure shown under its field or above the button
 * (`fail`), a sign-up's next step kept in `signedUp`, and a login's user put in the session.
 */
function useAuthSubmit(onAuthenticated: AuthFormProps['onAuthenticated']) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** After a sign-up: what the server said to do next (open the emailed link, then log in). */
  const [signedUp, setSignedUp] = useState<string | null>(null);

  function fail(message: string, field?: keyof FieldErrors) {
    setError(field ? null : message);
    setFieldErrors(field ? { [field]: message } : {});
    toast({ title: 'Error', description: message, variant: 'destructive' });
  }

  const submit = useSingleFlightMutation({
    mutationFn: async ({ credentials, mode: submittedMode }: { credentials: Credentials; mode: LoginMode }): Promise<AuthOutcome> =>
      submittedMode === 'signup'
        ? // Sent only once the one box (18 or older, the Terms) is ticked: the form checked it.
          { kind: 'signed-up', message: await registerWithEmail({ ...credentials, acceptTerms: true, confirmAge: true }) }
        : { kind: 'logged-in', user: await loginWithEmail(credentials) },
    onSuccess: async (outcome) => {
      if (outcome.kind === 'signed-up') {
        toast({ title: 'Check your inbox', description: outcome.message, variant: 'success' });
        setSignedUp(outcome.message);
        return;
      }
      toast({ title: 'Welcome back!', variant: 'success' });
      await applySessionUser(queryClient, outcome.user);
      await onAuthenticated(outcome.user);
    },
    onError: (failure) => {
      // A message about one field goes under that field; anything else above the button.
      const fields = apiFieldErrors(failure);
      if (fields.acceptTerms || fields.confirmAge) return fail(ACCEPT_TERMS_MESSAGE, 'acceptTerms');
      const field = fields.password ? 'password' : fields.email ? 'email' : undefined;
      fail(field ? fields[field]! : failureMessage(failure), field);
    },
  });

  function clearErrors() {
    setError(null);
    setFieldErrors({});
  }

  /** Back to a blank form (the mode switch). */
  function clear() {
    setSignedUp(null);
    clearErrors();
    submit.reset();
  }

  return { submit, error, fieldErrors, signedUp, fail, clearErrors, clear };
}

/** After a sign-up: the server's next step (open the emailed link) and the way to log in. */
function SignedUpNotice({ message, onLogIn }: { message: string; onLogIn: () => void }) {
  return (
    <div className="space-y-5 text-center">
      <MailCheck aria-hidden="true" className="mx-auto size-10 text-primary" />
      <p role="status" className="font-medium">
        {message}
      </p>
      <Button type="button" size="lg" className="w-full" onClick={onLogIn}>
        <LogIn aria-hidden="true" />
        Log in
      </Button>
    </div>
  );
}

/** Sign-up's one box (18 or older, the Terms); login's link to a password reset instead. */
function TermsOrForgotPassword({ signup, error }: { signup: boolean; error: string | undefined }) {
  if (!signup) {
    return (
      <p className="-mt-2 text-right text-sm">
        <Link to={paths.forgotPassword.getHref()} className="rounded font-medium text-primary underline underline-offset-4">
          Forgot password?
        </Link>
      </p>
    );
  }
  return (
    <CheckboxField
      name="acceptTerms"
      aria-required="true"
      error={error}
      label={
        <>
          I am 18 or older and accept the{' '}
          <Link to={paths.terms.getHref()} className="font-medium text-primary underline underline-offset-4">
            Terms
          </Link>
        </>
      }
    />
  );
}

/**
 * docs/product.md (#login-and-sign-up, #validation, #messages): one form for login and sign-up, toggled between the two modes. Email
 * (type email) and password are required; a failure says 'Error' with the server's message.
 */
export function AuthForm({ mode, onModeChange, onAuthenticated }: AuthFormProps) {
  const { submit, error, fieldErrors, signedUp, fail, clearErrors, clear } = useAuthSubmit(onAuthenticated);
  const signup = mode === 'signup';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const credentials = { email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') };
    if (signup && credentials.password.length < PASSWORD_MIN_LENGTH) {
      fail(PASSWORD_TOO_SHORT_MESSAGE, 'password');
      return;
    }
    if (signup && data.get('acceptTerms') !== 'on') {
      fail(ACCEPT_TERMS_MESSAGE, 'acceptTerms');
      event.currentTarget.querySelector<HTMLInputElement>('input[name="acceptTerms"]')?.focus();
      return;
    }
    clearErrors();
    submit.mutate({ credentials, mode });
  };

  const switchMode = () => {
    clear();
    onModeChange(signup ? 'login' : 'signup');
  };

  const busy = submit.isPending || (submit.isSuccess && !signup);

  if (signedUp) return <SignedUpNotice message={signedUp} onLogIn={switchMode} />;

  return (
    <div>
      <form onSubmit={onSubmit} aria-label={signup ? 'Sign up' : 'Log in'} className="space-y-5">
        <InputField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <InputField
          label="Password"
          name="password"
          type="password"
          autoComplete={signup ? 'new-password' : 'current-password'}
          required
          hint={signup ? PASSWORD_RULE_HINT : undefined}
          error={fieldErrors.password}
        />
        <TermsOrForgotPassword signup={signup} error={fieldErrors.acceptTerms} />
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {signup ? <UserPlus aria-hidden="true" /> : <LogIn aria-hidden="true" />}
          {busy ? (signup ? 'Creating account...' : 'Logging in...') : signup ? 'Create account' : 'Log in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {signup ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button type="button" onClick={switchMode} className="rounded font-semibold text-primary underline underline-offset-4">
          {signup ? 'Log in' : 'Sign up'}
        </button>
      </p>
    </div>
  );
}
