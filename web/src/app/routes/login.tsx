import type { User } from '@app/contracts/auth';
import { useState } from 'react';
import { Navigate, useMatch, useNavigate, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths, type LoginMode } from '@/config/paths';
import { AuthForm } from '@/features/auth/components/auth-form';
import { startCheckout } from '@/features/billing/api/create-checkout-session';
import { showAlreadySubscribed } from '@/features/billing/components/pricing-section';
import { useSession } from '@/lib/auth';
import { safeRedirect } from '@/utils/safe-redirect';

/**
 * docs/product.md#login-and-sign-up: login and sign-up in one form. `mode=signup` (or the path
 * /signup) opens sign-up, `intent=subscribe` continues to checkout afterwards, `redirect` (or
 * `next`) is where to go after login: same-origin paths only. Someone already signed in when the
 * page opens goes there at once (to /predictions without one), instead of seeing the form again.
 */
export default function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [checkingOut, setCheckingOut] = useState(false);
  const onSignupPath = useMatch(paths.auth.signup.path) !== null;
  const mode: LoginMode = onSignupPath || params.get('mode') === 'signup' ? 'signup' : 'login';
  const intent = params.get('intent') === 'subscribe' ? 'subscribe' : undefined;
  const redirect = safeRedirect(params.get('redirect')) ?? safeRedirect(params.get('next'));
  // Decided once, when the server has answered: a login made on this page navigates by itself.
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && session.isConfirmed) setArrivedSignedIn(session.user !== null);

  if (arrivedSignedIn) return <Navigate replace to={redirect ?? (intent === 'subscribe' ? paths.pricing.getHref({ intent }) : paths.predictions.getHref())} />;

  const setMode = (next: LoginMode) =>
    void navigate(paths.auth.login.getHref({ mode: next, intent, redirect: redirect ?? undefined }), { replace: true, preventScrollReset: true });

  const onAuthenticated = async (user: User) => {
    if (intent === 'subscribe') {
      if (user.subscriptionStatus === 'premium') {
        showAlreadySubscribed();
      } else {
        setCheckingOut(true);
        try {
          await startCheckout(user);
          return; // the browser is on its way to checkout
        } catch {
          toast({ title: 'Checkout error', description: 'Redirecting you to pricing page instead.', variant: 'destructive' });
          await navigate(paths.pricing.getHref());
          return;
        }
      }
    }
    await navigate(redirect ?? paths.predictions.getHref(), { replace: true });
  };

  const signup = mode === 'signup';
  return (
    <ContentLayout
      width="prose"
      title={signup ? 'Create your account' : 'Welcome back'}
      documentTitle={signup ? 'Sign up' : 'Log in'}
      description={
        intent === 'subscribe'
          ? signup
            ? 'Create an account, then continue to Premium checkout.'
            : 'Log in, then continue to Premium checkout.'
          : signup
            ? 'Free forever. Upgrade to Premium whenever you like.'
            : 'Log in to your account.'
      }
    >
      <Card className="mx-auto max-w-md sm:p-8">
        {checkingOut ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <Spinner label="Redirecting to checkout" />
            <p className="font-medium">Redirecting you to secure checkout...</p>
          </div>
        ) : (
          <AuthForm key={mode} mode={mode} onModeChange={setMode} onAuthenticated={onAuthenticated} />
        )}
      </Card>
    </ContentLayout>
  );
}
