// Premium analytics over HTTP: computed by the metrics job and stored, served to premium viewers
// only (401 signed out, 403 free), and never mixing published and backfilled predictions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { startHttpStack, uniqueEmail } from '../../testing/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const NOW = clock.now().getTime();
let stack: Awaited<ReturnType<typeof startHttpStack>>;

function settled(id: string, kickoffMs: number, overrides: Partial<StoredPrediction>): StoredPrediction {
  return {
    id, fixtureId: id, leagueId: 'L1', leagueName: 'League One', homeTeam: `H${id}`, awayTeam: `A${id}`, kickoff: new Date(kickoffMs).toISOString(),
    probabilities: { home: 0.65, draw: 0.2, away: 0.15 }, overUnder25: { over: 0.4, under: 0.6 }, market: { home: 0.6, draw: 0.25, away: 0.15, over25: 0.45 },
    valueBets: [{ market: 'home', odds: 1.8, edge: 0.17 }], bestOdds: { home: 1.8 }, modelVersion: 'm', generatedAt: new Date(kickoffMs - DAY_MS).toISOString(),
    origin: 'published', status: 'settled', result: { home: 1, away: 0 }, actualResult: '1-0 (Home Win)', ...overrides,
  };
}


beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const repo = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  // 32 published matches in the last 20 days (home won 3 in 4), 10 backfilled home defeats, one 60 days ago.
  for (let i = 0; i < 32; i++) {
    await repo.save(settled(`p${i}`, NOW - (i % 20 + 1) * DAY_MS, i % 4 === 3 ? { result: { home: 0, away: 2 }, actualResult: '0-2 (Away Win)' } : { ...(i % 8 === 0 ? { leagueId: 'L2', leagueName: 'League Two' } : {}) }));
  }
  for (let i = 0; i < 10; i++) await repo.save(settled(`b${i}`, NOW - (i + 1) * DAY_MS, { origin: 'backfilled', result: { home: 0, away: 1 }, actualResult: '0-1 (Away Win)' }));
  await repo.save(settled('old', NOW - 60 * DAY_MS, {}));
  // The metrics job computes and stores the analytics.
  await (await (await import('../../composition/premium.ts')).analyticsJob()).recompute();
}, 120_000);
afterAll(() => stack.close());

describe('GET /api/analytics', () => {
  it('answers a visitor with 401 and a free user with 403', async () => {
    expect((await stack.client().get('/api/analytics')).status).toBe(401);
    const free = stack.client();
    await stack.signIn(free, uniqueEmail('free'));
    const res = await free.get('/api/analytics?period=90');
    expect(res.status).toBe(403);
    expect(res.text).not.toMatch(/reliability|perLeague/);
  });

  it('gives a premium viewer the stored report of a period over published predictions only', async () => {
    const premium = await stack.premiumClient();
    const month = (await premium.get('/api/analytics?period=30')).json;
    expect(month).toMatchObject({ period: '30', basis: 'published', matches: 32 });
    // 32 home picks at 65 %: 24 won at 1.80, 8 lost: profit 24 x 16 - 8 x 20 = 224, ROI 224 / 640 = 35 %.
    expect(month.markets['1x2']).toMatchObject({ picks: 32, hits: 24, hitRate: 75, staked: 32, profit: 224, roi: 35 });
    expect(month.markets['1x2'].roiLow).toBeLessThan(35);
    expect(month.markets['1x2'].roiHigh).toBeGreaterThan(35);
    expect(month.valueBets).toMatchObject({ picks: 32, hits: 24, roi: 35 });
    expect(month.rps.matches).toBe(32);
    expect(month.reliability.find((b: { from: number }) => b.from === 60)).toEqual({ from: 60, to: 70, forecast: 65, observed: 75, count: 32 });
    expect(month.perLeague.map((l: { league: string; '1x2': { picks: number } }) => [l.league, l['1x2'].picks])).toEqual([['League One', 28], ['League Two', 4]]);
    const all = (await premium.get('/api/analytics?period=all')).json;
    expect(all.matches).toBe(33);
    expect((await premium.get('/api/analytics?period=7')).status).toBe(400);
  });
});
