import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { computeAnalytics, pickRecord } from './compute.ts';

const asOf = new Date('2026-11-22T12:00:00Z');

function settled(n: number, overrides: Partial<StoredPrediction> = {}): StoredPrediction {
  const kickoff = new Date(asOf.getTime() - (n % 20 + 1) * DAY_MS).toISOString();
  return {
    id: `f${n}`, fixtureId: `f${n}`, leagueId: 'L1', leagueName: 'League One', homeTeam: 'A', awayTeam: 'B', kickoff,
    probabilities: { home: 0.7, draw: 0.2, away: 0.1 }, overUnder25: { over: 0.45, under: 0.55 }, valueBets: [], bestOdds: { home: 1.5 },
    modelVersion: 'm', generatedAt: kickoff, origin: 'published', status: 'settled', result: { home: 1, away: 0 }, ...overrides,
  };
}

describe('pickRecord', () => {
  it('stakes lost picks and priced wins, and gives the ROI a 95 % interval from the returns', () => {
    const r = pickRecord([{ won: true, odds: 2 }, { won: false, odds: 2 }, { won: true, odds: undefined }, { won: true, odds: 3 }]);
    // Returns +1, -1, +2 (the unpriced win counts for the hit rate only): mean 2/3, sd 1.528.
    expect(r).toEqual({ picks: 4, hits: 3, hitRate: 75, staked: 3, profit: 40, roi: 66.7, roiLow: -106.2, roiHigh: 239.5 });
    expect(pickRecord([])).toEqual({ picks: 0, hits: 0, hitRate: null, staked: 0, profit: 0, roi: null, roiLow: null, roiHigh: null });
  });
});

describe('computeAnalytics', () => {
  it('rests on the backfilled predictions, labelled, while fewer than 30 published picks are settled; never both', () => {
    const all = [...Array.from({ length: 29 }, (_, i) => settled(i)), ...Array.from({ length: 5 }, (_, i) => settled(100 + i, { origin: 'backfilled', result: { home: 0, away: 2 } }))];
    const r = computeAnalytics(all, '30', asOf);
    expect(r).toMatchObject({ basis: 'backtest', matches: 5 });
    expect(r.markets['1x2']).toMatchObject({ picks: 5, hits: 0 });
  });

  it('bins every published outcome probability against what happened, and scores ours against the market on the same matches', () => {
    const all = Array.from({ length: 30 }, (_, i) =>
      settled(i, { market: { home: 0.5, draw: 0.3, away: 0.2, over25: 0.5 }, ...(i % 3 === 0 ? { result: { home: 1, away: 1 } } : {}), valueBets: [{ market: 'home', odds: 1.6, edge: 0.12 }] }),
    );
    const r = computeAnalytics(all, '30', asOf);
    expect(r.basis).toBe('published');
    expect(r.reliability).toEqual([
      { from: 10, to: 20, forecast: 10, observed: 0, count: 30 },
      { from: 20, to: 30, forecast: 20, observed: 33.3, count: 30 },
      { from: 70, to: 80, forecast: 70, observed: 66.7, count: 30 },
    ]);
    expect(r.rps.matches).toBe(30);
    expect(r.rps.ours!).toBeLessThan(r.rps.market!);
    expect(r.valueBets).toMatchObject({ picks: 30, hits: 20 });
    expect(r.perLeague).toHaveLength(1);
  });

  it('leaves out matches outside the period and unsettled ones', () => {
    const all = [...Array.from({ length: 30 }, (_, i) => settled(i)), settled(200, { kickoff: new Date(asOf.getTime() - 40 * DAY_MS).toISOString() }), settled(201, { status: 'scheduled' })];
    expect(computeAnalytics(all, '30', asOf).matches).toBe(30);
    expect(computeAnalytics(all, '90', asOf).matches).toBe(31);
  });
});
