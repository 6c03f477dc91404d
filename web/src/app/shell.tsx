import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';

import { PageLoader } from '@/app/routes/root';
import { MainLayout } from '@/components/layouts/main-layout';
import { createQueryClient } from '@/lib/react-query';

/**
 * The first paint of a page, written into its HTML file at build time (vite.config.ts and
 * `@app/contracts/site`): the layout of a visitor around the page as it first renders (its data
 * still loading), or the page loader for routes that are not prerendered. The browser paints it
 * as soon as the HTML and CSS arrive; React replaces it on its first render with the same markup,
 * so nothing moves.
 */
export function renderShell(path: string, Page: ComponentType = PageLoader): string {
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <MainLayout user={null}>
          <Page />
        </MainLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // React hoists a page's <title> into <head> in the browser; static markup leaves it in place.
  return markup.replace(/<title>[^<]*<\/title>/g, '');
}
