// Integration tests drive the real handlers over HTTP: the local server (the same one `npm start`
// runs) in front of a fresh table in the test run's DynamoDB Local.
import type { SentEmail } from '@app/local/email/local-outbox';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { ScryptPasswordHasher } from '@app/adapters/crypto/scrypt-password-hasher';
import { createTestTable } from '@app/adapters/dynamodb/testing/test-table';
import type { LocalQueue } from '@app/local/local-queue/local-queue';
import { ResponseContractError } from '@app/contracts/response-contract';
import { changeRole } from '@app/core/auth/admin-role';
import type { Clock } from '@app/core/clock';
import { localAdmin } from '../local/local-admin.ts';
import { createLocalServer, type HttpHandler } from '../local/server.ts';
import { importHandler, subscribeConsumers } from '../local/stack.ts';
import { routeKey, type RouteDefinition } from '../src/routes.ts';
import { contractProblems, routesWithoutContract } from './response-contracts.ts';

export const ORIGIN = 'http://localhost:3000';
/** The page file (`/app.html`, `/team.html`, ...) the page routes answer in these tests, naming itself (the real ones come from the site). */
export const testPageHtml = (file: string): string =>
  `<!doctype html><html lang="en"><head><title>${file}</title></head><body><div id="root"></div></body></html>`;
/** Marks the 500 that stands for an answer that broke its contract (the client throws on it). */
const BROKEN_CONTRACT_HEADER = 'x-test-broken-contract';

