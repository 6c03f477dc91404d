/**
 * HTTP caching of the public reads (docs/decisions/0060-public-reads-cached-at-the-edge.md).
 * A response that is the same for every anonymous viewer is `public` with a short browser
 * lifetime and a longer shared (CDN) one; a response that depends on the session is
 * `private, no-store`. Both carry the body's entity tag, and a matching `If-None-Match` gets 304.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { json, RawJson, type HttpResult } from './response.ts';

/** Seconds of each lifetime. Worst case from a publish to every copy expiring: origin + shared + stale. */
export const PUBLIC_READ_SECONDS = {
  /** The in-process read cache of the function (READ_CACHE_SECONDS default). */
  origin: 10,
  /** Browsers. */
  browser: 10,
  /** CloudFront (`s-maxage`). */
  shared: 30,
  /** CloudFront may serve an expired copy this long while it fetches a fresh one. */
  staleWhileRevalidate: 20,
} as const;

export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_READ_SECONDS.browser}, s-maxage=${PUBLIC_READ_SECONDS.shared}, stale-while-revalidate=${PUBLIC_READ_SECONDS.staleWhileRevalidate}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** A serialised body and its strong entity tag (quotes included). */
export interface TaggedJson {
  readonly json: string;
  readonly etag: string;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, `*` matches anything). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

interface TaggedOptions {
  shared: boolean;
  varyOnCookie?: boolean;
}

/**
 * The two answers of a tagged body (200 with it, 304 without), built the first time the body is
 * served with these options and reused for every request after that: a cached read's answer is
 * the same object each time (frozen: nothing may change it on the way out).
 */
const answers = new WeakMap<TaggedJson, Map<string, { ok: HttpResult; notModified: HttpResult }>>();

function answersOf(body: TaggedJson, options: TaggedOptions) {
  let byOptions = answers.get(body);
  if (!byOptions) answers.set(body, (byOptions = new Map()));
  const key = `${options.shared}|${Boolean(options.varyOnCookie)}`;
  let built = byOptions.get(key);
  if (!built) {
    const headers: Record<string, string> = {
      'cache-control': options.shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
      etag: body.etag,
      ...(options.varyOnCookie ? { vary: 'cookie' } : {}),
    };
    const ok = json(new RawJson(body.json), { headers });
    built = { ok: deepFreeze(ok), notModified: deepFreeze({ statusCode: 304, headers: { ...headers } }) };
    byOptions.set(key, built);
  }
  return built;
}

function deepFreeze(result: HttpResult): HttpResult {
  Object.freeze(result.headers);
  return Object.freeze(result);
}

/**
 * A JSON read answered with its tag: 304 without a body when the client already has it.
 * `shared`: the same for every anonymous viewer (cacheable by browsers and the CDN); otherwise
 * it depends on the session and is never stored. `varyOnCookie` tells browsers that a response
 * stored for a visitor is not the answer once a session cookie is sent.
 */
export function taggedJson(event: APIGatewayProxyEventV2, body: TaggedJson, options: TaggedOptions): HttpResult {
  const built = answersOf(body, options);
  return etagMatches(event.headers?.['if-none-match'], body.etag) ? built.notModified : built.ok;
}
