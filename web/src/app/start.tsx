import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';

import { App } from '@/app';
import { createAppRoutes, type AppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

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

const focusables = () => [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')];

/**
 * Someone may already be tabbing through the prerendered page when React replaces it: remembers
 * the position of the focused element and returns a function that puts the focus back there.
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

function Started({ onStarted, children }: { onStarted: () => void; children: ReactNode }) {
  useEffect(onStarted, [onStarted]);
  return children;
}

/**
 * Starts the app. React renders only once the first page's code is there, so its first render is
 * the page itself and replaces the prerendered HTML without a loading flash. The render is a
 * transition: React works in small slices, keeping the main thread responsive on slow phones.
 * Once it is on screen, `<html data-app="started">` says the page is interactive.
 */
export async function start(root: HTMLElement): Promise<void> {
  const restoreFocus = keepFocusPosition();
  const queryClient = createQueryClient();
  const router = createBrowserRouter(createAppRoutes(queryClient));
  await initialized(router);
  const onStarted = () => {
    restoreFocus();
    document.documentElement.dataset.app = 'started';
  };
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Started onStarted={onStarted}>
          <App queryClient={queryClient} router={router} />
        </Started>
      </StrictMode>,
    );
  });
}
