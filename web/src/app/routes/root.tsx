import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { MainLayout } from '@/components/layouts/main-layout';
import { Spinner } from '@/components/ui/spinner';

/** A thin bar while the next page's code loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary" />;
}

/**
 * The shell around every page. The session is wired in by the auth work: it will read the
 * current user here and pass `user` and `onLogout` to the layout.
 */
export function RootLayout() {
  return (
    <MainLayout user={null}>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </MainLayout>
  );
}

export function RootErrorBoundary() {
  return (
    <MainLayout user={null}>
      <MainErrorFallback />
    </MainLayout>
  );
}

/** Shown in `<main>` while the first page's code loads. */
export function PageLoader() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading page" />
    </div>
  );
}
