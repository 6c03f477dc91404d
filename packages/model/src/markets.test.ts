import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScoreGrid } from './grid.ts';
import { rakeGrid, scoreGrid } from './grid.ts';
import { ASIAN_LINES, asianExpectedProfit, goalDifference, goalMarkets, settlementLines } from './markets.ts';

/** Any grid: random non-negative cells (some zero), normalised. */
const grids = fc
  .integer({ min: 2, max: 12 })
  .chain((n) =>
    fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: n * n, maxLength: n * n }).map((cells) => ({ n, cells })),
  )
  .filter(({ cells }) => cells.reduce((s, v) => s + v, 0) > 1e-6)
  .map(({ n, cells }): ScoreGrid => {
    const total = cells.reduce((s, v) => s + v, 0);
    return { size: n, p: Float64Array.from(cells, (v) => v / total), coveredMass: 1, lambda: 1, mu: 1, rho: 0 };
  });

/** A bookmaker's settlement of one cell, written out case by case: what a unit stake returns net. */
function settleCell(homeGoals: number, awayGoals: number, line: number, side: 'home' | 'away', odds: number): number {
  const whole = (l: number) => {
    const margin = homeGoals - awayGoals + l;
    const won = side === 'home' ? margin > 0 : margin < 0;
    return margin === 0 ? 0 : won ? odds - 1 : -1;
  };
  const q = Math.round(line * 4);
  // Quarter lines: half the stake on each neighbour (−0.25 = half on 0, half on −0.5).
  return q % 2 === 0 ? whole(line) : 0.5 * whole(line - 0.25) + 0.5 * whole(line + 0.25);
}

function expectedByCells(g: ScoreGrid, line: number, side: 'home' | 'away', odds: number): number {
  let ep = 0;
  for (let x = 0; x < g.size; x++) for (let y = 0; y < g.size; y++) ep += g.p[x * g.size + y]! * settleCell(x, y, line, side, odds);
  return ep;
}

describe('markets from one grid', () => {
  it('every derived market sums to 100 %, and at each Asian line fair odds both sides expect zero profit', () => {
    fc.assert(
      fc.property(grids, (g) => {
        const m = goalMarkets(g);
        // The outcomes behind the double chances; each double chance and the third outcome sum to 1.
        const h = (m.doubleChance.homeOrDraw + m.doubleChance.homeOrAway - m.doubleChance.drawOrAway) / 2;
        const a = (m.doubleChance.homeOrAway + m.doubleChance.drawOrAway - m.doubleChance.homeOrDraw) / 2;
        const d = (m.doubleChance.homeOrDraw + m.doubleChance.drawOrAway - m.doubleChance.homeOrAway) / 2;
        expect(m.doubleChance.homeOrDraw + a).toBeCloseTo(1, 12);
        expect(m.doubleChance.drawOrAway + h).toBeCloseTo(1, 12);
        expect(m.doubleChance.homeOrAway + d).toBeCloseTo(1, 12);
        if (h + a > 1e-9) expect(m.drawNoBet.home + m.drawNoBet.away).toBeCloseTo(1, 12);
        for (const over of Object.values(m.overUnder)) {
          expect(over).toBeGreaterThanOrEqual(0);
          expect(over).toBeLessThanOrEqual(1 + 1e-12);
        }
        expect(m.overUnder['1.5']).toBeGreaterThanOrEqual(m.overUnder['2.5'] - 1e-12);
        expect(m.overUnder['2.5']).toBeGreaterThanOrEqual(m.overUnder['3.5'] - 1e-12);
        expect(m.btts).toBeGreaterThanOrEqual(-1e-12);
        expect(m.asianHandicap.map((l) => l.line)).toEqual(ASIAN_LINES);
        for (const { line, homeFairOdds, awayFairOdds } of m.asianHandicap) {
          // Both sides of a line make one book: the implied probabilities sum to 1 (100 %).
          if (Number.isFinite(homeFairOdds) && Number.isFinite(awayFairOdds)) {
            expect(1 / homeFairOdds + 1 / awayFairOdds).toBeCloseTo(1, 9);
            expect(expectedByCells(g, line, 'home', homeFairOdds)).toBeCloseTo(0, 9);
            expect(expectedByCells(g, line, 'away', awayFairOdds)).toBeCloseTo(0, 9);
          }
        }
      }),
      { seed: 29, numRuns: 300 },
    );
  });

  it('settles quarter lines as two half stakes and pushes whole lines, as bookmakers do', () => {
    expect(settlementLines(-0.25)).toEqual([
      { line: -0.5, stake: 0.5 },
      { line: 0, stake: 0.5 },
    ]);
    expect(settlementLines(1)).toEqual([{ line: 1, stake: 1 }]);
    expect(() => settlementLines(0.3)).toThrow(RangeError);
    // A 1-0 home win: home -1 pushes, home -1.25 loses half, home -0.75 wins half and pushes half.
    const oneNil: ScoreGrid = { size: 2, p: Float64Array.from([0, 0, 1, 0]), coveredMass: 1, lambda: 1, mu: 1, rho: 0 };
    const gd = goalDifference(oneNil);
    expect(asianExpectedProfit(gd, -1, 'home', 1.9)).toBeCloseTo(0, 12);
    expect(asianExpectedProfit(gd, -1.25, 'home', 1.9)).toBeCloseTo(-0.5, 12);
    expect(asianExpectedProfit(gd, -0.75, 'home', 1.9)).toBeCloseTo(0.45, 12);
    expect(asianExpectedProfit(gd, -0.75, 'away', 2.1)).toBeCloseTo(-0.5, 12);
  });

  it('agrees with the published 1X2 and Over 2.5 of a raked grid, and a stronger home side gets shorter handicap odds', () => {
    const g = rakeGrid(scoreGrid(1.7, 1.0, -0.06), { home: 0.52, draw: 0.25, away: 0.23 }, 0.55);
    const m = goalMarkets(g);
    expect(m.doubleChance.homeOrDraw).toBeCloseTo(0.77, 9);
    expect(m.overUnder['2.5']).toBeCloseTo(0.55, 9);
    expect(m.drawNoBet.home).toBeCloseTo(0.52 / 0.75, 9);
    const level = m.asianHandicap.find((l) => l.line === 0)!;
    expect(level.homeFairOdds).toBeCloseTo(1 / (0.52 / 0.75), 9);
    const odds = m.asianHandicap.map((l) => l.homeFairOdds);
    for (let i = 1; i < odds.length; i++) expect(odds[i]!).toBeLessThanOrEqual(odds[i - 1]! + 1e-12);
  });
});
