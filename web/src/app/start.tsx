import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';

import { App } from '@/app';
import { createAppRoutes, type AppRouter } from '@/app/router';
import { getUserQueryOptions, readStoredUser } from '@/lib/auth';
import { dropEarlyRequests } from '@/lib/early-requests';
import { createQueryClient } from '@/lib/react-query';
import { markAppStarted } from '@/lib/shown-query';

/** Resolves once the router has loaded the first page's code (its lazy route module). */
function initialized(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Resolves in a later task: the browser may paint or handle input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Loads the code of the page being opened, as the router would once created: asking for its files
 * (the page's chunk and those it imports) is the longest step of the router's start, so it gets a
 * task of its own. The router then finds the modules loaded.
 */
async function loadPageCode(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy().catch(() => undefined) : undefined)));
}

const focusables = () => [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')];

/**
 * Someone may already be tabbing through the static page when React replaces it: remembers the
 * position of the focused element and returns a function that puts the focus back there.
 */
function keepFocusPosition(): () => void {
  let position = -1;
  const track = () => {
    position = focusables().indexOf(document.activeElement as HTMLElement);
  };
  document.addEventListener('focusin', track);
  return () => {
    document.removeEventListener('focusin', track);
    if (position >= 0 && (document.activeElement === document.body || !document.activeElement)) focusables()[position]?.focus();
  };
}

/**
 * Starts the app once the first page's code is there. A prerendered page (`data-prerendered` on
 * #root, vite.config.ts) seen by a visitor is hydrated: React adopts the DOM it already shows
 * instead of building it again. Otherwise (the app shell of the other routes, a signed-in header,
 * filters in the URL) React replaces the static markup with its own first render. Either way the work is a
 * transition, in small slices that keep the main thread responsive on slow phones, and
 * `<html data-app="started">` then says the page is interactive.
 */
export async function start(root: HTMLElement): Promise<void> {
  const restoreFocus = keepFocusPosition();
  // Steps in tasks of their own, so that none holds a slow phone's main thread for long: the app's
  // modules have just run; the session is asked for; the page's code; the router starts (and the
  // page's reads); React renders (in slices of its own).
  await nextTask();
  const queryClient = createQueryClient();
  // Asked before the first render, the session is already on its way when the header subscribes
  // to it; asked by that subscription, it would make React render the page again at once.
  void queryClient.prefetchQuery(getUserQueryOptions());
  await nextTask();
  const routes = createAppRoutes(queryClient);
  await loadPageCode(routes);
  await nextTask();
  const router = createBrowserRouter(routes);
  await initialized(router);
  await nextTask();
  const onStarted = () => {
    dropEarlyRequests();
    markAppStarted();
    restoreFocus();
    document.documentElement.dataset.app = 'started';
  };
  const app = (
    <App queryClient={queryClient} onStarted={onStarted}>
      <RouterProvider router={router} />
    </App>
  );
  // The prerendered page is what a visitor without filters sees first; anyone else gets a fresh render.
  const hydrate = root.dataset.prerendered === 'true' && !window.location.search && !readStoredUser();
  startTransition(() => {
    if (hydrate) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
