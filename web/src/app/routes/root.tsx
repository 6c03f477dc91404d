import { memo } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

import { scrollKey, useFocusHeadingOnNavigation } from '@/app/navigation';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { MainLayout } from '@/components/layouts/main-layout';
import { Spinner } from '@/components/ui/spinner';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { useLogout, useSession, useSessionSync } from '@/lib/auth';

/** A thin bar while the next page's code loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary" />;
}

/**
 * The page. Memoised: a session change (the user arriving from /api/auth/me) re-renders the
 * header, not the whole page; the page still re-renders on navigation through the router's context.
 */
const Page = memo(function Page() {
  return <Outlet />;
});

/** The header's view of the session: the stored display copy until the server answers. */
function useHeaderUser() {
  const { user, isPremium, isAdmin } = useSession();
  return user ? { email: user.email, isPremium, isAdmin } : null;
}

/** The shell around every page, with the session in the header. */
export function RootLayout() {
  const user = useHeaderUser();
  const logout = useLogout();
  useSessionSync();
  useFocusHeadingOnNavigation();
  return (
    <MainLayout user={user} onLogout={() => void logout()}>
      <NavigationProgress />
      <VerifyEmailBanner />
      <Page />
      <ScrollRestoration getKey={scrollKey} />
    </MainLayout>
  );
}

export function RootErrorBoundary() {
  const user = useHeaderUser();
  return (
    <MainLayout user={user}>
      <MainErrorFallback />
    </MainLayout>
  );
}

/** Shown in `<main>` while the first page's code loads. */
export function PageLoader() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading page" />
    </div>
  );
}
