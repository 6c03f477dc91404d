import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../src/routes.ts';
import { createLocalServer, MAX_BODY_BYTES, pathOf, type HttpHandler } from './server.ts';

const routes: RouteDefinition[] = [
  { method: 'POST', path: '/api/echo', handler: 'echo', auth: 'public', access: 'read' },
  { method: 'POST', path: '/api/raw', handler: 'echo', auth: 'public', access: 'read', rawBody: true },
  { method: 'GET', path: '/api/items/{id}', handler: 'echo', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/throws', handler: 'throws', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/cookies', handler: 'cookies', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/cached', handler: 'cached', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/hangs', handler: 'hangs', auth: 'public', access: 'read' },
  { method: 'GET', path: '/teams/{slug}', handler: 'page', auth: 'public', access: 'read', cdn: 'shared' },
];

/** A cached read's answer: the same frozen object on every request (platform/http/cache-control.ts). */
const cachedText = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, team: `Team ${i}` })));
const cachedAnswer = Object.freeze({
  statusCode: 200,
  headers: Object.freeze({ 'Content-Type': 'application/json', etag: '"v1"', 'cache-control': 'public, max-age=10' }),
  body: cachedText,
});

/** Echoes the event it received, as base64 when asked, so the test can compare bytes. */
const handlers: Record<string, HttpHandler> = {
  echo: async (event: APIGatewayProxyEventV2) => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) }),
  /** A page about one thing: its function answers the shell, 404 for an unknown id. */
  page: async (event: APIGatewayProxyEventV2) => ({
    statusCode: event.pathParameters?.slug === 'kestrel-bay' ? 200 : 404,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><title>Page ${event.rawPath}</title>`,
  }),
  throws: async () => {
    throw new Error('boom');
  },
  cached: async () => cachedAnswer,
  hangs: () => new Promise(() => {}),
  cookies: async () => ({
    statusCode: 200,
    headers: { 'content-type': 'application/octet-stream', 'x-multi': 'a, b' },
    cookies: ['sid=abc; Path=/; HttpOnly; SameSite=Lax', 'theme=dark; Path=/'],
    body: Buffer.from([0, 1, 2, 255]).toString('base64'),
    isBase64Encoded: true,
  }),
};

let base: string;
let server: ReturnType<typeof createLocalServer>;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Landing</title>');
  writeFileSync(join(dist, 'predictions.html'), '<!doctype html><title>Predictions</title>');
  writeFileSync(join(dist, 'leagues.html'), '<!doctype html><title>Leagues</title>');
  writeFileSync(join(dist, 'match.html'), '<!doctype html><title>Match</title>');
  writeFileSync(join(dist, 'team.html'), '<!doctype html><title>Team</title>');
  writeFileSync(join(dist, 'app.html'), '<!doctype html><title>SPA</title>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  server = createLocalServer({ routes, webDist: dist, loadHandler: async (r) => handlers[r.handler]! });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A raw HTTP request, so repeated headers and exact bytes are under our control. */
function send(method: string, path: string, headers: [string, string][] = [], body?: Buffer) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const flat = [['host', new URL(base).host], ...headers].flat();
    const req = request(`${base}${path}`, { method, headers: flat as unknown as Record<string, string> }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const eventOf = (r: { body: Buffer }) => JSON.parse(r.body.toString()) as APIGatewayProxyEventV2;

describe('local server: request -> API Gateway v2 event', () => {
  it('puts cookies in cookies[] and joins repeated headers with commas', async () => {
    const res = await send(
      'POST',
      '/api/echo',
      [
        ['cookie', 'sid=abc; theme=dark'],
        ['x-forwarded-for', '1.1.1.1'],
        ['x-forwarded-for', '2.2.2.2'],
        ['content-type', 'application/json'],
      ],
      Buffer.from('{"a":1}'),
    );
    const event = eventOf(res);
    expect(event.cookies).toEqual(['sid=abc', 'theme=dark']);
    expect(event.headers.cookie).toBeUndefined();
    expect(event.headers['x-forwarded-for']).toBe('1.1.1.1,2.2.2.2');
    expect(event.body).toBe('{"a":1}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.routeKey).toBe('POST /api/echo');
    expect(event.requestContext).toMatchObject({ http: { method: 'POST', path: '/api/echo', sourceIp: '127.0.0.1' }, stage: '$default' });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the raw query string and joins repeated parameters', async () => {
    const event = eventOf(await send('GET', '/api/items/a%20b?days=7&tag=x&tag=y&q=caf%C3%A9'));
    expect(event.rawPath).toBe('/api/items/a%20b');
    expect(event.rawQueryString).toBe('days=7&tag=x&tag=y&q=caf%C3%A9');
    expect(event.queryStringParameters).toEqual({ days: '7', tag: 'x,y', q: 'café' });
    expect(event.pathParameters).toEqual({ id: 'a b' });
  });

  it('passes a binary body as base64 with its exact bytes', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const event = eventOf(await send('POST', '/api/echo', [['content-type', 'application/octet-stream']], bytes));
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64').equals(bytes)).toBe(true);
  });

  it('always base64-encodes the body of a raw-body route (signed webhooks)', async () => {
    const payload = Buffer.from('{"id":"evt_1",\r\n "x": "é"}');
    const event = eventOf(await send('POST', '/api/raw', [['content-type', 'application/json']], payload));
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64').equals(payload)).toBe(true);
  });
});

describe('local server: handler result -> HTTP response', () => {
  it('writes status, headers, every cookie and a base64 body back exactly', async () => {
    const res = await send('GET', '/api/cookies');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual(['sid=abc; Path=/; HttpOnly; SameSite=Lax', 'theme=dark; Path=/']);
    expect(res.headers['x-multi']).toBe('a, b');
    expect([...res.body]).toEqual([0, 1, 2, 255]);
  });

  it('answers an unknown /api route with a 404 JSON body', async () => {
    const res = await send('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'not_found' });
  });

  it('writes a frozen answer (a cached read) the same each time, compressed as each request accepts', async () => {
    const br = await send('GET', '/api/cached', [['accept-encoding', 'gzip, br']]);
    const plain = await send('GET', '/api/cached');
    const gzip = await send('GET', '/api/cached', [['accept-encoding', 'gzip']]);
    const brAgain = await send('GET', '/api/cached', [['accept-encoding', 'br']]);
    expect([br, plain, gzip, brAgain].map((r) => r.headers['content-encoding'])).toEqual(['br', undefined, 'gzip', 'br']);
    expect(brotliDecompressSync(br.body).toString()).toBe(cachedText);
    expect(gunzipSync(gzip.body).toString()).toBe(cachedText);
    expect(plain.body.toString()).toBe(cachedText);
    expect(brAgain.body.equals(br.body)).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    for (const r of [br, plain, gzip]) {
      expect(r.headers).toMatchObject({ 'content-type': 'application/json', etag: '"v1"', vary: 'accept-encoding', 'x-content-type-options': 'nosniff' });
    }
  });

  it('answers 503 when a function runs past its time limit, like API Gateway', async () => {
    const slow = createLocalServer({ routes, loadHandler: async (r) => handlers[r.handler]!, timeoutMs: 50 });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/api/hangs`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: 'Service Unavailable' });
    } finally {
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });

  it('answers 500 when a function fails outside its middleware, like API Gateway', async () => {
    const res = await send('GET', '/api/throws');
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body.toString())).toEqual({ message: 'Internal Server Error' });
  });
});

