import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_HINT, PASSWORD_TOO_SHORT_MESSAGE } from '@app/contracts/auth';
import { ACCEPT_TERMS_MESSAGE } from '@app/contracts/responsible-gambling';
import type { User } from '@app/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, UserPlus } from 'lucide-react';
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
  /** Called once the session holds the user after a login or a sign-up (navigation, checkout). */
  onAuthenticated: (user: User) => void | Promise<void>;
};

/**
 * The form's submission: sign-up or login, with a failure shown under its field or above the
 * button (`fail`; `taken` when a sign-up's address has an account), and the user put in the session.
 */
function useAuthSubmit(onAuthenticated: AuthFormProps['onAuthenticated']) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** A sign-up for an address that has an account (409): the message offers login and a reset. */
  const [taken, setTaken] = useState(false);

  function fail(message: string, field?: keyof FieldErrors) {
    setError(field ? null : message);
    setFieldErrors(field ? { [field]: message } : {});
    toast({ title: 'Error', description: message, variant: 'destructive' });
  }

  const submit = useSingleFlightMutation({
    mutationFn: ({ credentials, mode: submittedMode }: { credentials: Credentials; mode: LoginMode }): Promise<User> =>
      submittedMode === 'signup'
        ? // Sent only once the one box (18 or older, the Terms) is ticked: the form checked it.
          registerWithEmail({ ...credentials, acceptTerms: true, confirmAge: true })
        : loginWithEmail(credentials),
    onSuccess: async (user, { mode: submittedMode }) => {
      toast({ title: submittedMode === 'signup' ? 'Account created!' : 'Welcome back!', variant: 'success' });
      await applySessionUser(queryClient, user);
      await onAuthenticated(user);
    },
    onError: (failure) => {
      // A message about one field goes under that field; anything else above the button.
      const fields = apiFieldErrors(failure);
      if (fields.acceptTerms || fields.confirmAge) return fail(ACCEPT_TERMS_MESSAGE, 'acceptTerms');
      const field = fields.password ? 'password' : fields.email ? 'email' : undefined;
      setTaken(!field && isApiError(failure, 409));
      fail(field ? fields[field]! : failureMessage(failure), field);
    },
  });

  function clearErrors() {
    setError(null);
    setFieldErrors({});
    setTaken(false);
  }

  /** Back to a blank form (the mode switch). */
  function clear() {
    clearErrors();
    submit.reset();
  }

  return { submit, error, fieldErrors, taken, fail, clearErrors, clear };
}

/** The failure above the button; for a taken address, with the two ways in it offers. */
function FormError({ message, taken, onLogIn }: { message: string; taken: boolean; onLogIn: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-destructive">
      <p>{message}</p>
      {taken ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          <button type="button" onClick={onLogIn} className="rounded font-semibold text-primary underline underline-offset-4">
            Log in instead
          </button>
          <Link to={paths.forgotPassword.getHref()} className="rounded font-semibold text-primary underline underline-offset-4">
            Forgot password?
          </Link>
        </p>
      ) : null}
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
  const { submit, error, fieldErrors, taken, fail, clearErrors, clear } = useAuthSubmit(onAuthenticated);
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

  // After a success the page navigates (or goes to checkout): the button stays busy until then.
  const busy = submit.isPending || submit.isSuccess;

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
        {error ? <FormError message={error} taken={taken} onLogIn={switchMode} /> : null}
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
