import middy from '@middy/core';
import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { Viewer } from '@app/core/account/viewer';
import { ForbiddenError, UnauthorizedError } from '@app/core/errors';
import type { SecurityEventType, SecurityLog } from '@app/core/security/events';
import { clientNetwork } from '@app/core/security/network';
import { withRequestContext } from '../security-log.ts';
import { memoAsync } from '../memo.ts';
import { logger } from '../logger.ts';
import { parseCookies } from './cookies.ts';
import { assertSameOrigin } from './csrf.ts';
import { errorResponse, HttpError } from './errors.ts';
import type { HttpResult } from './response.ts';
import { contractCheck } from './contract-check.ts';
import { keyedAnswers } from './keyed-answers.ts';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { withCorrelationId } from '../correlation.ts';
import { buildAreas, type Areas, type Bindable, type Built, type NoAreas } from '../areas.ts';

export type { Areas, Bindable, Built, NoAreas } from '../areas.ts';

/** Who may call a route. `viewer`: anyone, with the viewer resolved when there is a session. */
export type AuthLevel = 'public' | 'viewer' | 'user' | 'admin';

type Schema = z.ZodMiniType;
type Out<S> = S extends Schema ? z.infer<S> : undefined;

export interface RouteOptions<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined, U = NoAreas> {
  auth: AuthLevel;
  body?: B;
  query?: Q;
  params?: P;
  /** The areas the handler uses (see `Areas`). */
  areas?: U;
}

export interface RouteRequest<B, Q, P, Principal> {
  body: B;
  query: Q;
  params: P;
  /** Who is asking (null for a visitor or when the route is public). */
  viewer: Viewer | null;
  /** The resolved session behind `viewer`, as the app's resolver returned it. */
  principal: Principal | null;
  cookies: Record<string, string>;
  event: APIGatewayProxyEventV2;
  requestId: string;
  sourceIp: string;
}

export interface RawRequest {
  /** The exact bytes of the body (base64 decoded when the event says so). */
  rawBody: Buffer;
  event: APIGatewayProxyEventV2;
  requestId: string;
}

export interface HttpRouteFactoryOptions<Deps, Principal> {
  /** Builds (once per cold start) the dependencies handed to every route, unless a handler is put `on` others. */
  deps: () => Deps | Promise<Deps>;
  /** Resolves the session from the request's cookies; null when there is no valid session. */
  resolvePrincipal: (cookies: Record<string, string>, deps: Deps, event: APIGatewayProxyEventV2) => Promise<Principal | null>;
  viewerOf: (principal: Principal) => Viewer;
  /** Origins allowed to send unsafe requests (CSRF). */
  allowedOrigins: (deps: Deps) => string[];
  /** When set, every request must carry it in `x-origin-verify` (added by CloudFront). */
  originToken?: (deps: Deps) => string | undefined | Promise<string | undefined>;
  /** Where refusals (foreign origin, missing origin token, admin-only) are logged. */
  security?: (deps: Deps) => SecurityLog | Promise<SecurityLog>;
}

type Handler = middy.MiddyfiedHandler<APIGatewayProxyEventV2, HttpResult, Error, Context>;
/** A Lambda handler of a cached public read: its fast path, in front of a full `httpRoute` stack. */
export type CachedReadHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

const headerNormalizer = (): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  before: ({ event }) => {
    const lowered: Record<string, string> = {};
    for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) lowered[k.toLowerCase()] = v;
    event.headers = lowered;
  },
});

const errorMapper = (): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> => ({
  onError: (request) => {
    request.response = errorResponse(request.error, requestIdOf(request.event, request.context));
  },
});

