import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etagMatches, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, PUBLIC_READ_SECONDS, serialise, taggedJson } from './cache-control.ts';

const event = (headers: Record<string, string> = {}) => ({ headers }) as unknown as APIGatewayProxyEventV2;
const body = { json: '{"a":1}', etag: '"abc-7"' };

describe('taggedJson', () => {
  it('answers a shared read with public lifetimes and its tag', () => {
    const res = taggedJson(event(), body, { shared: true });
    expect(res).toMatchObject({ statusCode: 200, body: '{"a":1}', headers: { 'cache-control': PUBLIC_CACHE_CONTROL, etag: '"abc-7"' } });
    expect(PUBLIC_CACHE_CONTROL).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
  });

  it('answers 304 without a body when If-None-Match names the tag, weak or in a list', () => {
    for (const ifNoneMatch of ['"abc-7"', 'W/"abc-7"', '"zzz", "abc-7"', '*']) {
      const res = taggedJson(event({ 'if-none-match': ifNoneMatch }), body, { shared: true });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBeUndefined();
      expect(res.headers).toMatchObject({ etag: '"abc-7"', 'cache-control': PUBLIC_CACHE_CONTROL });
    }
    expect(taggedJson(event({ 'if-none-match': '"other"' }), body, { shared: true }).statusCode).toBe(200);
  });

  it('never lets a session-dependent read be stored, and varies on the cookie when asked', () => {
    const res = taggedJson(event(), body, { shared: false, varyOnCookie: true });
    expect(res.headers).toMatchObject({ 'cache-control': PRIVATE_CACHE_CONTROL, vary: 'cookie' });
  });

  it('keeps every copy of a public read within a minute of a publish', () => {
    const { origin, shared, staleWhileRevalidate, browser } = PUBLIC_READ_SECONDS;
    expect(origin + shared + staleWhileRevalidate).toBeLessThanOrEqual(60);
    expect(browser).toBeLessThanOrEqual(shared);
  });
});

describe('etagMatches', () => {
  it('is false without a header or with another tag', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"b"', '"a"')).toBe(false);
  });
});

describe('serialise', () => {
  it('gives equal JSON the same quoted tag and different JSON different tags', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const [sa, sb] = [serialise(a), serialise(b)];
        expect(sa.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
        expect(serialise(JSON.parse(sa.json)).etag).toBe(sa.etag);
        if (sa.json !== sb.json) expect(sa.etag).not.toBe(sb.etag);
      }),
    );
  });
});
