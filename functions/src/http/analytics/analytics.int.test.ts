// Premium analytics over HTTP: computed on request from the settled ledger (the forecast quality
// stored by the metrics job), served to premium viewers only (401 signed out, 403 free), and never
// mixing published and back-tested entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { storePlayed } from '@app/core/testing/ledger-entries';
import { startHttpStack, uniqueEmail } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const NOW = clock.now().getTime();
let stack: Awaited<ReturnType<typeof startHttpStack>>;

function played(id: string, kickoffMs: number, overrides: Partial<StoredPrediction>): StoredPrediction {
  return {
    id,
    fixtureId: id,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: `H${id}`,
    awayTeam: `A${id}`,
    kickoff: new Date(kickoffMs).toISOString(),
    probabilities: { home: 0.65, draw: 0.2, away: 0.15 },
    overUnder25: { over: 0.4, under: 0.6 },
    market: { home: 0.6, draw: 0.25, away: 0.15, over25: 0.45 },
    valueBets: [{ market: 'home', odds: 1.8, edge: 0.17 }],
    bestOdds: { home: 1.8 },
    modelVersion: 'm',
    generatedAt: new Date(kickoffMs - DAY_MS).toISOString(),
    result: { home: 1, away: 0 },
    actualResult: '1-0 (Home Win)',
    ...overrides,
  };
}

/** Every `roiLow` anywhere in a response. */
function roiLows(value: unknown): number[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'roiLow' && typeof v === 'number' ? [v] : roiLows(v)));
}

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const repo = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  // The closing line: home at 1.70 from Pinnacle, so a bet taken at 1.80 beat it.
  const closing = { sharp: { home: 1.7, draw: 3.9, away: 5.6 }, capturedAt: new Date(NOW).toISOString() };
  // 32 published matches in the last 20 days (home won 3 in 4), 10 back-tested home defeats, one 60 days ago.
  for (let i = 0; i < 32; i++) {
    const overrides =
      i % 4 === 3 ? { result: { home: 0, away: 2 }, actualResult: '0-2 (Away Win)' } : i % 8 === 0 ? { leagueId: 'L2', leagueName: 'League Two' } : {};
    await storePlayed(repo, played(`p${i}`, NOW - ((i % 20) + 1) * DAY_MS, overrides), { basis: 'published', closing });
  }
  for (let i = 0; i < 10; i++)
    await storePlayed(repo, played(`b${i}`, NOW - (i + 1) * DAY_MS, { result: { home: 0, away: 1 }, actualResult: '0-1 (Away Win)' }), { basis: 'backtest' });
  await storePlayed(repo, played('old', NOW - 60 * DAY_MS, {}), { basis: 'published', closing });
  // The metrics job stores each period's forecast quality.
  await (await stack.composition.forecastQualityJob()).recompute();
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

  it('gives a premium viewer the period over published entries only: ROI with a bounded interval, quarter-Kelly, CLV and profit curves', async () => {
    const premium = await stack.premiumClient();
    const month = (await premium.get('/api/analytics?period=30')).json;
    expect(month).toMatchObject({ period: '30', basis: 'published', matches: 32, league: null, market: null });
    // 32 home picks at 65 %: 24 won at 1.80, 8 lost: profit 24 x 16 - 8 x 20 = 224, ROI 224 / 640 = 35 %.
    expect(month.markets['1x2']).toMatchObject({ picks: 32, hits: 24, hitRate: 75, staked: 32, profit: 224, roi: 35 });
    expect(month.markets['1x2'].roiLow).toBeLessThan(35);
    expect(month.markets['1x2'].roiHigh).toBeGreaterThan(35);
    // The Under 2.5 picks won every time but had no price: they count for the hit rate only.
    expect(month.markets.ou25).toMatchObject({ picks: 32, hits: 32, staked: 0, profit: 0, roi: null });
    expect(month.valueBets).toMatchObject({ picks: 32, hits: 24, roi: 35 });
    // Every home bet at 1.80 against a fair closing price above 1.70: CLV positive for all 64 priced bets.
    expect(month.clv).toMatchObject({ bets: 64, withoutClosing: 32, beatClosePct: 100 });
    expect(month.clv.mean).toBeGreaterThan(0);
    expect(month.clv.ci95[0]).toBeLessThanOrEqual(month.clv.mean);
    expect(month.curves.picks.points.at(-1)).toMatchObject({ flat: 11.2 });
    expect(month.curves.picks.maxDrawdown.flat).toBeGreaterThan(0);
    expect(month.forecast).toMatchObject({ basis: 'published', matches: 32, rps: { matches: 32 } });
    expect(month.forecast.reliability.find((b: { from: number }) => b.from === 60)).toEqual({ from: 60, to: 70, forecast: 65, observed: 75, count: 32 });
    expect(month.perLeague.map((l: { league: string; '1x2': { picks: number } }) => [l.league, l['1x2'].picks])).toEqual([
      ['League One', 28],
      ['League Two', 4],
    ]);
    expect(month.leagues).toEqual([
      { id: 'L1', name: 'League One' },
      { id: 'L2', name: 'League Two' },
    ]);

    const twoLeague = (await premium.get('/api/analytics?period=30&league=L2&market=1x2')).json;
    expect(twoLeague).toMatchObject({ league: 'L2', market: '1x2', matches: 4 });
    expect(twoLeague.markets.all.picks).toBe(4);
    expect(twoLeague.markets.ou25.picks).toBe(0);
    const all = (await premium.get('/api/analytics?period=all')).json;
    expect(all.matches).toBe(33);
    for (const response of [month, twoLeague, all]) for (const low of roiLows(response)) expect(low).toBeGreaterThanOrEqual(-100);
    expect((await premium.get('/api/analytics?period=7')).status).toBe(400);
    expect((await premium.get('/api/analytics?market=btts')).status).toBe(400);
  });
});
