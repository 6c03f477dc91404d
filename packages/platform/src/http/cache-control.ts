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

/** cyrb53: a fast 53-bit string hash, well mixed; plenty for telling versions of a body apart. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A value's JSON text and its entity tag. The tag is a hash of the text, so two reads with the
 * same content have the same tag and a client's `If-None-Match` keeps matching across cache
 * refreshes and across Lambda containers.
 */
export function serialise(value: unknown): TaggedJson {
  const json = JSON.stringify(value);
  return { json, etag: `"${hash53(json).toString(36)}-${json.length.toString(36)}"` };
}

/** A tagged body's two answers (200 with it, 304 without), frozen: nothing may change them on the way out. */
export interface TaggedAnswers {
  readonly ok: HttpResult;
  readonly notModified: HttpResult;
}

export function taggedAnswers(body: TaggedJson, options: TaggedOptions): TaggedAnswers {
  const headers: Record<string, string> = {
    'cache-control': options.shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
    etag: body.etag,
    ...(options.varyOnCookie ? { vary: 'cookie' } : {}),
  };
  return { ok: deepFreeze(json(new RawJson(body.json), { headers })), notModified: deepFreeze({ statusCode: 304, headers: { ...headers } }) };
}

function deepFreeze(result: HttpResult): HttpResult {
  Object.freeze(result.headers);
  return Object.freeze(result);
}

/** The answer of `answers` for a request: 304 when its `If-None-Match` names the tag. */
export function answerFor(event: APIGatewayProxyEventV2, etag: string, answers: TaggedAnswers): HttpResult {
  return etagMatches(event.headers?.['if-none-match'], etag) ? answers.notModified : answers.ok;
}

/**
 * A JSON read answered with its tag: 304 without a body when the client already has it.
 * `shared`: the same for every anonymous viewer (cacheable by browsers and the CDN); otherwise
 * it depends on the session and is never stored. `varyOnCookie` tells browsers that a response
 * stored for a visitor is not the answer once a session cookie is sent.
 */
export function taggedJson(event: APIGatewayProxyEventV2, body: TaggedJson, options: TaggedOptions): HttpResult {
  return answerFor(event, body.etag, taggedAnswers(body, options));
}
