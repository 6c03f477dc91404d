import { SITE_ROUTES as R } from '@app/contracts/site';

/**
 * Every in-app URL is built here, so a route can move without hunting for string literals.
 * `path` is the router pattern, from the site's one route list (`@app/contracts/site`, which the
 * server's 404 reads too); `getHref` builds a link, with its query string.
 */

// '/' may stay literal in a query string (RFC 3986), so `?redirect=/admin/odds` reads as in the spec.
const encode = (value: string) => encodeURIComponent(value).replace(/%2F/gi, '/');

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = Object.entries(query)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

export type LoginMode = 'login' | 'signup';

export const paths = {
  home: { path: R.home, getHref: () => '/' },
  predictions: { path: R.predictions, getHref: () => '/predictions' },
  match: { path: R.match, getHref: (fixtureId: string) => `/predictions/${encodeURIComponent(fixtureId)}` },
  results: { path: R.results, getHref: () => '/results' },
  leagues: { path: R.leagues, getHref: () => '/leagues' },
  league: { path: R.league, getHref: (leagueId: string) => `/leagues/${encodeURIComponent(leagueId)}` },
  team: { path: R.team, getHref: (slug: string) => `/teams/${encodeURIComponent(slug)}` },
  alertsUnsubscribe: { path: R.alertsUnsubscribe, getHref: () => '/alerts/unsubscribe' },
  analytics: { path: R.analytics, getHref: () => '/analytics' },
  howItWorks: { path: R.howItWorks, getHref: () => '/how-it-works' },
  pricing: {
    path: R.pricing,
    getHref: ({ intent, checkout }: { intent?: 'subscribe'; checkout?: 'cancelled' } = {}) => withQuery('/pricing', { intent, checkout }),
  },
  about: { path: R.about, getHref: () => '/about' },
  privacy: { path: R.privacy, getHref: () => '/privacy' },
  terms: { path: R.terms, getHref: () => '/terms' },
  responsibleGambling: { path: R.responsibleGambling, getHref: () => '/responsible-gambling' },
  contact: { path: R.contact, getHref: () => '/contact' },
  auth: {
    login: {
      path: R.login,
      getHref: ({ mode, intent, redirect }: { mode?: LoginMode; intent?: 'subscribe'; redirect?: string } = {}) =>
        withQuery('/login', { mode: mode === 'signup' ? 'signup' : undefined, intent, redirect }),
    },
    /** The sign-up form on a path of its own (the login page in sign-up mode). */
    signup: { path: R.signup, getHref: () => '/signup' },
  },
  forgotPassword: { path: R.forgotPassword, getHref: () => '/forgot-password' },
  resetPassword: { path: R.resetPassword, getHref: () => '/reset-password' },
  verifyEmail: { path: R.verifyEmail, getHref: () => '/verify-email' },
  account: { path: R.account, getHref: () => '/account' },
  myBets: { path: R.myBets, getHref: () => '/my-bets' },
  subscriptionSuccess: {
    path: R.subscriptionSuccess,
    getHref: ({ sessionId }: { sessionId?: string } = {}) => withQuery('/subscription/success', { session_id: sessionId }),
  },
  admin: {
    odds: { path: R.adminOdds, getHref: () => '/admin/odds' },
    tracking: { path: R.adminTracking, getHref: () => '/admin/tracking' },
    messages: { path: R.adminMessages, getHref: () => '/admin/messages' },
    audit: { path: R.adminAudit, getHref: () => '/admin/audit' },
  },
} as const;
