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
  myBets: '/my-bets',
  subscriptionSuccess: '/subscription/success',
  adminOdds: '/admin/odds',
  adminTracking: '/admin/tracking',
  adminMessages: '/admin/messages',
  adminAudit: '/admin/audit',
} as const;

/** A route pattern as the client router matches it: a `:name` segment is any one segment (no anchors, no trailing slash). */
const patternSource = (pattern: string): string =>
  pattern
    .replace(/\/$/, '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:[A-Za-z]+/g, '[^/]+');

/**
 * The regular expression of the route patterns, as the client router matches them: a `:name`
 * segment is any one segment, letters match in any case, a trailing slash is allowed. ES5 syntax,
 * so the CloudFront Function can carry it.
 */
function routeSource(): string {
  return `^(?:${Object.values(SITE_ROUTES).map(patternSource).join('|')})/?$`;
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
 * (header, page loader, footer). The local server, the CloudFront Function and the function that
 * answers the pages about one match, team or league all serve by these tables.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/index.html',
  '/predictions': '/predictions.html',
  // Their heading, lead and the space their data will take paint before the app's code arrives.
  '/results': '/results.html',
  '/leagues': '/leagues.html',
};

/**
 * The pages about one match, league or team: their first paint (heading, lead, the page loading)
 * is the same whichever it is, so one prerendered file answers every id
 * (docs/decisions/0277-match-league-and-team-pages-prerendered.md).
 */
export const PRERENDERED_ROUTE_PAGES: Readonly<Record<string, string>> = {
  [SITE_ROUTES.match]: '/match.html',
  [SITE_ROUTES.league]: '/league.html',
  [SITE_ROUTES.team]: '/team.html',
};

/** Each pattern of {@link PRERENDERED_ROUTE_PAGES} as a regular expression source (ES5, with the route flags) and its file. */
export const PRERENDERED_ROUTE_SOURCES: readonly (readonly [string, string])[] = /* @__PURE__ */ Object.entries(PRERENDERED_ROUTE_PAGES).map(
  ([pattern, file]) => [`^${patternSource(pattern)}/?$`, file] as const,
);

export const APP_SHELL = '/app.html';

const routePages = /* @__PURE__ */ PRERENDERED_ROUTE_SOURCES.map(([source, file]) => [new RegExp(source, SITE_ROUTE_FLAGS), file] as const);

/** The HTML file for a client route (a path without a file extension). */
export const htmlForRoute = (pathname: string): string =>
  PRERENDERED_PAGES[pathname] ?? routePages.find(([pattern]) => pattern.test(pathname))?.[1] ?? APP_SHELL;
