// The response contract of every route of routes.ts: one row per route, with the schema of its
// 2xx JSON body (strict objects: exactly the fields the contract names) and one call that answers
// 2xx. The HTTP harness checks every answer of every integration test against its row, and
// contracts.int.test.ts walks the rows. A new route needs a row here, or no integration test file
// starts (docs/decisions/0180-response-contracts-kept.md).
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { JobAcceptedSchema, JobStatusSchema, RoleChangesResponseSchema, WinningPredictionListSchema } from '@app/contracts/admin';
import { AccountExportSchema } from '@app/contracts/account';
import { AlertsViewSchema, UnsubscribedSchema } from '@app/contracts/alerts';
import { AnalyticsReportSchema, ValueWorthSchema } from '@app/contracts/analytics';
import {
  ChangePasswordResponseSchema,
  DeleteAccountResponseSchema,
  MessageResponseSchema,
  OkResponseSchema,
  PasswordResetConfirmResponseSchema,
  UserResponseSchema,
  VerifyEmailResponseSchema,
} from '@app/contracts/auth';
import {
  BillingOverviewSchema,
  CancelResponseSchema,
  CheckoutResponseSchema,
  PortalSessionResponseSchema,
  VerifySessionResponseSchema,
  WebhookResponseSchema,
} from '@app/contracts/billing';
import { ContactMessagesResponseSchema, ContactReceivedSchema, MarkReadResponseSchema } from '@app/contracts/contact';
import { EmailDeliveryResponseSchema } from '@app/contracts/email-delivery';
import { ErrorBodySchema } from '@app/contracts/errors';
import { HealthSchema } from '@app/contracts/health';
import { issueLines } from '@app/contracts/response-contract';
import { LedgerDigestsSchema, LedgerListSchema } from '@app/contracts/ledger';
import { MatchPageSchema } from '@app/contracts/matches';
import { MY_BETS_CSV_COLUMNS, MyBetsImportReportSchema, MyBetsSchema, TrackedBetSchema } from '@app/contracts/my-bets';
import { LatestMetricsSchema, TrendSchema } from '@app/contracts/metrics';
import { PredictionListSchema } from '@app/contracts/predictions';
import { BreakResponseSchema, LosingRunsResponseSchema, SelfExclusionResponseSchema } from '@app/contracts/responsible-gambling';
import { ResultsPageSchema } from '@app/contracts/results';
import { SimulationHistorySchema, SimulationSchema, TeamPageSchema } from '@app/contracts/seasons';
import { TrackingListSchema, TrackingSummarySchema } from '@app/contracts/tracking';
import { routeKey, type RouteDefinition } from '../src/routes.ts';

