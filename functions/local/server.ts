import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { routeKey, type RouteDefinition } from '../src/routes.ts';
import { APP_SHELL, htmlForRoute, isSiteRoute } from '../src/web-pages.ts';
import { responseSecurityHeaders } from '../src/security-headers.ts';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;

export interface LocalServerOptions {
  routes: RouteDefinition[];
  /** Returns the `handler` export of a route's module. */
  loadHandler: (route: RouteDefinition) => Promise<HttpHandler>;
  /** The built SPA (web/dist); every non-/api path is served from it with SPA fallback. */
  webDist?: string;
  /** Local-only endpoints, asked for paths under /__local/ only; return true when the request was answered. */
  extra?: (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<boolean>;
  /** API Gateway's integration timeout. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  /** API Gateway's route key, `GET /api/...`. */
  key: string;
  /** The Lambda function's name, as the context gives it. */
  functionName: string;
}

const TEXT_TYPES = /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded)|[^;]*\+(json|xml))/i;

/**
 * The local stand-in for API Gateway (HTTP API, payload v2) and CloudFront: each /api request
 * becomes a v2 event for the handler named in routes.ts, and the handler's result is written
 * back (status, headers, cookies, body); everything else is the built SPA.
 */
export function createLocalServer(options: LocalServerOptions): Server {
  const api = new ApiGatewayStandIn(options);
  const statics = options.webDist ? new StaticFiles(options.webDist) : undefined;

  return createServer(async (req, res) => {
    const started = performance.now();
    let toApi = false;
    try {
      const pathname = pathOf(req.url ?? '/');
      const body = await readBody(req);
      if (options.extra && pathname.startsWith('/__local/') && (await options.extra(req, res, body))) return;
      toApi = api.serves(pathname);
      if (toApi) await api.handle(req, res, body);
      else if (statics) statics.serve(req, res, pathname);
      else sendJson(res, 404, { message: 'Not Found' });
    } catch (error) {
      answerFailure(res, error, options.log);
    } finally {
      if (toApi && options.log) options.log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
    }
  });
}

/**
 * A request's path as WHATWG URL parsing gives it. A plain path (letters, digits, `/-_.~`, no dot
 * segment, no empty one) comes out of the parser as it went in, so it is taken as it is: the parser runs only for
 * the others (escapes, dot segments, backslashes, anything unusual), which it normalises.
 */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (PLAIN_PATH.test(path) && !path.includes('/.') && !path.includes('//')) return path;
  return new URL(url, 'http://local').pathname;
}
const PLAIN_PATH = /^\/[\w\-./~]*$/;

/** The answer to a request the server itself could not serve: a body too large (413), or a failure of ours (500). */
function answerFailure(res: ServerResponse, error: unknown, log: LocalServerOptions['log']): void {
  if (error instanceof PayloadTooLargeError) {
    // What API Gateway answers. The rest of the body is read and dropped (readBody), so the
    // client gets the answer instead of a reset connection.
    if (!res.headersSent) sendJson(res, 413, { message: error.message });
    return;
  }
  log?.(`local server error: ${(error as Error).stack ?? error}`);
  if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
  else res.end();
}

/**
 * API Gateway's part: finds a request's route, turns the request into a v2 event for the route's
 * handler (loaded once), runs it within the route's time limit and writes its result back.
 */
class ApiGatewayStandIn {
  private readonly compiled: CompiledRoute[];
  /** Routes served by a function outside /api (/sitemap.xml, the match, team and league pages), as CloudFront sends them to the API. */
  private readonly rootRoutes: RegExp[];
  private readonly handlers = new Map<RouteDefinition, Promise<HttpHandler>>();
  private readonly timeoutMs: number;
  private readonly deadlines = new Deadlines();

  /** The routes whose path has no parameter, by path (one route per path and method; the first of a path here). */
  private readonly fixedRoutes = new Map<string, CompiledRoute>();

