import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';

import { PageLoader } from '@/app/routes/root';
import { MainLayout } from '@/components/layouts/main-layout';

/**
 * The static app shell written into index.html at build time (vite.config.ts): the layout of a
 * visitor with the page loader, so the first paint does not wait for the JavaScript. React
 * replaces it on its first render with the same layout, so nothing moves.
 */
export function renderShell(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MainLayout user={null}>
        <PageLoader />
      </MainLayout>
    </MemoryRouter>,
  );
}
