import { describe, expect, it } from 'vitest';
import type { StoredTrackedBet } from './bet.ts';
import { curveOf, totalsOf } from './totals.ts';

/** A settled 1X2 bet at 2.00 on day `i` of November, won or lost, with a closing fair probability of 0.52 (CLV +4 %). */
function bet(i: number, won: boolean): StoredTrackedBet {
  const day = `2026-11-${String((i % 30) + 1).padStart(2, '0')}`;
  return {
    userId: 'u1',
    id: `bet${String(i).padStart(6, '0')}-abcdef`,
    fixtureId: `f${i}`,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: 'Alpha',
    awayTeam: 'Bravo',
    kickoff: `${day}T15:00:00.000Z`,
    market: '1x2',
    selection: 'home',
    line: null,
    price: 2,
    bookmaker: null,
    stake: 10,
    placedAt: `${day}T10:00:00.000Z`,
    createdAt: `${day}T10:00:00.000Z`,
    result: won ? 'won' : 'lost',
    profit: won ? 10 : -10,
    settledAt: `${day}T17:00:00.000Z`,
    closing: { price: 1.9, fairProbability: 0.52, source: 'pinnacle', capturedAt: `${day}T14:59:00.000Z` },
  };
}

describe('totalsOf', () => {
  it('gives exact counts and stakes; under 100 settled bets no interval, "too few bets to judge" in its place', () => {
    const bets = Array.from({ length: 40 }, (_, i) => bet(i, i % 2 === 0));
    const totals = totalsOf([...bets, { ...bet(99, true), result: undefined, profit: undefined, settledAt: undefined }]);
    expect(totals).toMatchObject({ bets: 41, open: 1, settled: 40, staked: 410, settledStaked: 400, profit: 0, roi: 0, meanClv: 4, clvBets: 40 });
    expect(totals).toMatchObject({ profitCi95: null, roiCi95: null, meanClvCi95: null, tooFewToJudge: true });
    expect(totals.firstPlacedAt).toBe('2026-11-01T10:00:00.000Z');
    // Three bets, all lost: a bootstrap would say [-100 %, -100 %]; three bets judge nothing.
    expect(totalsOf([bet(0, false), bet(1, false), bet(2, false)])).toMatchObject({ roi: -100, roiCi95: null, tooFewToJudge: true });
  });

  it('from the stated count, intervals for profit, ROI and mean CLV and no note; the curve expects stake x CLV a bet', () => {
    const bets = Array.from({ length: 100 }, (_, i) => bet(i, i % 2 === 0));
    const totals = totalsOf(bets);
    expect(totals.tooFewToJudge).toBe(false);
    expect(totals.roiCi95![0]).toBeLessThan(0);
    expect(totals.roiCi95![1]).toBeGreaterThan(0);
    expect(totals.profitCi95![0]).toBeLessThan(0);
    // CLV is the same on every bet: its interval has no width.
    expect(totals.meanClvCi95).toEqual([4, 4]);
    const curve = curveOf(bets.slice(0, 2));
    expect(curve).toEqual([
      { at: '2026-11-01T17:00:00.000Z', profit: 10, expected: 0.4 },
      { at: '2026-11-02T17:00:00.000Z', profit: 0, expected: 0.8 },
    ]);
  });
});