  constructor(private readonly options: LocalServerOptions) {
    this.compiled = options.routes.map(compile);
    for (const c of this.compiled) if (!c.names.length && !this.fixedRoutes.has(c.route.path)) this.fixedRoutes.set(c.route.path, c);
    this.rootRoutes = this.compiled.filter((c) => !c.route.path.startsWith('/api/')).map((c) => c.pattern);
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Whether a path goes to the API, as CloudFront's behaviours send it. */
  serves(pathname: string): boolean {
    return pathname === '/api' || pathname.startsWith('/api/') || this.rootRoutes.some((pattern) => pattern.test(pathname));
  }

  async handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const rawQueryString = q === -1 ? '' : rawUrl.slice(q + 1);
    const method = (req.method ?? 'GET').toUpperCase();
    let pathMatched = false;
    // A path without parameters is found at once; the patterns are tried only for the rest.
    const fixed = this.fixedRoutes.get(rawPath);
    if (fixed && fixed.route.method === method) return this.answer(req, res, fixed, { rawPath, rawQueryString, pathParameters: undefined, body });
    for (const c of this.compiled) {
      const m = c.pattern.exec(rawPath);
      if (!m) continue;
      pathMatched = true;
      if (c.route.method !== method) continue;
      const pathParameters = c.names.length ? Object.fromEntries(c.names.map((n, i) => [n, safeDecode(m[i + 1] ?? '')])) : undefined;
      return this.answer(req, res, c, { rawPath, rawQueryString, pathParameters, body });
    }
    if (pathMatched) return sendJson(res, 405, { message: 'Method Not Allowed' });
    sendJson(res, 404, { error: 'not_found', message: `No API route for ${method} ${rawPath}` });
  }

  private async answer(req: IncomingMessage, res: ServerResponse, c: CompiledRoute, parts: EventParts): Promise<void> {
    const event = toEvent(req, c, parts);
    writeResult(req, res, await this.invoke(await this.loadOnce(c.route), event, c));
  }

  private loadOnce(route: RouteDefinition): Promise<HttpHandler> {
    let p = this.handlers.get(route);
    if (!p) {
      p = this.options.loadHandler(route);
      p.catch(() => this.handlers.delete(route));
      this.handlers.set(route, p);
    }
    return p;
  }

  private invoke(handler: HttpHandler, event: APIGatewayProxyEventV2, c: CompiledRoute): Promise<APIGatewayProxyStructuredResultV2> {
    const deadline = Date.now() + Math.min(this.timeoutMs, (c.route.timeoutSeconds ?? 30) * 1000);
    return new Promise((resolve) => {
      const watch = this.deadlines.add(deadline, resolve);
      let outcome: Promise<APIGatewayProxyStructuredResultV2 | string | object>;
      try {
        outcome = handler(event, new LocalContext(c, event.requestContext.requestId, deadline));
      } catch (error) {
        outcome = Promise.reject(error);
      }
      outcome.then(
        (result) => {
          this.deadlines.end(watch);
          resolve(normaliseResult(result));
        },
        (error: unknown) => {
          this.deadlines.end(watch);
          // What API Gateway answers when the function itself fails.
          this.options.log?.(`handler ${c.route.handler} threw: ${(error as Error).stack ?? error}`);
          resolve({ statusCode: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Internal Server Error' }) });
        },
      );
    });
  }
}

/**
 * The integration timeout of every invocation under way, watched by one timer for all of them
 * (a timer each cost more than a small read's whole handler): an invocation still running at its
 * deadline is answered 503 within a tenth of a second after it.
 */
class Deadlines {
  private readonly pending = new Set<Watch>();
  private timer: NodeJS.Timeout | undefined;

  /** Watches `at`: past it, `expire` gets API Gateway's answer to a function that runs too long (503). */
  add(at: number, expire: (answer: APIGatewayProxyStructuredResultV2) => void): Watch {
    const watch = { at, expire };
    this.pending.add(watch);
    this.timer ??= setInterval(() => this.check(), 100).unref();
    return watch;
  }

  /** Ends the watch of an invocation that answered. */
  end(watch: Watch): void {
    this.pending.delete(watch);
  }

  private check(): void {
    const now = Date.now();
    for (const watch of this.pending) {
      if (watch.at > now) continue;
      this.pending.delete(watch);
      watch.expire({ statusCode: 503, body: JSON.stringify({ message: 'Service Unavailable' }) });
    }
    if (this.pending.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}

interface Watch {
  at: number;
  expire: (answer: APIGatewayProxyStructuredResultV2) => void;
}

function compile(route: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy) {
        names.push(greedy[1]!);
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, key: routeKey(route), functionName: route.handler.replaceAll('/', '-') };
}

let lastSecond = -1;
let lastUtcString = '';
/** `Date#toUTCString` of `ms`, made once a second. */
function utcString(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) [lastSecond, lastUtcString] = [second, new Date(ms).toUTCString()];
  return lastUtcString;
}

interface EventParts {
  rawPath: string;
  rawQueryString: string;
  pathParameters: Record<string, string> | undefined;
  body: Buffer;
}

function toEvent(req: IncomingMessage, c: CompiledRoute, parts: EventParts): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === 'cookie') {
      for (const c of value.split(';')) {
        const cookie = c.trim();
        if (cookie) cookies.push(cookie);
      }
    } else {
      // API Gateway joins repeated headers with commas.
      headers[name] = Object.hasOwn(headers, name) ? `${headers[name]},${value}` : value;
    }
  }
  const now = Date.now();
  const host = headers.host ?? 'localhost';
  const method = (req.method ?? 'GET').toUpperCase();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: c.key,
    rawPath: parts.rawPath,
    rawQueryString: parts.rawQueryString,
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method,
        path: parts.rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: c.key,
      stage: '$default',
      time: utcString(now),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
  if (cookies.length) event.cookies = cookies;
  if (parts.rawQueryString) {
    const query: Record<string, string[]> = {};
    for (const [k, v] of new URLSearchParams(parts.rawQueryString)) (query[k] ??= []).push(v);
    if (Object.keys(query).length) event.queryStringParameters = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v.join(',')]));
  }
  if (parts.pathParameters) event.pathParameters = parts.pathParameters;
  if (parts.body.length > 0) {
    const text = !c.route.rawBody && TEXT_TYPES.test(headers['content-type'] ?? '');
    event.body = text ? parts.body.toString('utf8') : parts.body.toString('base64');
    event.isBase64Encoded = !text;
  }
  return event;
}

