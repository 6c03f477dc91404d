// /sitemap.xml through the local server, as CloudFront sends it to the API: the public pages and
// the match page of every upcoming fixture, never a played one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { startHttpStack } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const NOW = clock.now().getTime();
let stack: Awaited<ReturnType<typeof startHttpStack>>;

const prediction = (id: string, kickoffMs: number) =>
  ({
    id,
    fixtureId: id,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff: new Date(kickoffMs).toISOString(),
    probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
    overUnder25: { over: 0.5, under: 0.5 },
    valueBets: [],
    modelVersion: 'm',
    generatedAt: '2026-11-22T06:00:00.000Z',
    origin: 'published',
    status: 'scheduled',
  }) satisfies StoredPrediction;

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const repo = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  await repo.save(prediction('next-week', NOW + 3 * DAY_MS));
  await repo.save(prediction('yesterday', NOW - DAY_MS));
}, 120_000);
afterAll(() => stack.close());

describe('GET /sitemap.xml', () => {
  it('lists the public pages and the upcoming match pages as XML, cacheable for everyone', async () => {
    const res = await stack.client().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(res.text).toContain('<loc>http://localhost:3000/results</loc>');
    expect(res.text).toContain('<loc>http://localhost:3000/predictions/next-week</loc>');
    expect(res.text).not.toContain('yesterday');
    expect((await stack.client().get('/sitemap.xml', { headers: { 'if-none-match': res.headers.get('etag')! } })).status).toBe(304);
  });
});
