import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

/**
 * Renders the whole app (providers, layout, real route table) at `url`, the way a user would
 * land on it. Pages load lazily, so wait with `findBy*` or `await renderApp(...)`, which
 * resolves once the first page's h1 has rendered.
 */
export async function renderApp(url = '/') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [url] });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { ...result, user, router, queryClient };
}

/** Renders one component inside the providers and a MemoryRouter, for component-level tests. */
export function renderWithProviders(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const queryClient = createQueryClient();
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </AppProvider>,
  );
  return { ...result, user, queryClient };
}

/** The current in-app URL (path + query) of a router returned by {@link renderApp}. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
