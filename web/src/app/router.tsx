import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ActionFunction, createBrowserRouter, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';

import { PageLoader, RootErrorBoundary, RootLayout } from '@/app/routes/root';
import { paths } from '@/config/paths';

/**
 * A route module's shape: the page as default export, optionally a `clientLoader` /
 * `clientAction` factory that receives the query client (to prefetch with `queryOptions`), and
 * when its loader runs again (`shouldRevalidate`, React Router's).
 */
type RouteModule = {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  clientAction?: (queryClient: QueryClient) => ActionFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
};

const convert =
  (queryClient: QueryClient) =>
  ({ default: Component, clientLoader, clientAction, shouldRevalidate }: RouteModule) => ({
    Component,
    ...(clientLoader ? { loader: clientLoader(queryClient) } : {}),
    ...(clientAction ? { action: clientAction(queryClient) } : {}),
    ...(shouldRevalidate ? { shouldRevalidate } : {}),
  });

/**
 * Every route of docs/product.md#routes: one per entry of the site's route list (`@app/contracts/site`,
 * router.test.tsx checks it), which the server's real 404 reads too. Each page is its own chunk,
 * loaded when first visited.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const page = (load: () => Promise<RouteModule>) => () => load().then(convert(queryClient));
  return [
    {
      path: paths.home.path,
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          // Pathless, so that while the first page loads the header and footer already show.
          HydrateFallback: PageLoader,
          children: [
            { index: true, lazy: page(() => import('@/app/routes/landing')) },
            { path: paths.predictions.path, lazy: page(() => import('@/app/routes/predictions')) },
            { path: paths.match.path, lazy: page(() => import('@/app/routes/match')) },
            { path: paths.leagues.path, lazy: page(() => import('@/app/routes/leagues')) },
            { path: paths.league.path, lazy: page(() => import('@/app/routes/league')) },
            { path: paths.team.path, lazy: page(() => import('@/app/routes/team')) },
            { path: paths.alertsUnsubscribe.path, lazy: page(() => import('@/app/routes/alerts-unsubscribe')) },
            { path: paths.analytics.path, lazy: page(() => import('@/app/routes/analytics')) },
            { path: paths.results.path, lazy: page(() => import('@/app/routes/results')) },
            { path: paths.howItWorks.path, lazy: page(() => import('@/app/routes/how-it-works')) },
            { path: paths.pricing.path, lazy: page(() => import('@/app/routes/pricing')) },
            { path: paths.about.path, lazy: page(() => import('@/app/routes/about')) },
            { path: paths.privacy.path, lazy: page(() => import('@/app/routes/privacy')) },
            { path: paths.terms.path, lazy: page(() => import('@/app/routes/terms')) },
            { path: paths.responsibleGambling.path, lazy: page(() => import('@/app/routes/responsible-gambling')) },
            { path: paths.contact.path, lazy: page(() => import('@/app/routes/contact')) },
            { path: paths.auth.login.path, lazy: page(() => import('@/app/routes/login')) },
            { path: paths.auth.signup.path, lazy: page(() => import('@/app/routes/login')) },
            { path: paths.forgotPassword.path, lazy: page(() => import('@/app/routes/forgot-password')) },
            { path: paths.resetPassword.path, lazy: page(() => import('@/app/routes/reset-password')) },
            { path: paths.verifyEmail.path, lazy: page(() => import('@/app/routes/verify-email')) },
            { path: paths.account.path, lazy: page(() => import('@/app/routes/account')) },
            { path: paths.myBets.path, lazy: page(() => import('@/app/routes/my-bets')) },
            { path: paths.subscriptionSuccess.path, lazy: page(() => import('@/app/routes/subscription-success')) },
            { path: paths.admin.odds.path, lazy: page(() => import('@/app/routes/admin/odds')) },
            { path: paths.admin.tracking.path, lazy: page(() => import('@/app/routes/admin/tracking')) },
            { path: paths.admin.messages.path, lazy: page(() => import('@/app/routes/admin/messages')) },
            { path: paths.admin.audit.path, lazy: page(() => import('@/app/routes/admin/audit')) },
            { path: '*', lazy: page(() => import('@/app/routes/not-found')) },
          ],
        },
      ],
    },
  ];
}

/** The app's router (start.tsx creates it before React renders). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;