/** An answer as the harness's client returns it (http-harness.ts). */
export interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** The harness's browser-like client, as far as a row's call uses it (http-harness.ts's `TestClient`). */
export interface ContractClient {
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
  request(method: string, path: string, options?: { body?: unknown }): Promise<Answer>;
}

/** What a row's call may use: a client of each kind, fresh accounts, and the data the walk stored. */
export interface ContractWorld {
  visitor: ContractClient;
  /** Signed in, free. */
  user: ContractClient;
  premium: ContractClient;
  admin: ContractClient;
  /** A new signed-in free account of its own, for a call that ends its session or the account. */
  newUser(): Promise<{ client: ContractClient; email: string }>;
  /** A new premium account of its own (through the test-mode checkout). */
  newPremium(): Promise<ContractClient>;
  /** The password of every account `newUser` and `newPremium` make. */
  password: string;
  /** The token of the newest email to `address` that links to `path` (e.g. '/verify-email'). */
  emailToken(address: string, path: string): Promise<string>;
  /** A signed-in client's way through the test-mode checkout: the answer of `POST /api/stripe/verify-session`. */
  subscribe(client: ContractClient): Promise<Answer>;
  /** A signed Stripe event delivered to the webhook as Stripe sends it. */
  deliverWebhook(type: string): Promise<Answer>;
  /** The one-click unsubscribe token of the digest emailed to a signed-in client's account. */
  unsubscribeToken(client: ContractClient): Promise<string>;
  /** A league with a season simulation, and one of its clubs. */
  leagueId: string;
  teamSlug: string;
  /** A match ahead, with a premium forecast. */
  upcomingFixtureId: string;
  /** A won pick of a settled match priced at 1.75: the ledger entry an odds correction (within 10 %) names. */
  settledPickId: string;
  /** A finished metrics run. */
  jobId: string;
}

export interface RouteContract {
  /**
   * What a 2xx answer carries: the schema of its JSON body, or the content type of a route that
   * answers something else (the sitemap's XML).
   */
  body: z.ZodMiniType | { contentType: string };
  /** A second content type the route answers when asked (the ledger's CSV download). */
  alsoServes?: string;
  /** A page: its 404 (and a 503 when the shell cannot be had) is an HTML page of the row's type, not the API's JSON error body. */
  pageErrors?: true;
  /** One call that answers 2xx. */
  sample: (w: ContractWorld) => Promise<Answer>;
}

const NEW_PASSWORD = 'a different horse battery';
const CONTACT = { name: 'Ada', email: 'ada@example.com', subject: 'A question', message: 'How is the hit rate counted?' };

/** A bet added by hand on the match ahead. */
const trackedBet = (w: ContractWorld) => ({ fixtureId: w.upcomingFixtureId, market: '1x2', selection: 'home', price: 2.05, bookmaker: 'Velox', stake: 10 });

/** An export of one bet on the match ahead, as an import reads it (a dry run). */
const importedCsv = (w: ContractWorld) =>
  [MY_BETS_CSV_COLUMNS.join(','), `b1,${w.upcomingFixtureId},L,2026-01-01T15:00:00.000Z,A,B,1x2,home,,2.05,Velox,10,2026-01-01T10:00:00.000Z,,,,,,`].join('\n');

/** Posts a contact message and returns the newest message id of the admin inbox. */
async function newMessageId(w: ContractWorld): Promise<string> {
  await w.visitor.post('/api/contact', CONTACT);
  return ((await w.admin.get('/api/admin/messages')).json as { messages: Array<{ id: string }> }).messages[0]!.id;
}

/** Every route of routes.ts, by its route key (`GET /api/health`); one row each. */
export const responseContracts: Readonly<Record<string, RouteContract>> = {
  'GET /api/health': { body: HealthSchema, sample: (w) => w.visitor.get('/api/health') },
  'GET /api/predictions': { body: PredictionListSchema, sample: (w) => w.premium.get('/api/predictions') },
  'GET /api/metrics/latest': { body: LatestMetricsSchema, sample: (w) => w.visitor.get('/api/metrics/latest') },
  'GET /api/metrics/trend': { body: TrendSchema, sample: (w) => w.visitor.get('/api/metrics/trend') },
  'GET /api/results': { body: ResultsPageSchema, sample: (w) => w.visitor.get('/api/results') },
  'GET /api/predictions/{fixtureId}': { body: MatchPageSchema, sample: (w) => w.premium.get(`/api/predictions/${w.upcomingFixtureId}`) },
  'GET /sitemap.xml': { body: { contentType: 'application/xml' }, sample: (w) => w.visitor.get('/sitemap.xml') },
  'GET /predictions/{fixtureId}': { body: { contentType: 'text/html' }, pageErrors: true, sample: (w) => w.visitor.get(`/predictions/${w.upcomingFixtureId}`) },
  'GET /teams/{slug}': { body: { contentType: 'text/html' }, pageErrors: true, sample: (w) => w.visitor.get(`/teams/${w.teamSlug}`) },
  'GET /leagues/{leagueId}': { body: { contentType: 'text/html' }, pageErrors: true, sample: (w) => w.visitor.get(`/leagues/${w.leagueId}`) },
  'GET /api/analytics': { body: AnalyticsReportSchema, sample: (w) => w.premium.get('/api/analytics?period=all') },
  'GET /api/ledger': { body: LedgerListSchema, alsoServes: 'text/csv', sample: (w) => w.premium.get('/api/ledger?period=all') },
  'GET /api/ledger/digests': { body: LedgerDigestsSchema, sample: (w) => w.visitor.get('/api/ledger/digests') },
  'GET /api/ledger/losing-runs': { body: LosingRunsResponseSchema, sample: (w) => w.visitor.get('/api/ledger/losing-runs') },
  'GET /api/ledger/value-worth': { body: ValueWorthSchema, sample: (w) => w.visitor.get('/api/ledger/value-worth') },

  'GET /api/simulations/{leagueId}': { body: SimulationSchema, sample: (w) => w.visitor.get(`/api/simulations/${w.leagueId}`) },
  'GET /api/simulations/{leagueId}/history': { body: SimulationHistorySchema, sample: (w) => w.visitor.get(`/api/simulations/${w.leagueId}/history`) },
  'GET /api/teams/{slug}': { body: TeamPageSchema, sample: (w) => w.premium.get(`/api/teams/${w.teamSlug}`) },

  // Sign-up signs the client in: a client of its own, so the visitor stays a visitor.
  'POST /api/auth/register': {
    body: UserResponseSchema,
    sample: async (w) =>
      (await w.newUser()).client.post('/api/auth/register', { email: 'new.reader@example.com', password: NEW_PASSWORD, acceptTerms: true, confirmAge: true }),
  },
  'POST /api/auth/login': {
    body: UserResponseSchema,
    sample: async (w) => {
      const { email } = await w.newUser();
      return w.visitor.post('/api/auth/login', { email, password: w.password });
    },
  },
  'GET /api/auth/me': { body: UserResponseSchema, sample: (w) => w.user.get('/api/auth/me') },
  'POST /api/auth/logout': { body: OkResponseSchema, sample: async (w) => (await w.newUser()).client.post('/api/auth/logout') },
  'POST /api/auth/change-password': {
    body: ChangePasswordResponseSchema,
    sample: async (w) => (await w.newUser()).client.post('/api/auth/change-password', { currentPassword: w.password, newPassword: NEW_PASSWORD }),
  },
  'POST /api/auth/password-reset': { body: MessageResponseSchema, sample: (w) => w.visitor.post('/api/auth/password-reset', { email: 'nobody@example.com' }) },
  'POST /api/auth/password-reset/confirm': {
    body: PasswordResetConfirmResponseSchema,
    sample: async (w) => {
      const { client, email } = await w.newUser();
      await client.post('/api/auth/password-reset', { email });
      return client.post('/api/auth/password-reset/confirm', { token: await w.emailToken(email, '/reset-password'), password: NEW_PASSWORD });
    },
  },
  'POST /api/auth/verify-email': {
    body: VerifyEmailResponseSchema,
    sample: async (w) => {
      await (
        await w.newUser()
      ).client.post('/api/auth/register', { email: 'to.confirm@example.com', password: NEW_PASSWORD, acceptTerms: true, confirmAge: true });
      return w.visitor.post('/api/auth/verify-email', { token: await w.emailToken('to.confirm@example.com', '/verify-email') });
    },
  },
  'POST /api/auth/resend-verification': {
    body: MessageResponseSchema,
    sample: async (w) => {
      const { client } = await w.newUser();
      await client.post('/api/auth/register', { email: 'to.confirm.again@example.com', password: NEW_PASSWORD, acceptTerms: true, confirmAge: true });
      return client.post('/api/auth/resend-verification');
    },
  },
  'POST /api/auth/delete-account': {
    body: DeleteAccountResponseSchema,
    sample: async (w) => (await w.newUser()).client.post('/api/auth/delete-account', { password: w.password }),
  },

  'GET /api/account/export': { body: AccountExportSchema, sample: (w) => w.premium.get('/api/account/export') },
  'GET /api/my-bets': { body: MyBetsSchema, sample: (w) => w.premium.get('/api/my-bets') },
  'POST /api/my-bets': { body: TrackedBetSchema, sample: (w) => w.premium.post('/api/my-bets', trackedBet(w)) },
  'PATCH /api/my-bets/{id}': {
    body: TrackedBetSchema,
    sample: async (w) => w.premium.request('PATCH', `/api/my-bets/${(await w.premium.post('/api/my-bets', trackedBet(w))).json.id}`, { body: { stake: 5 } }),
  },
  'DELETE /api/my-bets/{id}': {
    body: OkResponseSchema,
    sample: async (w) => w.premium.request('DELETE', `/api/my-bets/${(await w.premium.post('/api/my-bets', trackedBet(w))).json.id}`),
  },
  'GET /api/my-bets.csv': { body: { contentType: 'text/csv' }, sample: (w) => w.premium.get('/api/my-bets.csv') },
  'POST /api/my-bets/import': {
    body: MyBetsImportReportSchema,
    sample: (w) => w.premium.post('/api/my-bets/import', { csv: importedCsv(w) }),
  },
  'GET /api/account/billing': { body: BillingOverviewSchema, sample: (w) => w.premium.get('/api/account/billing') },
  'POST /api/account/break': { body: BreakResponseSchema, sample: async (w) => (await w.newUser()).client.post('/api/account/break', { duration: '24h' }) },
  'POST /api/account/self-exclusion': {
    body: SelfExclusionResponseSchema,
    sample: async (w) => (await w.newPremium()).post('/api/account/self-exclusion', { password: w.password, confirm: true }),
  },
  'GET /api/alerts': { body: AlertsViewSchema, sample: (w) => w.premium.get('/api/alerts') },
  'PUT /api/alerts': {
    body: AlertsViewSchema,
    sample: (w) =>
      w.premium.request('PUT', '/api/alerts', { body: { frequency: 'weekly', leagues: [w.leagueId], minEdge: 5, bookmakers: [], markets: ['1x2'] } }),
  },
  'POST /api/alerts/unsubscribe': {
    body: UnsubscribedSchema,
    sample: async (w) => w.visitor.post(`/api/alerts/unsubscribe?token=${await w.unsubscribeToken(w.premium)}`),
  },
  'POST /api/contact': { body: ContactReceivedSchema, sample: (w) => w.visitor.post('/api/contact', CONTACT) },

  'POST /api/stripe/create-checkout-session': { body: CheckoutResponseSchema, sample: (w) => w.user.post('/api/stripe/create-checkout-session') },
  'POST /api/stripe/verify-session': { body: VerifySessionResponseSchema, sample: async (w) => w.subscribe((await w.newUser()).client) },
  'POST /api/stripe/cancel-subscription': { body: CancelResponseSchema, sample: async (w) => (await w.newPremium()).post('/api/stripe/cancel-subscription') },
  'POST /api/stripe/resume-subscription': {
    body: BillingOverviewSchema,
    sample: async (w) => {
      const client = await w.newPremium();
      await client.post('/api/stripe/cancel-subscription');
      return client.post('/api/stripe/resume-subscription');
    },
  },
  'POST /api/stripe/portal-session': { body: PortalSessionResponseSchema, sample: (w) => w.premium.post('/api/stripe/portal-session') },
  'POST /api/stripe/webhook': { body: WebhookResponseSchema, sample: (w) => w.deliverWebhook('customer.created') },

  'POST /api/admin/generate-daily-predictions': { body: JobAcceptedSchema, sample: (w) => w.admin.post('/api/admin/generate-daily-predictions') },
  'POST /api/admin/fetch-match-results': { body: JobAcceptedSchema, sample: (w) => w.admin.post('/api/admin/fetch-match-results') },
  'POST /api/admin/update-performance-metrics': { body: JobAcceptedSchema, sample: (w) => w.admin.post('/api/admin/update-performance-metrics') },
  'GET /api/admin/jobs/{id}': { body: JobStatusSchema, sample: (w) => w.admin.get(`/api/admin/jobs/${w.jobId}`) },
  'GET /api/admin/winning-predictions': { body: WinningPredictionListSchema, sample: (w) => w.admin.get('/api/admin/winning-predictions') },
  'POST /api/admin/update-odds': {
    body: OkResponseSchema,
    sample: (w) => w.admin.post('/api/admin/update-odds', { predictionId: w.settledPickId, odds: 1.8 }),
  },
  'GET /api/admin/messages': { body: ContactMessagesResponseSchema, sample: (w) => w.admin.get('/api/admin/messages') },
  'POST /api/admin/messages/{id}/read': {
    body: MarkReadResponseSchema,
    sample: async (w) => w.admin.post(`/api/admin/messages/${await newMessageId(w)}/read`, { read: true }),
  },
  'GET /api/admin/email-delivery': { body: EmailDeliveryResponseSchema, sample: (w) => w.admin.get('/api/admin/email-delivery') },
  'GET /api/admin/role-changes': { body: RoleChangesResponseSchema, sample: (w) => w.admin.get('/api/admin/role-changes') },
  'GET /api/tracking/predictions': { body: TrackingListSchema, sample: (w) => w.admin.get('/api/tracking/predictions?days=30') },
  'GET /api/tracking/summary': { body: TrackingSummarySchema, sample: (w) => w.admin.get('/api/tracking/summary?days=30') },
};

/** The route key of each route of `routes` that has no row in {@link responseContracts}. */
export function routesWithoutContract(routes: ReadonlyArray<Pick<RouteDefinition, 'method' | 'path'>>): string[] {
  return routes.map(routeKey).filter((key) => !Object.hasOwn(responseContracts, key));
}

/** What breaks `schema` in `text` read as JSON, one line per issue (`path: what broke`). */
function jsonIssues(schema: z.ZodMiniType, text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ['a body that is not JSON, under a JSON content type'];
  }
  const parsed = z.safeParse(schema, value);
  return parsed.success ? [] : issueLines(parsed.error.issues);
}

