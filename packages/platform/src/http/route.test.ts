import { apiGatewayEvent } from '@app/events/samples';
import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ConflictError, RateLimitedError } from '@app/core/errors';
import type { SecurityEvent } from '@app/core/security/events';
import type { Viewer } from '@app/core/account/viewer';
import { currentCorrelationId } from '../correlation.ts';
import { logger } from '../logger.ts';
import { json } from './response.ts';
import { serialise } from './cache-control.ts';
import { createHttpRoute } from './route.ts';

const context = { awsRequestId: 'ctx-id', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const ORIGIN = 'http://localhost:3000';

const admin: Viewer = { userId: 'a', email: 'a@example.com', role: 'admin', subscriptionStatus: 'free' };
const user: Viewer = { ...admin, role: 'user' };

const { httpRoute, rawRoute } = createHttpRoute({
  deps: () => ({ sessions: { sid1: user, sid2: admin } as Record<string, Viewer> }),
  resolvePrincipal: async (cookies, deps) => deps.sessions[cookies.sid ?? ''] ?? null,
  viewerOf: (v: Viewer) => v,
  allowedOrigins: () => [ORIGIN],
});

const echo = httpRoute({ auth: 'public', body: z.object({ odds: z.number().check(z.gt(1)), name: z.string() }) }, async ({ body }) => json({ received: body }));

const post = (body: string | object, headers: Record<string, string> = { origin: ORIGIN }) =>
  echo(apiGatewayEvent({ method: 'POST', path: '/api/echo', body, headers: { 'content-type': 'application/json', ...headers } }), context);

const parse = (r: { body?: string }) => JSON.parse(r.body ?? 'null');

describe('httpRoute', () => {
  it("makes the request's id the correlation id of everything the handler does", async () => {
    // Prepare
    const seen: Array<string | undefined> = [];
    const route = httpRoute({ auth: 'public' }, async ({ requestId }) => {
      seen.push(currentCorrelationId(), requestId);
      return json({});
    });

    // Act
    await route(apiGatewayEvent({ method: 'GET', path: '/api/x' }), context);

    // Assess
    expect(seen[0]).toBeDefined();
    expect(seen[0]).toBe(seen[1]);
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('passes a valid JSON body to the handler', async () => {
    const res = await post({ odds: 2.5, name: 'x' });
    expect(res.statusCode).toBe(200);
    expect(parse(res)).toEqual({ received: { odds: 2.5, name: 'x' } });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await post('{"odds": 2.5,');
    expect(res.statusCode).toBe(400);
    expect(parse(res)).toEqual({ error: 'malformed_json', message: 'Request body is not valid JSON' });
  });

  it('answers a body that breaks the contract with 400 and field errors', async () => {
    const res = await post({ odds: 1, name: 7 });
    expect(res.statusCode).toBe(400);
    const body = parse(res);
    expect(body.error).toBe('validation');
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['name', 'odds']);
  });

  it('refuses an unsafe request from a foreign origin or a cross-site fetch', async () => {
    expect((await post({ odds: 2, name: 'x' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ odds: 2, name: 'x' }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('CSRF: refuses Origin: null on every unsafe request, an empty body and a same-origin Sec-Fetch-Site included', async () => {
    for (const headers of [{ origin: 'null' }, { origin: 'null', 'sec-fetch-site': 'same-origin' }] as Record<string, string>[]) {
      const emptyBody = await echo(apiGatewayEvent({ method: 'POST', path: '/api/echo', headers }), context);
      expect(emptyBody.statusCode).toBe(403);
      expect((await post({ odds: 2, name: 'x' }, { ...headers, 'content-type': 'application/json' })).statusCode).toBe(403);
    }
  });

  it('a body-less unsafe request from our own origin is accepted (what the site sends for logout, cancel, delete, the jobs); a missing or foreign origin is still refused', async () => {
    const empty = (headers: Record<string, string>) => echo(apiGatewayEvent({ method: 'POST', path: '/api/echo', headers }), context);
    // The site's own client: no body, no Content-Type, no extra header.
    for (const headers of [{ origin: ORIGIN }, { 'sec-fetch-site': 'same-origin' }, { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }] as Record<
      string,
      string
    >[]) {
      expect((await empty(headers)).statusCode, JSON.stringify(headers)).not.toBe(403);
    }
    // A foreign or opaque origin, or a cross-site fetch: refused, body or not.
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ] as Record<string, string>[]) {
      expect((await empty(headers)).statusCode, JSON.stringify(headers)).toBe(403);
    }
    // No origin at all (no Origin, no same-origin mark): refused unless a non-browser client says so.
    for (const headers of [{}, { 'sec-fetch-site': 'none' }, { 'x-requested-with': ' ' }, { 'content-type': 'text/plain' }] as Record<string, string>[]) {
      const res = await empty(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(String(res.body)).message).toBe(
        'A request that changes something must come from our own origin, or send Content-Type: application/json or X-Requested-With',
      );
    }
    expect((await empty({ 'x-requested-with': 'curl' })).statusCode).not.toBe(403);
    expect((await empty({ 'content-type': 'application/json' })).statusCode).not.toBe(403);
    // A body that is not JSON stays 415, from our own origin too.
    const text = await echo(
      apiGatewayEvent({ method: 'POST', path: '/api/echo', body: 'odds=2', headers: { origin: ORIGIN, 'content-type': 'text/plain' } }),
      context,
    );
    expect(text.statusCode).toBe(415);
    // A read needs nothing.
    expect((await echo(apiGatewayEvent({ method: 'GET', path: '/api/echo', headers: {} }), context)).statusCode).not.toBe(403);
  });

  it('refuses a body that is not JSON (what a cross-site form would send)', async () => {
    const res = await echo(
      apiGatewayEvent({ method: 'POST', path: '/api/echo', body: 'odds=2', headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' } }),
      context,
    );
    expect(res.statusCode).toBe(415);
  });

  it('maps domain errors to 4xx and keeps their message', async () => {
    const conflict = httpRoute({ auth: 'public' }, async () => {
      throw new ConflictError('Email already registered');
    });
    const limited = httpRoute({ auth: 'public' }, async () => {
      throw new RateLimitedError('Too many attempts', 61.2);
    });
    const c = await conflict(apiGatewayEvent(), context);
    expect(c.statusCode).toBe(409);
    expect(parse(c)).toEqual({ error: 'conflict', message: 'Email already registered' });
    const l = await limited(apiGatewayEvent(), context);
    expect(l.statusCode).toBe(429);
    expect(l.headers?.['retry-after']).toBe('62');
  });

  it('turns an unexpected error into a 500 carrying only the request id', async () => {
    const boom = httpRoute({ auth: 'public' }, async () => {
      throw new Error('secret table name leaked in a stack trace');
    });
    const event = apiGatewayEvent();
    const res = await boom(event, context);
    expect(res.statusCode).toBe(500);
    expect(parse(res)).toEqual({ error: 'internal', requestId: event.requestContext.requestId });
  });

  it('enforces the auth level: 401 without a session, 403 without the admin role', async () => {
    const adminOnly = httpRoute({ auth: 'admin' }, async ({ viewer }) => json({ id: viewer?.userId }));
    expect((await adminOnly(apiGatewayEvent(), context)).statusCode).toBe(401);
    expect((await adminOnly(apiGatewayEvent({ cookies: ['sid=sid1'] }), context)).statusCode).toBe(403);
    expect((await adminOnly(apiGatewayEvent({ cookies: ['sid=sid2'] }), context)).statusCode).toBe(200);
  });

  it('validates the query string', async () => {
    const tracking = httpRoute({ auth: 'public', query: z.object({ days: z.enum(['1', '7', '30']) }) }, async ({ query }) => json(query));
    expect((await tracking(apiGatewayEvent({ query: { days: '7' } }), context)).statusCode).toBe(200);
    expect((await tracking(apiGatewayEvent({ query: { days: '9' } }), context)).statusCode).toBe(400);
  });
});

describe('origin verification', () => {
  it('refuses requests without the token CloudFront adds, when one is configured', async () => {
    const guarded = createHttpRoute({
      deps: () => ({}),
      resolvePrincipal: async () => null,
      viewerOf: (v: Viewer) => v,
      allowedOrigins: () => [ORIGIN],
      originToken: () => 'cloudfront-only-token-123',
    }).httpRoute({ auth: 'public' }, async () => json({ ok: true }));
    expect((await guarded(apiGatewayEvent(), context)).statusCode).toBe(403);
    expect((await guarded(apiGatewayEvent({ headers: { 'x-origin-verify': 'wrong-token-wrong-123' } }), context)).statusCode).toBe(403);
    expect((await guarded(apiGatewayEvent({ headers: { 'x-origin-verify': 'cloudfront-only-token-123' } }), context)).statusCode).toBe(200);
  });
});

describe('client address and security events', () => {
  function routes(originToken?: string) {
    const events: SecurityEvent[] = [];
    const { httpRoute: route } = createHttpRoute({
      deps: () => ({ sessions: { sid1: user } as Record<string, Viewer> }),
      resolvePrincipal: async (cookies, deps) => deps.sessions[cookies.sid ?? ''] ?? null,
      viewerOf: (v: Viewer) => v,
      allowedOrigins: () => [ORIGIN],
      ...(originToken ? { originToken: () => originToken } : {}),
      security: () => (e) => void events.push(e),
    });
    return { route, events };
  }
  const viewerHeader = { 'cloudfront-viewer-address': '2001:db8:aa:bb::7:443' };

  it('trusts CloudFront-Viewer-Address only on a request that carried the origin-verify token', async () => {
    const direct = routes().route({ auth: 'public' }, async ({ sourceIp }) => json({ sourceIp }));
    const event = apiGatewayEvent({ headers: viewerHeader });
    expect(parse(await direct(event, context)).sourceIp).toBe(event.requestContext.http.sourceIp);
    const behindCloudFront = routes('cloudfront-only-token-123').route({ auth: 'public' }, async ({ sourceIp }) => json({ sourceIp }));
    const viaCloudFront = apiGatewayEvent({ headers: { ...viewerHeader, 'x-origin-verify': 'cloudfront-only-token-123' } });
    expect(parse(await behindCloudFront(viaCloudFront, context)).sourceIp).toBe('2001:db8:aa:bb::7');
  });

  it('logs CSRF refusals, a missing origin token and admin refusals with the request id and client network', async () => {
    const { route, events } = routes('cloudfront-only-token-123');
    const adminOnly = route({ auth: 'admin', body: z.optional(z.object({})) }, async () => json({}));
    const headers = { ...viewerHeader, 'x-origin-verify': 'cloudfront-only-token-123' };
    expect((await adminOnly(apiGatewayEvent({ method: 'POST', headers: { ...headers, origin: 'https://evil.example' } }), context)).statusCode).toBe(403);
    expect((await adminOnly(apiGatewayEvent({ method: 'POST', headers: viewerHeader }), context)).statusCode).toBe(403);
    expect(
      (
        await adminOnly(
          apiGatewayEvent({ method: 'POST', cookies: ['sid=sid1'], headers: { ...headers, origin: ORIGIN, 'x-requested-with': 'fetch' } }),
          context,
        )
      ).statusCode,
    ).toBe(403);
    expect(events.map((e) => [e.type, e.network])).toEqual([
      ['csrf_rejected', '2001:db8:aa:bb::/64'],
      ['origin_rejected', apiGatewayEvent().requestContext.http.sourceIp],
      ['admin_forbidden', '2001:db8:aa:bb::/64'],
    ]);
    expect(events[2]!.userId).toBe('a');
  });
});

describe('rawRoute', () => {
  it('hands over the exact bytes of a base64 body, without CSRF or JSON parsing', async () => {
    const bytes = Buffer.from([0, 255, 10, 13, 0x7b]);
    const raw = rawRoute(async ({ rawBody }) => json({ hex: rawBody.toString('hex') }));
    const res = await raw(apiGatewayEvent({ method: 'POST', path: '/api/stripe/webhook', body: bytes }), context);
    expect(res.statusCode).toBe(200);
    expect(parse(res)).toEqual({ hex: '00ff0a0d7b' });
  });
});

describe('cachedRead', () => {
  const body = { key: 'n@1', value: { n: 1 } };
  const etag = serialise({ n: 1 }).etag;
  const contract = { route: 'GET /api/n', schema: async () => z.strictObject({ n: z.number() }) };
  function reads(options: { originToken?: string; read?: () => Promise<typeof body> } = {}) {
    const calls = { principal: 0, read: [] as Array<Viewer | null> };
    const events: SecurityEvent[] = [];
    const { cachedRead } = createHttpRoute({
      deps: () => ({ sessions: { sid1: { ...user, subscriptionStatus: 'premium' } } as Record<string, Viewer> }),
      resolvePrincipal: async (cookies, deps) => {
        calls.principal += 1;
        return deps.sessions[cookies.sid ?? ''] ?? null;
      },
      viewerOf: (v: Viewer) => v,
      allowedOrigins: () => [ORIGIN],
      ...(options.originToken ? { originToken: () => options.originToken } : {}),
      security: () => (e) => void events.push(e),
    });
    const handler = cachedRead({
      auth: 'viewer',
      varyOnCookie: true,
      contract,
      read: async (viewer) => {
        calls.read.push(viewer);
        return options.read ? options.read() : body;
      },
    });
    return { handler, calls, events };
  }

  it("answers a visitor with the cached body's one prebuilt answer, before any session lookup", async () => {
    // Prepare
    const { handler, calls } = reads();

    // Act
    const first = await handler(apiGatewayEvent(), context);
    const second = await handler(apiGatewayEvent(), context);

    // Assess
    expect(first).toBe(second);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toMatchObject({
      statusCode: 200,
      body: '{"n":1}',
      headers: { etag, vary: 'cookie', 'cache-control': expect.stringMatching(/^public, /) },
    });
    expect(calls).toEqual({ principal: 0, read: [null, null] });
  });

  it('answers 304 without a body when If-None-Match names the tag', async () => {
    const res = await reads().handler(apiGatewayEvent({ headers: { 'if-none-match': `W/${etag}` } }), context);
    expect(res).toMatchObject({ statusCode: 304, headers: { etag } });
    expect(res.body).toBeUndefined();
  });

  it('sends a request with a session cookie through the full stack: its viewer, a private answer', async () => {
    const { handler, calls } = reads();
    const res = await handler(apiGatewayEvent({ cookies: ['sid=sid1'] }), context);
    expect(calls.principal).toBe(1);
    expect(calls.read).toEqual([expect.objectContaining({ userId: 'a', subscriptionStatus: 'premium' })]);
    expect(res.headers?.['cache-control']).toBe('private, no-store');
  });

  it('refuses and logs a request without the origin token, as every route does', async () => {
    const { handler, calls, events } = reads({ originToken: 'cloudfront-only-token-123' });
    expect((await handler(apiGatewayEvent(), context)).statusCode).toBe(403);
    expect(events.map((e) => e.type)).toEqual(['origin_rejected']);
    expect(calls.read).toEqual([]);
    expect((await handler(apiGatewayEvent({ headers: { 'x-origin-verify': 'cloudfront-only-token-123' } }), context)).statusCode).toBe(200);
  });

  it('maps a failed read to the full stack’s 500 with the request id', async () => {
    const event = apiGatewayEvent();
    const res = await reads({ read: () => Promise.reject(new Error('table gone')) }).handler(event, context);
    expect(res.statusCode).toBe(500);
    expect(parse(res)).toEqual({ error: 'internal', requestId: event.requestContext.requestId });
  });

  it('checks each answer against the route’s contract the first time it is served, and logs a break', async () => {
    // Prepare
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const broken = { key: 'n@2', value: { n: '1' } as unknown as { n: number } };
    const { handler } = reads({ read: async () => broken });

    // Act
    const answers = [await handler(apiGatewayEvent(), context), await handler(apiGatewayEvent(), context)];

    // Assess
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(error.mock.calls).toEqual([['answer outside its response contract', { route: 'GET /api/n', problems: ['n: expected number'] }]]);
    error.mockRestore();
  });
});
