import { describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { makeSitemapService, sitemapXml } from './sitemap.ts';

describe('sitemap', () => {
  it('escapes and joins absolute URLs', () => {
    expect(sitemapXml('https://example.com/', [{ path: '/a?b=1&c=2' }])).toContain('<loc>https://example.com/a?b=1&amp;c=2</loc>');
  });

  it('lists the public pages, the league and team pages and the match pages of upcoming fixtures only', async () => {
    const clock = fixedClock('2026-11-22T12:00:00Z');
    const now = clock.now().getTime();
    const p = (id: string, t: number) => ({ fixtureId: id, kickoff: new Date(t).toISOString(), generatedAt: '2026-11-22T06:00:00.000Z' }) as StoredPrediction;
    const service = makeSitemapService({
      predictions: { listByKickoff: async () => [p('past', now - 1000), p('soon', now + DAY_MS)] },
      pages: async () => [{ leagueId: 'NSP', teams: ['kestrel-bay', 'hollowmoor'] }],
      clock,
      origin: 'https://example.com',
    });

    const xml = await service.xml();

    expect(xml).toContain('<loc>https://example.com/results</loc>');
    expect(xml).toContain('<url><loc>https://example.com/predictions/soon</loc><lastmod>2026-11-22</lastmod></url>');
    expect(xml).not.toContain('/predictions/past');
    expect(xml).toContain('<url><loc>https://example.com/leagues/NSP</loc></url>');
    expect(xml).toContain('<url><loc>https://example.com/teams/kestrel-bay</loc></url>');
    expect(xml).toContain('<url><loc>https://example.com/teams/hollowmoor</loc></url>');
    expect(xml).not.toContain('/login');
  });
});
