/**
 * The route manifest: every HTTP route and every queue consumer, with the handler file that
 * serves it. The CDK stack generates the HTTP API and the functions from it, and the local
 * server dispatches with it, so the two cannot disagree.
 */
import type { QueueName } from '@app/events/queues';
import type { AuthLevel } from '@app/platform/http/route';

export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway route path; `{name}` captures one segment. */
  path: string;
  /** Module under functions/src (no extension) that exports `handler`. */
  handler: string;
  /** Who may call it (enforced by the handler's httpRoute; documented here for review and infra). */
  auth: AuthLevel;
  /**
   * Table access the function needs (least privilege on AWS). A 'read' function runs with
   * TABLE_ACCESS=read, so it also skips the hourly session `lastSeenAt` write.
   */
  access: 'read' | 'write';
  /** Extra capabilities: sending to the job queues, to the email queue, calling Stripe, the session key (a key derived from it). */
  uses?: Array<'queue' | 'email' | 'stripe' | 'sessionKey'>;
  /** The body reaches the handler as raw bytes (base64), e.g. a signed webhook. */
  rawBody?: boolean;
  /**
   * The body carries a password (sign-in, sign-up, change, reset, account deletion, self-exclusion): infra gives the route its own API
   * Gateway limit and the WAF's auth rate rule counts it. Handlers that check a password also
   * take an attempt from the limiter first (core/security/attempts.ts).
   */
  password?: true;
  timeoutSeconds?: number;
  memoryMb?: number;
  /**
   * CDN caching (docs/decisions/0060-public-reads-cached-at-the-edge.md). `shared`: the same
   * answer for every viewer, cached by CloudFront. `per-session`: cached for visitors only, with
   * the session cookie in the cache key (a session's answer is private). Absent: never cached.
   */
  cdn?: 'shared' | 'per-session';
}

export interface ConsumerDefinition {
  queue: QueueName;
  handler: string;
  access: 'read' | 'write';
  /** `providers`: the football data and odds API keys; `ses`: sending email through Amazon SES; `email`: the email queue; `sessionKey`: the session key (a key derived from it). */
  uses?: Array<'queue' | 'stripe' | 'providers' | 'ses' | 'email' | 'sessionKey'>;
  memoryMb?: number;
}