/** Whether the request carries CloudFront's origin-verify token (always, when no token is configured). */
function cameThroughCloudFront(event: APIGatewayProxyEventV2, token: string | undefined): boolean {
  if (!token) return true;
  const sent = Buffer.from(event.headers?.['x-origin-verify'] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

function assertThroughCloudFront(event: APIGatewayProxyEventV2, token: string | undefined): void {
  if (!cameThroughCloudFront(event, token)) throw new HttpError(403, 'forbidden', 'Direct access to the API is not allowed');
}

function requestIdOf(event: APIGatewayProxyEventV2, context?: Context): string {
  return event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
}

/**
 * The caller's IP. Behind CloudFront the API sees an edge address, so the viewer's address comes
 * from `CloudFront-Viewer-Address`, but only when `throughCloudFront` (the request carried the
 * origin-verify token, so CloudFront set the header and the client could not); otherwise anyone
 * could pick the address the throttles count by. Else it is the socket's address.
 */
export function clientIp(event: APIGatewayProxyEventV2, throughCloudFront: boolean): string {
  const viewer = throughCloudFront ? event.headers?.['cloudfront-viewer-address'] : undefined;
  if (viewer) {
    const ip = viewer.includes('.') ? viewer.slice(0, viewer.lastIndexOf(':')) : viewer.replace(/:\d+$/, '');
    if (ip) return ip;
  }
  return event.requestContext.http.sourceIp;
}

function decodeBody(event: APIGatewayProxyEventV2): Buffer {
  return Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
}

function issuesOf(error: z.core.$ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

function validate<S extends Schema | undefined>(schema: S, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new HttpError(400, 'validation', `Invalid ${where}`, { issues: issuesOf(result.error) });
  }
  return result.data as Out<S>;
}

interface CachedReadOptions<Deps, U extends Areas<Deps>> {
  auth: 'public' | 'viewer';
  /** The areas `read` uses. */
  areas?: U;
  /** The in-process read cache's value for this viewer, under the key that names it (the same key, the same value). */
  read: (viewer: Viewer | null, areas: Built<U>, deps: Deps) => Promise<{ readonly key: string; readonly value: unknown }>;
  /** The route's response contract, checked once per distinct body (its schema module loads on the first check). */
  contract: { route: string; schema: () => Promise<z.ZodMiniType> };
  varyOnCookie?: boolean;
}

/**
 * A public read that the in-process read cache answers (docs/decisions/0220-cached-reads-before-the-middleware.md).
 * A visitor's request (for `viewer` routes: one without cookies, so no session to resolve) that
 * came through CloudFront is answered with the cached body's prebuilt answer (200, or 304 when
 * `If-None-Match` names its tag) before the middleware: no event parsing, no logging context,
 * no validation, no DynamoDB read while the cache is fresh. Everything else (a session cookie,
 * a missing or wrong origin token, a failed read) goes through `httpRoute`, which answers,
 * refuses and logs as for any route. The read's key decides when its value is serialised, tagged
 * and checked against the route's response contract: once per key and body, not on every read
 * (keyed-answers.ts). The route takes no body, query or path parameters.
 */
function cachedReads<Deps, Principal>(
  factory: HttpRouteFactoryOptions<Deps, Principal>,
  defaultDeps: () => Promise<Deps>,
  fullRoute: (
    getDeps: () => Promise<Deps>,
    auth: 'public' | 'viewer',
    fn: (request: RouteRequest<undefined, undefined, undefined, Principal>, deps: Deps) => Promise<HttpResult>,
  ) => Handler,
) {
  return function cachedRead<U extends Areas<Deps> = NoAreas>(options: CachedReadOptions<Deps, U>): Bindable<CachedReadHandler, Deps> {
    const check = contractCheck(options.contract.route, options.contract.schema);
    const read = async (viewer: Viewer | null, deps: Deps) => options.read(viewer, await buildAreas(options.areas, deps), deps);
    const on = (getDeps: () => Promise<Deps>): CachedReadHandler => {
      const answerOf = keyedAnswers({ check, varyOnCookie: options.varyOnCookie ?? false });
      const answer = async (event: APIGatewayProxyEventV2, value: { readonly key: string; readonly value: unknown }, shared: boolean) =>
        (await answerOf(value)).respond(event, shared);
      const full = fullRoute(getDeps, options.auth, async ({ viewer, event }, deps) => answer(event, await read(viewer, deps), viewer === null));
      return async (event, context) => {
        if (options.auth !== 'public' && event.cookies?.length) return full(event, context);
        try {
          const deps = await getDeps();
          if (!cameThroughCloudFront(event, await factory.originToken?.(deps))) return full(event, context);
          return await answer(event, await read(null, deps), true);
        } catch {
          // The full stack reads again and maps the failure to its answer, logged with the request id.
          return full(event, context);
        }
      };
    };
    return Object.assign(on(defaultDeps), { on: (deps: Deps) => on(async () => deps) });
  };
}

/** Runs the checks that come before a handler, logging a refusal as a security event. */
function refusalLogger<Deps, Principal>(factory: HttpRouteFactoryOptions<Deps, Principal>) {
  return async function refusalLogged<T>(deps: Deps, type: SecurityEventType, network: string, check: () => T): Promise<T> {
    try {
      return check();
    } catch (error) {
      (await factory.security?.(deps))?.({ type, network, ...(error instanceof Error ? { detail: { reason: error.message } } : {}) });
      throw error;
    }
  };
}

/** What every HTTP handler runs inside: the Lambda context in each log line, lower-case headers, errors as JSON. */
const httpMiddleware = () =>
  middy<APIGatewayProxyEventV2, HttpResult, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(headerNormalizer())
    .use(errorMapper());

/** `rawRoute`: the handler gets the exact raw bytes; no body parsing, no CSRF. */
function rawRoutes<Deps, Principal>(factory: HttpRouteFactoryOptions<Deps, Principal>, defaultDeps: () => Promise<Deps>) {
  const refusalLogged = refusalLogger(factory);
  function rawRoute(fn: (request: RawRequest, deps: Deps) => Promise<HttpResult>): Bindable<Handler, Deps>;
  function rawRoute<U extends Areas<Deps>>(
    options: { areas: U },
    fn: (request: RawRequest & Built<U>, deps: Deps) => Promise<HttpResult>,
  ): Bindable<Handler, Deps>;
  function rawRoute<U extends Areas<Deps>>(
    first: { areas: U } | ((request: RawRequest, deps: Deps) => Promise<HttpResult>),
    second?: (request: RawRequest & Built<U>, deps: Deps) => Promise<HttpResult>,
  ): Bindable<Handler, Deps> {
    const [areas, fn] =
      typeof first === 'function' ? [undefined, first as (request: RawRequest & Built<U>, deps: Deps) => Promise<HttpResult>] : [first.areas, second!];
    const stack = (getDeps: () => Promise<Deps>) =>
      httpMiddleware().handler(async (event, context) => {
        const deps = await getDeps();
        const token = await factory.originToken?.(deps);
        await refusalLogged(deps, 'origin_rejected', clientNetwork(event.requestContext.http.sourceIp), () => assertThroughCloudFront(event, token));
        const requestId = requestIdOf(event, context);
        logger.appendKeys({ correlation_id: requestId });
        const built = await buildAreas(areas, deps);
        return withCorrelationId(requestId, () => fn({ ...built, rawBody: decodeBody(event), event, requestId }, deps));
      });
    return Object.assign(stack(defaultDeps), { on: (deps: Deps) => stack(async () => deps) });
  }

  return rawRoute;
}

/**
 * Builds the two middy stacks every HTTP handler uses, and the cached reads' fast path in front of the first:
 * - `httpRoute`: header normalisation, CSRF on unsafe methods, JSON body parsing (malformed JSON
 *   is a 400 with a message), zod validation of body/query/path (400 with field errors), the
 *   session -> viewer lookup and auth level, and error mapping (domain errors -> 4xx; anything
 *   else -> 500 with only a request id).
 * - `rawRoute`: for routes that must see the exact raw bytes (the Stripe webhook): no body
 *   parsing, no CSRF (the signature protects it), same error mapping.
 */
export function createHttpRoute<Deps, Principal>(factory: HttpRouteFactoryOptions<Deps, Principal>) {
  const getDeps = memoAsync(factory.deps);

  const refusalLogged = refusalLogger(factory);

  function httpRoute<
    B extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
    U extends Areas<Deps> = NoAreas,
  >(
    options: RouteOptions<B, Q, P, U>,
    fn: (request: RouteRequest<Out<B>, Out<Q>, Out<P>, Principal> & Built<U>, deps: Deps) => Promise<HttpResult>,
  ): Bindable<Handler, Deps> {
    return Object.assign(httpStack(getDeps, options, fn), { on: (deps: Deps) => httpStack(async () => deps, options, fn) });
  }

  function httpStack<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined, U extends Areas<Deps>>(
    getDeps: () => Promise<Deps>,
    options: RouteOptions<B, Q, P, U>,
    fn: (request: RouteRequest<Out<B>, Out<Q>, Out<P>, Principal> & Built<U>, deps: Deps) => Promise<HttpResult>,
  ): Handler {
    return httpMiddleware().handler(async (event, context) => {
      const deps = await getDeps();
      const requestId = requestIdOf(event, context);
      // Every line this request logs, and every queue message it causes, carries its id.
      logger.appendKeys({ correlation_id: requestId });
      const token = await factory.originToken?.(deps);
      // Until the token matched, the only address we know is the socket's.
      await refusalLogged(deps, 'origin_rejected', clientNetwork(event.requestContext.http.sourceIp), () => assertThroughCloudFront(event, token));
      const sourceIp = clientIp(event, Boolean(token));
      const network = clientNetwork(sourceIp);
      return withRequestContext({ requestId, network }, () =>
        withCorrelationId(requestId, async () => {
          await refusalLogged(deps, 'csrf_rejected', network, () => assertSameOrigin(event, factory.allowedOrigins(deps)));
          // Who is asking comes before what they sent: a visitor learns nothing about the contract.
          const cookies = parseCookies(event.cookies);
          const principal = options.auth === 'public' ? null : await factory.resolvePrincipal(cookies, deps, event);
          const viewer = principal ? factory.viewerOf(principal) : null;
          if ((options.auth === 'user' || options.auth === 'admin') && !viewer) throw new UnauthorizedError();
          if (options.auth === 'admin' && viewer?.role !== 'admin') {
            (await factory.security?.(deps))?.({ type: 'admin_forbidden', network, userId: viewer!.userId, detail: { route: event.routeKey } });
            throw new ForbiddenError('Admin role required');
          }
          let parsedBody: unknown = undefined;
          if (options.body) {
            const text = decodeBody(event).toString('utf8');
            if (text.trim() !== '') {
              try {
                parsedBody = JSON.parse(text);
              } catch {
                throw new HttpError(400, 'malformed_json', 'Request body is not valid JSON');
              }
            } else if (!options.body.safeParse(undefined).success) {
              throw new HttpError(400, 'validation', 'Request body is required');
            }
          }
          const body = validate(options.body as B, parsedBody, 'request body');
          const query = validate(options.query as Q, event.queryStringParameters ?? {}, 'query string');
          const params = validate(options.params as P, event.pathParameters ?? {}, 'path');
          logger.debug('request', { requestId, routeKey: event.routeKey });
          const areas = await buildAreas(options.areas, deps);
          return fn({ ...areas, body, query, params, viewer, principal, cookies, event, requestId, sourceIp }, deps);
        }),
      );
    });
  }

  return {
    httpRoute,
    rawRoute: rawRoutes(factory, getDeps),
    cachedRead: cachedReads(factory, getDeps, (deps, auth, fn) => httpStack<undefined, undefined, undefined, NoAreas>(deps, { auth }, fn)),
  };
}
