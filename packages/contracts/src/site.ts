/**
 * Which HTML file answers a client route. The build (web/vite.config.ts) prerenders the first
 * paint of the two busiest pages into their own file; every other route gets the app shell
 * (header, page loader, footer). The local server and the CloudFront Function both serve by
 * this table.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/index.html',
  '/predictions': '/predictions.html',
};

export const APP_SHELL = '/app.html';

/** The HTML file for a client route (a path without a file extension). */
export const htmlForRoute = (pathname: string): string => PRERENDERED_PAGES[pathname] ?? APP_SHELL;
