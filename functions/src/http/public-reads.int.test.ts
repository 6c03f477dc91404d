// HTTP caching of the public reads (docs/decisions/0060-public-reads-cached-at-the-edge.md):
// what a visitor reads is public with an entity tag; what depends on a session is never stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoMetricsRepository } from '@app/adapters/dynamodb/metrics-repository';
import { startHttpStack, uniqueEmail } from '../../test/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
beforeAll(async () => {
  stack = await startHttpStack();
});
afterAll(() => stack.close());

const PUBLIC = /^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/;

describe('public reads over HTTP', () => {
  it('answers an anonymous metrics read with shared lifetimes and a tag, and a repeat with that tag with 304', async () => {
    // Prepare
    const visitor = stack.client();

    // Act
    const first = await visitor.get('/api/metrics/latest');
    const repeat = await visitor.get('/api/metrics/latest', { headers: { 'if-none-match': first.headers.get('etag')! } });

    // Assess
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(PUBLIC);
    expect(first.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(repeat.status).toBe(304);
    expect(repeat.text).toBe('');
    expect(repeat.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('gives new metrics a new tag, so a client holding the old one gets the new figures', async () => {
    // Prepare
    const visitor = stack.client();
    const before = await visitor.get('/api/metrics/latest');
    const day = { winAccuracy: 64.5, totalPredictions: 31, totalProfit: 112.4, payoutPercentage: 18.1, bestWinningOdds: 3.2, date: '2026-11-22' };
    await new DynamoMetricsRepository(stack.table.doc, stack.table.tableName).saveLatest(
      { ...day, basis: 'published', publishedPredictions: 31, backfilledPredictions: 0 },
      [{ date: day.date, winAccuracy: 64.5, totalPredictions: 31, basis: 'published' }],
      new Date('2026-11-22T12:00:00Z'),
    );

    // Act
    const after = await visitor.get('/api/metrics/latest', { headers: { 'if-none-match': before.headers.get('etag')! } });
    const trend = await visitor.get('/api/metrics/trend');

    // Assess
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ winAccuracy: 64.5 });
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(trend.json).toEqual([{ date: '2026-11-22', winAccuracy: 64.5, totalPredictions: 31, basis: 'published' }]);
    expect(trend.headers.get('cache-control')).toMatch(PUBLIC);
  });

  it("makes a visitor's predictions public, and a signed-in viewer's private and never stored", async () => {
    // Prepare
    const visitor = stack.client();
    const free = stack.client();
    await stack.signIn(free, uniqueEmail('free'));
    const premium = await stack.premiumClient();

    // Act
    const anonymous = await visitor.get('/api/predictions');
    const ofFree = await free.get('/api/predictions');
    const ofPremium = await premium.get('/api/predictions');

    // Assess
    expect(anonymous.headers.get('cache-control')).toMatch(PUBLIC);
    expect(anonymous.headers.get('vary')).toMatch(/cookie/);
    for (const res of [ofFree, ofPremium]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('vary')).toMatch(/cookie/);
    }
  });

  it('keeps accounts, admin and tracking answers out of every cache', async () => {
    const client = stack.client();
    await stack.signIn(client, uniqueEmail('me'));
    for (const path of ['/api/auth/me', '/api/admin/winning-predictions', '/api/tracking/predictions?days=7', '/api/health']) {
      const res = await client.get(path);
      expect(res.headers.get('cache-control'), path).toMatch(/no-store/);
      expect(res.headers.get('etag'), path).toBeNull();
    }
  });
});