const noop = () => {};

/** The Lambda context of one invocation. */
class LocalContext implements Context {
  callbackWaitsForEmptyEventLoop = false;
  readonly functionName: string;
  readonly functionVersion = '$LATEST';
  readonly invokedFunctionArn: string;
  readonly memoryLimitInMB: string;
  readonly logGroupName = 'local';
  readonly logStreamName = 'local';
  readonly done = noop;
  readonly fail = noop;
  readonly succeed = noop;

  constructor(
    c: CompiledRoute,
    readonly awsRequestId: string,
    private readonly deadline: number,
  ) {
    this.functionName = c.functionName;
    this.invokedFunctionArn = `arn:aws:lambda:local:000000000000:function:${c.functionName}`;
    this.memoryLimitInMB = String(c.route.memoryMb ?? 512);
  }

  getRemainingTimeInMillis(): number {
    return Math.max(0, this.deadline - Date.now());
  }
}

/** API Gateway's rules for a result that is not `{ statusCode, ... }`: 200 with the value as JSON. */
function normaliseResult(result: unknown): APIGatewayProxyStructuredResultV2 {
  if (result && typeof result === 'object' && 'statusCode' in result) return result as APIGatewayProxyStructuredResultV2;
  const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body };
}

function writeResult(req: IncomingMessage, res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const text = result.body ?? '';
  const encoding = result.isBase64Encoded ? 'identity' : (pickEncoding(req, contentTypeOf(result), text.length) ?? 'identity');
  const { headers, body } = Object.isFrozen(result) ? preparedAnswers.get(result, encoding) : prepare(result, encoding);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(req.method === 'HEAD' || result.statusCode === 304 ? undefined : body);
}

function contentTypeOf(result: APIGatewayProxyStructuredResultV2): string | undefined {
  for (const name in result.headers) if (name.toLowerCase() === 'content-type') return String(result.headers[name]);
  return undefined;
}

type Encoding = 'identity' | 'br' | 'gzip';

/** What the server writes for a handler's result: the headers as CloudFront and API Gateway send them, and the body's bytes. */
function prepare(result: APIGatewayProxyStructuredResultV2, encoding: Encoding): { headers: Record<string, string | string[]>; body: Buffer } {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  // CloudFront's response headers policy overrides these on every /api response as well.
  Object.assign(headers, responseSecurityHeaders);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const text = result.body ?? '';
  const body = result.isBase64Encoded ? Buffer.from(text, 'base64') : encode(text, encoding);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  if (encoding !== 'identity' || body.length >= 1024) headers.vary = [headers.vary, 'accept-encoding'].filter(Boolean).join(', ');
  headers['content-length'] = String(body.length);
  return { headers, body };
}

