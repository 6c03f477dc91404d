// A match page over HTTP: the forecast sections only for premium viewers (decided by the server),
// form and meetings from the stored history for everyone, and the score with the forecast's RPS
// after full time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { startHttpStack, uniqueEmail } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const NOW = clock.now().getTime();
let stack: Awaited<ReturnType<typeof startHttpStack>>;

const scores = Array.from({ length: 6 }, (_, h) => Array.from({ length: 6 }, (_, a) => (h === 1 && a === 0 ? 0.1234 : 0.02)));
function prediction(id: string, kickoffMs: number, overrides: Partial<StoredPrediction> = {}): StoredPrediction {
  return {
    id,
    fixtureId: id,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff: new Date(kickoffMs).toISOString(),
    probabilities: { home: 0.5678, draw: 0.25, away: 0.1822 },
    overUnder25: { over: 0.5432, under: 0.4568 },
    components: { statistical: { home: 0.55, draw: 0.25, away: 0.2, over25: 0.5 } },
    models: { home: 0.56, draw: 0.25, away: 0.19, over25: 0.52 },
    market: { home: 0.57, draw: 0.25, away: 0.18, over25: 0.55 },
    insights: {
      expectedGoals: { home: 1.61, away: 0.92 },
      bothTeamsToScore: 0.47,
      topScores: [{ home: 1, away: 0, probability: 0.1234 }],
      totals: { over15: 0.7654, over35: 0.3111 },
      scores,
    },
    valueBets: [],
    bestOdds: { home: 1.95, draw: 3.6, away: 5.1 },
    books: [
      { bookmaker: 'Bet365', odds: { home: 1.95, draw: 3.5, away: 4.9 } },
      { bookmaker: 'William Hill', odds: { home: 1.9, draw: 3.6, away: 5.1 } },
    ],
    sharpFair: { bookmaker: 'Pinnacle', odds: { home: 1.754, draw: 4, away: 5.556 } },
    booksAt: new Date(kickoffMs - DAY_MS).toISOString(),
    modelOdds: { home: 1.9, draw: 3.5, away: 5 },
    modelVersion: 'm@2026-11-01',
    generatedAt: new Date(kickoffMs - DAY_MS).toISOString(),
    origin: 'published',
    status: 'scheduled',
    ...overrides,
  };
}

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const predictions = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  await predictions.save(prediction('upcoming', NOW + DAY_MS));
  await predictions.save(prediction('played', NOW - DAY_MS, { status: 'settled', result: { home: 2, away: 0 }, actualResult: '2-0 (Home Win)' }));
  // Seven Rovers matches (three against United) before the upcoming match, one after it.
  const day = (n: number) => new Date(NOW - n * DAY_MS).toISOString().slice(0, 10);
  const matches = [
    [10, 'Rovers', 'United', 1, 1],
    [9, 'City', 'Rovers', 0, 2],
    [8, 'Rovers', 'Town', 3, 1],
    [7, 'United', 'Rovers', 2, 0],
    [6, 'Rovers', 'City', 0, 0],
    [5, 'Town', 'United', 1, 2],
    [4, 'Rovers', 'United', 4, 0],
    [3, 'Rovers', 'Town', 1, 2],
  ] as const;
  await new DynamoHistoryRepository(stack.table.doc, stack.table.tableName).append(
    'L1',
    matches.map(([n, home, away, hg, ag]) => ({ id: `h${n}`, date: day(n), league: 'L1', season: '2026-27', home, away, homeGoals: hg, awayGoals: ag })),
  );
}, 120_000);
afterAll(() => stack.close());

describe('GET /api/predictions/{fixtureId}', () => {
  it('gives a visitor and a free user the match, form and meetings, with the forecast locked and no probability anywhere', async () => {
    const free = stack.client();
    await stack.signIn(free, uniqueEmail('free'));
    for (const client of [stack.client(), free]) {
      const res = await client.get('/api/predictions/upcoming');
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        fixtureId: 'upcoming',
        homeTeam: 'Rovers',
        awayTeam: 'United',
        league: 'League One',
        isLocked: true,
        forecast: null,
        outcome: null,
      });
      expect(res.text).not.toMatch(/56\.8|54\.3|76\.5|12\.3|1\.61|1\.95/);
      expect(res.json.form.home.map((m: { date: string; outcome: string }) => m.outcome)).toEqual(['L', 'W', 'D', 'L', 'W']);
      expect(res.json.form.home).toHaveLength(5);
      expect(res.json.form.away[0]).toMatchObject({ opponent: 'Rovers', venue: 'A', goalsFor: 0, goalsAgainst: 4, outcome: 'L' });
      expect(res.json.meetings.map((m: { homeGoals: number; awayGoals: number }) => `${m.homeGoals}-${m.awayGoals}`)).toEqual(['4-0', '2-0', '1-1']);
    }
  });

  it('gives a premium viewer the heatmap, each model beside the market and the blend, xG, BTTS, totals and the odds', async () => {
    const res = await (await stack.premiumClient()).get('/api/predictions/upcoming');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/private/);
    expect(res.json.isLocked).toBe(false);
    expect(res.json.forecast).toMatchObject({
      blend: { home: 56.8, draw: 25, away: 18.2 },
      models: { home: 56, draw: 25, away: 19 },
      market: { home: 57, draw: 25, away: 18 },
      components: [{ name: 'statistical', home: 55, draw: 25, away: 20 }],
      expectedGoals: { home: 1.61, away: 0.92 },
      bothTeamsToScore: 47,
      totals: { over15: 76.5, over25: 54.3, over35: 31.1 },
      oddsUsed: { home: 1.9, draw: 3.5, away: 5 },
      bestOdds: { home: 1.95, draw: 3.6, away: 5.1 },
      // every listed book's prices and the sharp fair prices, as of the capture that stored them
      books: {
        at: new Date(NOW).toISOString(),
        fair: { bookmaker: 'Pinnacle', odds: { home: 1.754, draw: 4, away: 5.556 } },
        prices: [
          { bookmaker: 'Bet365', odds: { home: 1.95, draw: 3.5, away: 4.9 } },
          { bookmaker: 'William Hill', odds: { home: 1.9, draw: 3.6, away: 5.1 } },
        ],
      },
    });
    expect(res.json.forecast.scores).toHaveLength(6);
    expect(res.json.forecast.scores[1][0]).toBe(12.3);
  });

  it('after full time gives everyone the score and how the forecast scored', async () => {
    const res = await stack.client().get('/api/predictions/played');
    // RPS of (0.5678, 0.25, 0.1822) for a home win: ((0.5678 - 1)^2 + (0.8178 - 1)^2) / 2.
    expect(res.json.outcome).toEqual({ score: { home: 2, away: 0 }, actualResult: '2-0 (Home Win)', rps: 0.11, picks: [] });
  });

  it('answers an unknown fixture with 404 and a malformed id with 400', async () => {
    expect((await stack.client().get('/api/predictions/nope')).status).toBe(404);
    expect((await stack.client().get('/api/predictions/%3Cscript%3E')).status).toBe(400);
  });
});