/**
 * How a handler's answer breaks its route's contract; empty when it keeps it. A 2xx JSON body is
 * parsed with the row's schema, any other 2xx must be the type the row names, a 204 or 304 has no
 * body, and an error (4xx, 5xx) carries the API's error body (`@app/contracts/errors`).
 */
export function contractProblems(route: Pick<RouteDefinition, 'method' | 'path'>, result: APIGatewayProxyStructuredResultV2): string[] {
  const contract = responseContracts[routeKey(route)];
  if (!contract) return [`${routeKey(route)} has no row in functions/test/response-contracts.ts`];
  const status = result.statusCode ?? 200;
  const body = result.body ?? '';
  if (status === 204 || status === 304) return body === '' ? [] : [`a ${status} with a body`];
  const type = String(result.headers?.['content-type'] ?? '');
  const isJson = /^application\/json\b/.test(type);
  if (status >= 400 && contract.pageErrors && !('_zod' in contract.body) && type.startsWith(contract.body.contentType)) return [];
  if (status >= 400) return isJson ? jsonIssues(ErrorBodySchema, body) : [`a ${status} answer of type '${type}', not the API's JSON error body`];
  const schema = '_zod' in contract.body ? contract.body : undefined;
  const declared = schema ? 'application/json' : (contract.body as { contentType: string }).contentType;
  if (isJson) return schema ? jsonIssues(schema, body) : [`a JSON answer, where the contract says ${declared}`];
  return [declared, contract.alsoServes].some((t) => t && type.startsWith(t))
    ? []
    : [`a ${status} answer of type '${type}'; the contract says ${[declared, contract.alsoServes].filter(Boolean).join(' or ')}`];
}
