/**
 * Every in-app URL is built here, so a route can move without hunting for string literals.
 * `path` is the router pattern; `getHref` builds a link, with its query string.
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
  home: { path: '/', getHref: () => '/' },
  predictions: { path: '/predictions', getHref: () => '/predictions' },
  match: { path: '/predictions/:fixtureId', getHref: (fixtureId: string) => `/predictions/${encodeURIComponent(fixtureId)}` },
  results: { path: '/results', getHref: () => '/results' },
  league: { path: '/leagues/:leagueId', getHref: (leagueId: string) => `/leagues/${encodeURIComponent(leagueId)}` },
  team: { path: '/teams/:slug', getHref: (slug: string) => `/teams/${encodeURIComponent(slug)}` },
  alertsUnsubscribe: { path: '/alerts/unsubscribe', getHref: () => '/alerts/unsubscribe' },
  analytics: { path: '/analytics', getHref: () => '/analytics' },
  howItWorks: { path: '/how-it-works', getHref: () => '/how-it-works' },
  pricing: {
    path: '/pricing',
    getHref: ({ intent }: { intent?: 'subscribe' } = {}) => withQuery('/pricing', { intent }),
  },
  about: { path: '/about', getHref: () => '/about' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  contact: { path: '/contact', getHref: () => '/contact' },
  auth: {
    login: {
      path: '/login',
      getHref: ({ mode, intent, redirect }: { mode?: LoginMode; intent?: 'subscribe'; redirect?: string } = {}) =>
        withQuery('/login', { mode: mode === 'signup' ? 'signup' : undefined, intent, redirect }),
    },
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  account: { path: '/account', getHref: () => '/account' },
  subscriptionSuccess: {
    path: '/subscription/success',
    getHref: ({ sessionId }: { sessionId?: string } = {}) => withQuery('/subscription/success', { session_id: sessionId }),
  },
  admin: {
    odds: { path: '/admin/odds', getHref: () => '/admin/odds' },
    tracking: { path: '/admin/tracking', getHref: () => '/admin/tracking' },
    messages: { path: '/admin/messages', getHref: () => '/admin/messages' },
    audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  },
} as const;