export interface HttpResponse {
  status: number;
  headers: { get(name: string): string | null; getSetCookie(): string[] };
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

let nextIp = 0;

/**
 * A browser-like client: keeps its cookies, sends our Origin on unsafe requests, and connects
 * from its own loopback address (127.0.x.y), so per-IP rules see distinct clients.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    private readonly baseUrl: string,
    ip?: string,
  ) {
    nextIp += 1;
    this.ip = ip ?? `127.0.${Math.floor(nextIp / 250) % 250}.${(nextIp % 250) + 2}`;
  }

  async request(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; origin?: string | null } = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // The site's origin on the API; the page's own origin (this server) on the local pages, as a browser sends it.
    if (!['GET', 'HEAD'].includes(method) && options.origin !== null) headers.origin = options.origin ?? (path.startsWith('/__local/') ? this.baseUrl : ORIGIN);
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await send(`${this.baseUrl}${path}`, method, headers, body, this.ip);
    if (res.headers.get(BROKEN_CONTRACT_HEADER)) throw new ResponseContractError((JSON.parse(res.text) as { message: string }).message);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (attrs.some((a) => /max-age=0$/i.test(a.trim()))) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      json = undefined;
    }
    return { ...res, json };
  }

  get = (path: string, options?: Parameters<TestClient['request']>[2]) => this.request('GET', path, options);
  post = (path: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) => this.request('POST', path, { ...options, body });
}

function send(url: string, method: string, headers: Record<string, string>, body: string | undefined, localAddress: string) {
  return new Promise<Omit<HttpResponse, 'json'>>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = res.headers;
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          headers: {
            get: (name) => {
              const v = raw[name.toLowerCase()];
              return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
            },
            getSetCookie: () => raw['set-cookie'] ?? [],
          },
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `handler` with every answer checked against its route's response contract
 * (response-contracts.ts): an answer that keeps it is recorded in `checked` (route key -> the
 * statuses seen) and passed on; one that breaks it becomes a marked 500 that the test's client
 * throws on, naming the route and what broke.
 */
function keepingContract(route: RouteDefinition, handler: HttpHandler, checked: Map<string, number[]>): HttpHandler {
  return async (event, context) => {
    const result = await handler(event, context);
    const answer = result as APIGatewayProxyStructuredResultV2;
    const problems = typeof answer === 'object' && 'statusCode' in answer ? contractProblems(route, answer) : ['an answer that is not a structured result'];
    const status = answer.statusCode ?? 200;
    if (!problems.length) {
      checked.set(routeKey(route), [...(checked.get(routeKey(route)) ?? []), status]);
      return result;
    }
    const message = `${routeKey(route)} answered ${status} outside its contract: ${problems.join('; ')}`;
    return {
      statusCode: 500,
      headers: { 'content-type': 'application/json', [BROKEN_CONTRACT_HEADER]: '1' },
      body: JSON.stringify({ error: 'broken_contract', message }),
    };
  };
}

/**
 * The harness hashes passwords at 2^12 (10 ms here) instead of OWASP's 2^17 (390 ms): the auth
 * tests sign up and sign in hundreds of times (docs/decisions/0272-test-stacks-hash-passwords-cheaper.md).
 */
const TEST_SCRYPT_LOG_N = 12;

/** A test file's base (its table, environment, clock and the local stand-ins), and what the tests reach of the composition on it. */
async function composeForTests(table: { tableName: string; endpoint: string }, env: Record<string, string>, clock: Clock | undefined) {
  Object.assign(process.env, {
    STAGE: 'local',
    APP_ORIGIN: ORIGIN,
    TABLE_NAME: table.tableName,
    DYNAMODB_ENDPOINT: table.endpoint,
    QUEUE_DRIVER: 'local',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    STRIPE_WEBHOOK_SECRET: 'whsec_local_test',
    READ_CACHE_SECONDS: '0',
    ...env,
  });
  const { localBase, localQueue } = await import('../local/adapters.ts');
  // The test's root: the local stand-ins, the test's clock, and (no web build here) a stand-in app shell for the page routes.
  const base = localBase({ ...(clock ? { clock } : {}), pageHtml: async (file) => testPageHtml(file), scryptLogN: TEST_SCRYPT_LOG_N });
  const { buildUsers, securityLog } = await import('../src/composition/auth.ts');
  const { buildPaymentGateway } = await import('../src/composition/billing.ts');
  const { buildJobs, buildLeagues } = await import('../src/composition/pipeline.ts');
  const { buildMessageQueue } = await import('../src/composition/queues.ts');
  const { buildContactMessages, buildEmailSuppressions, buildUndeliveredEmails } = await import('../src/composition/email.ts');
  const { buildForecastQuality, buildLedgerSealer, buildTrackRecordViews } = await import('../src/composition/track-record.ts');
  /** What the tests reach of the composition, on the test's base. */
  const composition = {
    appClock: base.clock,
    userRepository: async () => buildUsers(base),
    securityLog: () => securityLog(base),
    paymentGateway: () => buildPaymentGateway(base),
    jobService: async () => buildJobs(base),
    leagueRepository: async () => buildLeagues(base),
    messageQueue: async () => buildMessageQueue(base),
    contactMessages: async () => buildContactMessages(base),
    emailSuppressions: async () => buildEmailSuppressions(base),
    undeliveredEmails: async () => buildUndeliveredEmails(base),
    trackRecordViews: async () => buildTrackRecordViews(base),
    ledgerSealer: async () => buildLedgerSealer(base),
    forecastQualityJob: async () => buildForecastQuality(base),
  };
  return { base, composition, queue: () => localQueue(base) };
}

type Composition = Awaited<ReturnType<typeof composeForTests>>['composition'];

/** The ways a test reaches an account: a signed-in user, a subscriber, an admin, and the emails they get. */
function accounts(url: string, composition: Composition, queue: LocalQueue) {
  /** The operator path (`npm run admin -- grant`): the only way to an admin account. */
  const grantAdmin = async (email: string) =>
    changeRole(await composition.userRepository(), email, 'admin', {
      log: await composition.securityLog(),
      actor: 'test',
      origin: 'http-harness',
      clock: composition.appClock,
      newId: ulid,
    });
  /** Delivers the queued email requests, then reads the local outbox (`GET /__local/mail.json`, newest first) as a person would. */
  const outbox = async (): Promise<SentEmail[]> => {
    await queue.drain();
    const res = await new TestClient(url).get('/__local/mail.json');
    if (res.status !== 200) throw new Error(`/__local/mail.json answered ${res.status}: ${res.text}`);
    return res.json as SentEmail[];
  };
  /** The token of the newest email to `address` that links to `path` (e.g. '/verify-email'). */
  const emailToken = async (address: string, path: string): Promise<string> => {
    const mail = (await outbox()).find((m) => m.to === address && m.text.includes(`${path}?token=`));
    if (!mail) throw new Error(`No email to ${address} with a ${path} link`);
    return tokenIn(mail, path);
  };
  let passwordHash: Promise<string> | undefined;
  /**
   * Signs `client` in to a new confirmed account (email and password PASSWORD): the account is
   * stored as sign-up and its emailed link leave it (the hash computed once per file, so a test
   * pays one scrypt per sign-in, as before confirmation was needed), then signed in over HTTP.
   * The sign-up flow itself has its own tests (auth.int.test.ts, recovery.int.test.ts).
   */
  const signIn = async (client: TestClient, email = uniqueEmail()): Promise<{ email: string; userId: string }> => {
    passwordHash ??= new ScryptPasswordHasher(TEST_SCRYPT_LOG_N).hash(PASSWORD);
    const now = composition.appClock.now().toISOString();
    const userId = ulid();
    await (
      await composition.userRepository()
    ).create({ id: userId, email, passwordHash: await passwordHash, role: 'user', createdAt: now, emailVerifiedAt: now, subscriptions: {} });
    const res = await client.post('/api/auth/login', { email, password: PASSWORD });
    if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${res.text}`);
    return { email, userId };
  };
  /** A signed-in client's way through the test-mode checkout: pays, then the answer of `POST /api/stripe/verify-session`. */
  const subscribe = async (client: TestClient): Promise<HttpResponse> => {
    const { url: checkout } = (await client.post('/api/stripe/create-checkout-session')).json as { url: string };
    const paid = await client.request('POST', `${new URL(checkout).pathname}/pay`);
    return client.post('/api/stripe/verify-session', { sessionId: new URL(paid.headers.get('location')!).searchParams.get('session_id')! });
  };
  return {
    outbox,
    emailToken,
    signIn,
    subscribe,
    grantAdmin,
    /** A signed-in subscriber: signed in, then through the test-mode checkout and its verification. */
    premiumClient: async (): Promise<TestClient> => {
      const client = new TestClient(url);
      await signIn(client, uniqueEmail('premium'));
      const verified = await subscribe(client);
      if (verified.json?.user?.subscriptionStatus !== 'premium') throw new Error(`checkout did not make a premium user: ${verified.text}`);
      return client;
    },
    /** A signed-in admin: signed in like anyone, then granted the role by the operator path. */
    adminClient: async (email = uniqueEmail('admin')): Promise<TestClient> => {
      const client = new TestClient(url);
      await signIn(client, email);
      await grantAdmin(email);
      return client;
    },
  };
}

/**
 * Starts the routes of routes.ts behind the local server, configured for a fresh table. Call
 * once per test file (the configuration read from the environment is cached per file in Vitest). Every answer is checked
 * against its route's response contract (`contractChecks` records those that kept it);
 * `spliceHandler` stands a changed handler in for a route's real one.
 */
export async function startHttpStack(
  env: Record<string, string> = {},
  options: { clock?: Clock; spliceHandler?: (route: RouteDefinition, handler: HttpHandler) => HttpHandler } = {},
) {
  const table = await createTestTable();
  const { base, composition, queue: localQueue } = await composeForTests(table, env, options.clock);
  const { routes, consumers, deadLetterConsumer } = await import('../src/routes.ts');
  const uncovered = routesWithoutContract(routes);
  if (uncovered.length) throw new ResponseContractError(`No response contract for ${uncovered.join(', ')}: add a row to functions/test/response-contracts.ts`);
  const contractChecks = new Map<string, number[]>();
  // The queue consumers are subscribed but not polling: tests deliver with `queue.drain()`.
  const queue = localQueue();
  await subscribeConsumers(base, queue, consumers, deadLetterConsumer);
  let port = 0;
  const server = createLocalServer({
    routes,
    loadHandler: async (route) => {
      const handler = await importHandler<HttpHandler>(route.handler, base);
      return keepingContract(route, options.spliceHandler?.(route, handler) ?? handler, contractChecks);
    },
    extra: localAdmin({ base, queue, selfUrl: () => `http://127.0.0.1:${port}` }),
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    table,
    base,
    composition,
    queue,
    contractChecks,
    client: (ip?: string) => new TestClient(url, ip),
    ...accounts(url, composition, queue),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The token of the `path` link in an email's text. */
export function tokenIn(mail: SentEmail, path: string): string {
  const match = new RegExp(`${path}\\?token=([\\w.%-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in "${mail.text}"`);
  return decodeURIComponent(match[1]!);
}

let counter = 0;
/** A unique email per call, so tests in one file do not collide. */
export const uniqueEmail = (name = 'user') => `${name}.${randomBytes(4).toString('hex')}.${++counter}@example.com`;
export const PASSWORD = 'correct horse battery';
/** The sign-up box: 18 or older, the Terms accepted. */
export const TERMS = { acceptTerms: true, confirmAge: true } as const;
