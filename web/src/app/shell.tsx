import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, MemoryRouter, StaticRouterProvider } from 'react-router-dom';

import { App } from '@/app';
import { createAppRoutes } from '@/app/router';
import { PageLoader } from '@/app/routes/root';
import { MainLayout } from '@/components/layouts/main-layout';
import { createQueryClient } from '@/lib/react-query';

// React hoists a page's <title> into <head> in the browser; a string render leaves it in place.
const withoutTitle = (html: string) => html.replace(/<title>[^<]*<\/title>/g, '');

/**
 * The first paint of a prerendered page, written into its HTML file at build time (vite.config.ts
 * and `@app/contracts/site`): the same tree the browser renders first (a visitor, the page's data
 * still loading), so React hydrates it instead of building it again.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createAppRoutes(queryClient));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A static prerender waits for what the page loads lazily (the landing page's pricing section)
  // and, with no chunk size limit, writes it in place rather than as a part a script moves in.
  const { prelude } = await prerender(
    <App queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // The site's CSP runs no inline script: a part left for one to move in would never show.
  if (/<script|<template/.test(html)) throw new Error(`Prerendering ${path} left a part for a script to fill in`);
  return withoutTitle(html);
}

/** The app shell of every other route: the layout of a visitor around the page loader. React replaces it. */
export function renderAppShell(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MainLayout user={null}>
        <PageLoader />
      </MainLayout>
    </MemoryRouter>,
  );
}
