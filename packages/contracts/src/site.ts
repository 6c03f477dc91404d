/**
 * The pages of the site, in one place: the client router (web/src/config/paths.ts and
 * web/src/app/router.tsx) is built from this list, and the local server and the CloudFront
 * Function answer 404 for any other path without a file extension
 * (docs/decisions/0162-a-real-404-from-one-route-list.md). `:name` stands for one path segment.
 */
export const SITE_ROUTES = {
  home: '/',
  predictions: '/predictions',
  match: '/predictions/:fixtureId',
  results: '/results',
  leagues: '/leagues',
  league: '/leagues/:leagueId',
  team: '/teams/:slug',
  alertsUnsubscribe: '/alerts/unsubscribe',
  analytics: '/analytics',
  howItWorks: '/how-it-works',
  pricing: '/pricing',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  responsibleGambling: '/responsible-gambling',
  contact: '/contact',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  account: '/account',
  subscriptionSuccess: '/subscription/success',
  adminOdds: '/admin/odds',
  adminTracking: '/admin/tracking',
  adminMessages: '/admin/messages',
  adminAudit: '/admin/audit',
} as const;

/**
 * The regular expression of the route patterns, as the client router matches them: a `:name`
 * segment is any one segment, letters match in any case, a trailing slash is allowed. ES5 syntax,
 * so the CloudFront Function can carry it.
 */
function routeSource(): string {
  const alternatives = Object.values(SITE_ROUTES).map((pattern) =>
    pattern
      .replace(/\/$/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z]+/g, '[^/]+'),
  );
  return `^(?:${alternatives.join('|')})/?$`;
}

// Pure: a page that only needs the route names (the SPA) does not carry the matcher.
export const SITE_ROUTE_SOURCE = /* @__PURE__ */ routeSource();
export const SITE_ROUTE_FLAGS = 'i';

const siteRoute = /* @__PURE__ */ new RegExp(SITE_ROUTE_SOURCE, SITE_ROUTE_FLAGS);

/** Whether a path is one of the site's pages (else it answers 404 with the not-found page). */
export const isSiteRoute = (pathname: string): boolean => siteRoute.test(pathname);

/**
 * Which HTML file answers a client route. The build (web/vite.config.ts) prerenders the first
 * paint of the busiest public pages into their own file; every other route gets the app shell
 * (header, page loader, footer). The local server and the CloudFront Function both serve by
 * this table.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/index.html',
  '/predictions': '/predictions.html',
  // Their heading, lead and the space their data will take paint before the app's code arrives.
  '/results': '/results.html',
  '/leagues': '/leagues.html',
};

export const APP_SHELL = '/app.html';

/** The HTML file for a client route (a path without a file extension). */
export const htmlForRoute = (pathname: string): string => PRERENDERED_PAGES[pathname] ?? APP_SHELL;