export const routes: RouteDefinition[] = [
  { method: 'GET', path: '/api/health', handler: 'http/health/get', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/predictions', handler: 'http/predictions/list', auth: 'viewer', access: 'read', cdn: 'per-session' },
  { method: 'GET', path: '/api/metrics/latest', handler: 'http/metrics/latest', auth: 'public', access: 'read', cdn: 'shared' },
  { method: 'GET', path: '/api/metrics/trend', handler: 'http/metrics/trend', auth: 'public', access: 'read', cdn: 'shared' },
  // Not edge-cached: the CDN's cache key carries no query string, and the answer depends on it.
  { method: 'GET', path: '/api/results', handler: 'http/results/list', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/predictions/{fixtureId}', handler: 'http/predictions/get', auth: 'viewer', access: 'read' },
  // Season simulations and team pages (docs/decisions/0170-season-simulations.md).
  { method: 'GET', path: '/api/simulations/{leagueId}', handler: 'http/simulations/get', auth: 'public', access: 'read', cdn: 'shared' },
  { method: 'GET', path: '/api/simulations/{leagueId}/history', handler: 'http/simulations/history', auth: 'public', access: 'read', cdn: 'shared' },
  { method: 'GET', path: '/api/teams/{slug}', handler: 'http/teams/get', auth: 'viewer', access: 'read', cdn: 'per-session' },
  // Value-bet alerts: premium settings, and the one-click unsubscribe of the digest (a signed link, no session).
  { method: 'GET', path: '/api/alerts', handler: 'http/alerts/get', auth: 'user', access: 'read' },
  { method: 'PUT', path: '/api/alerts', handler: 'http/alerts/put', auth: 'user', access: 'write' },
  { method: 'POST', path: '/api/alerts/unsubscribe', handler: 'http/alerts/unsubscribe', auth: 'public', access: 'write', rawBody: true, uses: ['sessionKey'] },
  // At the site's root (a sitemap may list only URLs under its own path); the CDN sends it to the API.
  { method: 'GET', path: '/sitemap.xml', handler: 'http/site/sitemap', auth: 'public', access: 'read', cdn: 'shared' },
  // The pages about one match, team or league: the app shell with a real 404 for an unknown id
  // (docs/decisions/0212-real-404s-for-unknown-ids.md); CloudFront sends these paths here, not to the bucket.
  { method: 'GET', path: '/predictions/{fixtureId}', handler: 'http/site/page', auth: 'public', access: 'read', cdn: 'shared' },
  { method: 'GET', path: '/teams/{slug}', handler: 'http/site/page', auth: 'public', access: 'read', cdn: 'shared' },
  { method: 'GET', path: '/leagues/{leagueId}', handler: 'http/site/page', auth: 'public', access: 'read', cdn: 'shared' },
  // Premium only: signed in (401), premium (403), decided by the handler's service.
  { method: 'GET', path: '/api/analytics', handler: 'http/analytics/get', auth: 'user', access: 'read' },
  { method: 'GET', path: '/api/ledger', handler: 'http/ledger/list', auth: 'user', access: 'read' },
  // The ledger's day digests: public, so anyone can keep a copy before kickoff.
  { method: 'GET', path: '/api/ledger/digests', handler: 'http/ledger/digests', auth: 'public', access: 'read', cdn: 'shared' },
  // The track record's losing runs, for /responsible-gambling: public, as /results is.
  { method: 'GET', path: '/api/ledger/losing-runs', handler: 'http/ledger/losing-runs', auth: 'public', access: 'read', cdn: 'shared' },
  // What the value flags are worth beside the fee, for /analytics and the pricing page: public, as /results is.
  { method: 'GET', path: '/api/ledger/value-worth', handler: 'http/ledger/value-worth', auth: 'public', access: 'read', cdn: 'shared' },

  // Accounts and sessions. scrypt (N=2^17) wants memory and CPU.
  {
    method: 'POST',
    path: '/api/auth/register',
    handler: 'http/auth/register',
    auth: 'public',
    access: 'write',
    uses: ['email'],
    password: true,
    memoryMb: 1024,
  },
  { method: 'POST', path: '/api/auth/login', handler: 'http/auth/login', auth: 'public', access: 'write', password: true, memoryMb: 1024 },
  { method: 'GET', path: '/api/auth/me', handler: 'http/auth/me', auth: 'user', access: 'write', memoryMb: 512 },
  { method: 'POST', path: '/api/auth/logout', handler: 'http/auth/logout', auth: 'viewer', access: 'write', memoryMb: 512 },
  { method: 'POST', path: '/api/auth/change-password', handler: 'http/auth/change-password', auth: 'user', access: 'write', password: true, memoryMb: 1024 },
  { method: 'POST', path: '/api/auth/password-reset', handler: 'http/auth/password-reset', auth: 'public', access: 'write', uses: ['email'] },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    handler: 'http/auth/password-reset-confirm',
    auth: 'public',
    access: 'write',
    password: true,
    memoryMb: 1024,
  },
  { method: 'POST', path: '/api/auth/verify-email', handler: 'http/auth/verify-email', auth: 'public', access: 'write' },
  { method: 'POST', path: '/api/auth/resend-verification', handler: 'http/auth/resend-verification', auth: 'user', access: 'write', uses: ['email'] },
  {
    method: 'POST',
    path: '/api/auth/delete-account',
    handler: 'http/auth/delete-account',
    auth: 'user',
    access: 'write',
    uses: ['stripe'],
    password: true,
    memoryMb: 1024,
    timeoutSeconds: 25,
  },

  // Your data, what you pay, breaks and self-exclusion, contact.
  { method: 'GET', path: '/api/account/export', handler: 'http/account/export', auth: 'user', access: 'read' },
  // My bets: the user's own tracked bets (docs/decisions/0300-my-bets.md); any other user's id answers 404.
  { method: 'GET', path: '/api/my-bets', handler: 'http/my-bets/list', auth: 'user', access: 'read' },
  { method: 'POST', path: '/api/my-bets', handler: 'http/my-bets/add', auth: 'user', access: 'write' },
  { method: 'PATCH', path: '/api/my-bets/{id}', handler: 'http/my-bets/update', auth: 'user', access: 'write' },
  { method: 'DELETE', path: '/api/my-bets/{id}', handler: 'http/my-bets/delete', auth: 'user', access: 'write' },
  { method: 'GET', path: '/api/my-bets.csv', handler: 'http/my-bets/csv', auth: 'user', access: 'read' },
  { method: 'POST', path: '/api/my-bets/import', handler: 'http/my-bets/import', auth: 'user', access: 'write', memoryMb: 512, timeoutSeconds: 25 },
  { method: 'GET', path: '/api/account/billing', handler: 'http/account/billing', auth: 'user', access: 'read', uses: ['stripe'], timeoutSeconds: 25 },
  { method: 'POST', path: '/api/account/break', handler: 'http/account/take-break', auth: 'user', access: 'write', uses: ['stripe'], timeoutSeconds: 25 },
  {
    method: 'POST',
    path: '/api/account/self-exclusion',
    handler: 'http/account/self-exclusion',
    auth: 'user',
    access: 'write',
    uses: ['stripe'],
    password: true,
    memoryMb: 1024,
    timeoutSeconds: 25,
  },
  { method: 'POST', path: '/api/contact', handler: 'http/contact/send', auth: 'viewer', access: 'write', uses: ['email'] },

  // Billing.
  {
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    handler: 'http/billing/create-checkout-session',
    auth: 'user',
    access: 'write',
    uses: ['stripe'],
    timeoutSeconds: 25,
  },
  {
    method: 'POST',
    path: '/api/stripe/verify-session',
    handler: 'http/billing/verify-session',
    auth: 'user',
    access: 'write',
    uses: ['stripe'],
    timeoutSeconds: 25,
  },
  {
    method: 'POST',
    path: '/api/stripe/cancel-subscription',
    handler: 'http/billing/cancel-subscription',
    auth: 'user',
    access: 'write',
    uses: ['stripe'],
    timeoutSeconds: 25,
  },
  {
    method: 'POST',
    path: '/api/stripe/resume-subscription',
    handler: 'http/billing/resume-subscription',
    auth: 'user',
    access: 'write',
    uses: ['stripe'],
    timeoutSeconds: 25,
  },
  {
    method: 'POST',
    path: '/api/stripe/portal-session',
    handler: 'http/billing/portal-session',
    auth: 'user',
    access: 'read',
    uses: ['stripe'],
    timeoutSeconds: 25,
  },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    handler: 'http/billing/webhook',
    auth: 'public',
    access: 'write',
    uses: ['stripe'],
    rawBody: true,
    timeoutSeconds: 25,
  },

  // Staff: jobs, odds entry, performance tracking.
  {
    method: 'POST',
    path: '/api/admin/generate-daily-predictions',
    handler: 'http/admin/generate-daily-predictions',
    auth: 'admin',
    access: 'write',
    uses: ['queue'],
  },
  { method: 'POST', path: '/api/admin/fetch-match-results', handler: 'http/admin/fetch-match-results', auth: 'admin', access: 'write', uses: ['queue'] },
  {
    method: 'POST',
    path: '/api/admin/update-performance-metrics',
    handler: 'http/admin/update-performance-metrics',
    auth: 'admin',
    access: 'write',
    uses: ['queue'],
  },
  { method: 'GET', path: '/api/admin/jobs/{id}', handler: 'http/admin/job-status', auth: 'admin', access: 'read' },
  { method: 'GET', path: '/api/admin/winning-predictions', handler: 'http/admin/list-picks', auth: 'admin', access: 'read' },
  // A correction recomputes the stored headline in the same request.
  { method: 'POST', path: '/api/admin/update-odds', handler: 'http/admin/update-odds', auth: 'admin', access: 'write', timeoutSeconds: 25 },
  { method: 'GET', path: '/api/admin/messages', handler: 'http/admin/messages', auth: 'admin', access: 'read' },
  { method: 'POST', path: '/api/admin/messages/{id}/read', handler: 'http/admin/mark-message-read', auth: 'admin', access: 'write' },
  { method: 'GET', path: '/api/admin/email-delivery', handler: 'http/admin/email-delivery', auth: 'admin', access: 'read' },
  { method: 'GET', path: '/api/admin/role-changes', handler: 'http/admin/role-changes', auth: 'admin', access: 'read' },
  { method: 'GET', path: '/api/tracking/predictions', handler: 'http/tracking/predictions', auth: 'admin', access: 'read' },
  { method: 'GET', path: '/api/tracking/summary', handler: 'http/tracking/summary', auth: 'admin', access: 'read' },
];

