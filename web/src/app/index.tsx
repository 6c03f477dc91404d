import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';

import { AppProvider } from '@/app/provider';

type AppProps = {
  queryClient: QueryClient;
  /** The router: `<RouterProvider>` in the browser, `<StaticRouterProvider>` when prerendering. */
  children: ReactNode;
  /** Called once the app is on screen. */
  onStarted?: () => void;
};

/** The whole app. The browser and the prerender (shell.tsx) render this same tree, so React can hydrate. */
export function App({ queryClient, children, onStarted }: AppProps) {
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>{children}</AppProvider>
    </StrictMode>
  );
}