describe('local server: limits', () => {
  it('answers a body over 10 MB with 413, never 500, whether its length is declared or streamed', async () => {
    const over = Buffer.alloc(MAX_BODY_BYTES + 1, 0x61);
    const declared = await send(
      'POST',
      '/api/echo',
      [
        ['content-type', 'application/json'],
        ['content-length', String(over.length)],
      ],
      over,
    );
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body.toString())).toEqual({ message: 'Request body is larger than 10 MB' });
    const streamed = await send(
      'POST',
      '/api/echo',
      [
        ['content-type', 'application/json'],
        ['transfer-encoding', 'chunked'],
      ],
      over,
    );
    expect(streamed.status).toBe(413);
    // The server goes on serving.
    expect((await send('POST', '/api/echo', [['content-type', 'application/json']], Buffer.from('{}'))).status).toBe(200);
  });
});

describe('local server: the SPA', () => {
  it('serves files from web/dist, the prerendered pages (one for every match, every team), and the app shell for other client routes', async () => {
    const asset = await send('GET', '/assets/app-123.js');
    expect(asset.body.toString()).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await send('GET', '/pricing');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>SPA</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await send('GET', '/')).body.toString()).toContain('<title>Landing</title>');
    expect((await send('GET', '/predictions')).body.toString()).toContain('<title>Predictions</title>');
    expect((await send('GET', '/predictions/')).body.toString()).toContain('<title>SPA</title>');
    expect((await send('GET', '/predictions/fx-2026-03-14')).body.toString()).toContain('<title>Match</title>');
    expect((await send('GET', '/teams/kestrel-bay/')).body.toString()).toContain('<title>Team</title>');
  });

  it('answers a path that is no page with 404 and the app shell (its router shows the not-found page); /api keeps its JSON 404', async () => {
    for (const path of ['/no-such-page', '/some/page', '/admin', '/predictions/a/b']) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('<title>SPA</title>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect((await send('GET', '/Results/')).status).toBe(200);
    const api = await send('GET', '/api/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('sends a page path that a function serves (a team page) to that function, as CloudFront sends it to the API, with its status', async () => {
    const known = await send('GET', '/teams/kestrel-bay');
    expect(known.status).toBe(200);
    expect(known.body.toString()).toContain('<title>Page /teams/kestrel-bay</title>');
    expect(known.headers['content-security-policy']).toContain("script-src 'self'");
    const unknown = await send('GET', '/teams/no-such-team');
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).toContain('<title>Page /teams/no-such-team</title>');
    // The list page itself is not the function's: its prerendered page answers it.
    expect((await send('GET', '/leagues')).body.toString()).toContain('<title>Leagues</title>');
  });

  it('does not serve a missing asset as the SPA, nor escape web/dist', async () => {
    expect((await send('GET', '/assets/missing.js')).status).toBe(404);
    const traversal = await send('GET', '/../../etc/passwd');
    expect(traversal.body.toString()).not.toContain('root:');
  });
});

describe('pathOf', () => {
  it('gives the path WHATWG URL parsing gives, parsing only what is not a plain path', () => {
    for (const url of [
      '/api/predictions',
      '/api/predictions?x=1',
      '/',
      '/assets/a-b_c.js',
      '/a/~b',
      '/api/x%20y',
      '/a/../b',
      '/a/./b',
      '//evil/x',
      '/.well-known/x',
      '/a\\b',
      '/api/teams/ÄÖ',
      '/a b',
      '/a#b',
      '/a/..',
    ])
      expect(pathOf(url), url).toBe(new URL(url, 'http://local').pathname);
  });
});