/** Queue consumers; every job's worker can also enqueue the next stage. */
export const consumers: ConsumerDefinition[] = [
  { queue: 'jobs-planner', handler: 'consumers/planner', access: 'write', uses: ['queue', 'providers'] },
  { queue: 'prediction-generation', handler: 'consumers/generate-predictions', access: 'write', uses: ['queue', 'providers'], memoryMb: 1024 },
  { queue: 'result-ingestion', handler: 'consumers/ingest-results', access: 'write', uses: ['queue', 'providers'] },
  // Also announces the value-bet alerts of the generation run it follows (onto the alert-fanout queue).
  { queue: 'metrics-recompute', handler: 'consumers/recompute-metrics', access: 'write', uses: ['queue'] },
  // Value-bet alerts by shard and batch of subscribers (docs/decisions/0250-alerts-fanned-out-by-queue.md): continues a shard on its own queue, requests the emails.
  { queue: 'alert-fanout', handler: 'consumers/alert-fanout', access: 'write', uses: ['queue', 'email'] },
  // Issues tokens (verification, reset) and reads contact messages; the only function that may send email.
  { queue: 'email', handler: 'consumers/send-email', access: 'write', uses: ['ses', 'sessionKey'] },
  // SES bounce and complaint events: suppress the addresses.
  { queue: 'email-events', handler: 'consumers/email-events', access: 'write' },
  // The daily billing reconciliation, one page of subscriptions per message; each puts the next (docs/decisions/0252-billing-reconciliation-by-pages.md).
  { queue: 'billing-reconciliation', handler: 'consumers/reconcile-billing', access: 'write', uses: ['stripe', 'queue'] },
];