/**
 * What is written for a frozen result, by encoding. A frozen result is the same answer each time
 * (the cached public reads answer the same frozen object while their content is the same,
 * platform/http/cache-control.ts), so its headers and (compressed) body are prepared once.
 */
const preparedAnswers = {
  byResult: new WeakMap<APIGatewayProxyStructuredResultV2, Partial<Record<Encoding, ReturnType<typeof prepare>>>>(),
  get(result: APIGatewayProxyStructuredResultV2, encoding: Encoding): ReturnType<typeof prepare> {
    let entry = this.byResult.get(result);
    if (!entry) this.byResult.set(result, (entry = {}));
    return (entry[encoding] ??= prepare(result, encoding));
  },
};

function encode(text: string, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } });
  if (encoding === 'gzip') return gzipSync(text, { level: 6 });
  return Buffer.from(text, 'utf8');
}

function pickEncoding(req: IncomingMessage, type: string | undefined, size: number): 'br' | 'gzip' | undefined {
  if (size < 1024 || !type || (!TEXT_TYPES.test(type) && !/svg/.test(type))) return undefined;
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...responseSecurityHeaders,
  });
  res.end(text);
}

/** API Gateway's payload limit (HTTP API: 10 MB). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class PayloadTooLargeError extends Error {
  constructor(options?: ErrorOptions) {
    super(`Request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`, options);
    this.name = 'PayloadTooLargeError';
  }
}

const NO_BODY = Buffer.alloc(0);

function readBody(req: IncomingMessage): Promise<Buffer> | Buffer {
  // A request that declares no body (a GET, most often) has none: nothing to wait for (and nothing
  // to drain: node:http dumps an unread request when its response ends).
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return NO_BODY;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // A declared length over the limit is refused before anything is kept.
    let over = Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
    if (over) reject(new PayloadTooLargeError());
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      over = true;
      chunks.length = 0;
      reject(new PayloadTooLargeError());
    });
    req.on('end', () => over || resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The built SPA, as CloudFront serves it: hashed assets cached for a year, HTML never. */
class StaticFiles {
  private readonly root: string;
  private readonly cache = new Map<string, { raw: Buffer; gzip?: Buffer; br?: Buffer; mtime: number }>();

  constructor(root: string) {
    this.root = resolve(root);
  }

  serve(req: IncomingMessage, res: ServerResponse, pathname: string) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = this.resolveFile(safeDecode(pathname));
    if (file) return this.send(req, res, file, 200);
    if (pathname.startsWith('/assets/') || extname(pathname) !== '') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...responseSecurityHeaders }).end('Not found');
      return;
    }
    // A client route: its prerendered page, or the app shell. Any other path is answered 404 with
    // the app shell, whose router renders the not-found page (a real 404, as CloudFront answers it).
    const known = isSiteRoute(pathname);
    const html = join(this.root, known ? htmlForRoute(pathname) : APP_SHELL);
    if (!isFile(html)) {
      res
        .writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...responseSecurityHeaders })
        .end('The web app is not built yet (web/dist has no HTML pages). Run `npm start`, which builds it.');
      return;
    }
    this.send(req, res, html, known ? 200 : 404);
  }

  private resolveFile(pathname: string): string | undefined {
    const candidate = normalize(join(this.root, pathname));
    if (candidate !== this.root && !candidate.startsWith(this.root + sep)) return undefined;
    if (isFile(candidate)) return candidate;
    return undefined;
  }

  private send(req: IncomingMessage, res: ServerResponse, file: string, status: number) {
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const entry = this.load(file);
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...responseSecurityHeaders,
    };
    let body = entry.raw;
    const encoding = pickEncoding(req, type, body.length);
    if (encoding) {
      if (encoding === 'br') body = entry.br ??= brotliCompressSync(entry.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
      else body = entry.gzip ??= gzipSync(entry.raw, { level: 9 });
      headers['content-encoding'] = encoding;
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private load(file: string) {
    const mtime = statSync(file).mtimeMs;
    let entry = this.cache.get(file);
    if (!entry || entry.mtime !== mtime) {
      entry = { raw: readFileSync(file), mtime };
      this.cache.set(file, entry);
    }
    return entry;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
