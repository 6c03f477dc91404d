// The match, team and league pages through the local server, as CloudFront sends them to the API:
// the page's prerendered HTML file (the same for every match, team or league), 200 for a
// match, team or league that exists and 404 for one that does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { startHttpStack, testPageHtml } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
let stack: Awaited<ReturnType<typeof startHttpStack>>;

const prediction = {
  id: 'next-week',
  fixtureId: 'next-week',
  leagueId: 'L1',
  leagueName: 'League One',
  homeTeam: 'Rovers',
  awayTeam: 'United',
  kickoff: new Date(clock.now().getTime() + 3 * DAY_MS).toISOString(),
  probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
  overUnder25: { over: 0.5, under: 0.5 },
  valueBets: [],
  modelVersion: 'm',
  generatedAt: '2026-11-22T06:00:00.000Z',
  origin: 'published',
  status: 'scheduled',
} satisfies StoredPrediction;

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  await new DynamoPredictionRepository(stack.table.doc, stack.table.tableName).save(prediction);
}, 120_000);
afterAll(() => stack.close());

describe('GET /predictions/{fixtureId}, /teams/{slug}, /leagues/{leagueId}', () => {
  it("answers the match page's file with 200 for a match that exists, cacheable for everyone", async () => {
    const res = await stack.client().get('/predictions/next-week');
    expect(res.status).toBe(200);
    expect(res.text).toBe(testPageHtml('/match.html'));
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, .*s-maxage=/);
  });

  it("answers each page's file with 404 for an unknown match, team or league, and for an id that cannot be one", async () => {
    for (const [path, file] of [
      ['/predictions/no-such-match', '/match.html'],
      ['/teams/no-such-team', '/team.html'],
      ['/leagues/XX9', '/league.html'],
      ['/teams/Not_A_Slug', '/team.html'],
      ['/predictions/%E0%A4%A', '/match.html'],
    ]) {
      const res = await stack.client().get(path!);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toBe(testPageHtml(file!));
    }
  });
});