/**
 * Functions that run on a schedule of their own, outside the job pipeline: EventBridge Scheduler
 * invokes them on AWS, the local stack on a timer. Cron fields: minute hour day-of-month month
 * day-of-week, in `timeZone`.
 */
export interface ScheduledDefinition {
  name: string;
  description: string;
  handler: string;
  cron: string;
  timeZone: string;
  access: 'read' | 'write';
  uses?: Array<'stripe' | 'providers' | 'queue'>;
  timeoutSeconds: number;
  memoryMb?: number;
}

export const scheduled: ScheduledDefinition[] = [
  {
    name: 'billing-reconciliation',
    description: 'Start the billing reconciliation: its first page of live subscriptions onto the billing-reconciliation queue',
    handler: 'scheduled/reconcile-billing',
    cron: '30 3 * * *',
    timeZone: 'Europe/London',
    access: 'read',
    uses: ['queue'],
    timeoutSeconds: 30,
  },
  {
    // The closing price where the odds source keeps none (The Odds API); its credit cost: docs/providers.md.
    name: 'closing-odds',
    description: 'Snapshot the odds of fixtures kicking off in the next 15 minutes: their closing price',
    handler: 'scheduled/capture-closing-odds',
    cron: '*/15 * * * *',
    timeZone: 'Europe/London',
    access: 'write',
    uses: ['providers'],
    timeoutSeconds: 120,
  },
  {
    // Prices found when they appear (docs/decisions/0192-prices-found-when-they-appear.md); its credit budget: docs/providers.md.
    name: 'odds-scan',
    description:
      'Rescan the odds of fixtures due a scan (every 30 minutes within 24 h of kickoff, hourly within 72 h, last within 15 minutes) and raise or withdraw value flags',
    handler: 'scheduled/scan-odds',
    cron: '*/15 * * * *',
    timeZone: 'Europe/London',
    access: 'write',
    // queue: the first flags go to the alert fan-out
    uses: ['providers', 'queue'],
    timeoutSeconds: 180,
  },
];

/** The consumer of every dead-letter queue (it closes the books of messages no delivery completed). */
export const deadLetterConsumer = { handler: 'consumers/dead-letters', access: 'write', uses: ['queue'] } as const satisfies Omit<ConsumerDefinition, 'queue'>;

/** `GET /api/admin/jobs/{id}` -> `GET /api/admin/jobs/{id}` route key, as API Gateway names it. */
export const routeKey = (r: Pick<RouteDefinition, 'method' | 'path'>) => `${r.method} ${r.path}`;
