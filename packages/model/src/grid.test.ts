import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridBtts, gridCorner, gridExpectedGoals, gridOutcomes, gridTopScores, gridTotals, quickMarkets, rakeGrid, scoreGrid } from './grid.ts';
import { impliedGoals } from './implied-goals.ts';

describe('score grid', () => {
  it('covers >= 0.999 of the probability mass and sums to 1 for any plausible expectations', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 6, noNaN: true }),
        fc.double({ min: 0.05, max: 6, noNaN: true }),
        fc.double({ min: -0.2, max: 0.1, noNaN: true }),
        (l, m, rho) => {
          const g = scoreGrid(l, m, rho);
          expect(g.coveredMass).toBeGreaterThanOrEqual(0.999);
          let s = 0;
          for (const v of g.p) {
            expect(v).toBeGreaterThanOrEqual(0);
            s += v;
          }
          expect(s).toBeCloseTo(1, 12);
          const o = gridOutcomes(g);
          for (const v of [o.home, o.draw, o.away]) {
            expect(v).toBeGreaterThan(0);
            expect(v).toBeLessThan(1);
          }
          expect(o.home + o.draw + o.away).toBeCloseTo(1, 12);
          const q = quickMarkets(l, m, rho);
          expect(q[0]).toBeCloseTo(o.home, 5);
          expect(q[1]).toBeCloseTo(o.draw, 5);
          expect(q[3]).toBeCloseTo(gridTotals(g, 2.5).over, 5);
        },
      ),
      { seed: 3, numRuns: 150 },
    );
  }, 30_000);
  it('applies the Dixon-Coles correction to the four low-score cells only', () => {
    const a = scoreGrid(1.4, 1.1, 0, 12),
      b = scoreGrid(1.4, 1.1, -0.1, 12);
    expect(b.p[0]! / a.p[0]!).toBeCloseTo(1 + 1.4 * 1.1 * 0.1, 10); // tau(0,0) = 1 - l*m*rho
    expect(b.p[13]! / a.p[13]!).toBeCloseTo(1.1, 10); // tau(1,1) = 1 - rho
    expect(b.p[2]! / a.p[2]!).toBeCloseTo(1, 10);
  });
  it('markets are consistent: BTTS, totals with push, expected goals, top scores', () => {
    const g = scoreGrid(1.6, 1.2, -0.05);
    const t2 = gridTotals(g, 2);
    expect(t2.push).toBeGreaterThan(0);
    expect(t2.over + t2.push + t2.under).toBeCloseTo(1, 12);
    expect(gridTotals(g, 2.5).push).toBe(0);
    const btts = gridBtts(g);
    expect(btts.yes + btts.no).toBeCloseTo(1, 12);
    const xg = gridExpectedGoals(g);
    expect(xg.home).toBeCloseTo(1.6, 2);
    expect(xg.away).toBeCloseTo(1.2, 2);
    const top = gridTopScores(g, 5);
    expect(top).toHaveLength(5);
    for (let i = 1; i < 5; i++) expect(top[i - 1]!.probability).toBeGreaterThanOrEqual(top[i]!.probability);
  });
  it('raking reproduces target 1X2 and over 2.5 exactly', () => {
    const g = rakeGrid(scoreGrid(1.5, 1.0, -0.05), { home: 0.5, draw: 0.27, away: 0.23 }, 0.55);
    const o = gridOutcomes(g);
    expect(o.home).toBeCloseTo(0.5, 8);
    expect(o.draw).toBeCloseTo(0.27, 8);
    expect(gridTotals(g, 2.5).over).toBeCloseTo(0.55, 8);
  });
});

describe('implied goal expectancies', () => {
  it('matches the penaltyblog example (0.45/0.28/0.29 -> 1.34 v 1.02)', () => {
    const ig = impliedGoals({ home: 0.45, draw: 0.28, away: 0.29 }, undefined, 0);
    expect(ig.lambda).toBeCloseTo(1.34, 2);
    expect(ig.mu).toBeCloseTo(1.02, 2);
  });
  it('inverts the grid it came from', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.3, max: 3.5, noNaN: true }), fc.double({ min: 0.3, max: 3.5, noNaN: true }), (l, m) => {
        const q = quickMarkets(l, m, -0.05);
        const ig = impliedGoals({ home: q[0], draw: q[1], away: q[2] }, q[3], -0.05);
        expect(ig.lambda).toBeCloseTo(l, 3);
        expect(ig.mu).toBeCloseTo(m, 3);
      }),
      { seed: 11, numRuns: 100 },
    );
  });
});

describe('gridCorner', () => {
  it('gives rows of home goals and columns of away goals, matching the grid cell by cell', () => {
    const g = scoreGrid(1.6, 0.9, -0.05);
    const corner = gridCorner(g, 6);
    expect(corner).toHaveLength(6);
    for (let h = 0; h < 6; h++) for (let a = 0; a < 6; a++) expect(corner[h]![a]).toBe(g.p[h * g.size + a]);
    // A home side scoring more: 1-0 is likelier than 0-1.
    expect(corner[1]![0]!).toBeGreaterThan(corner[0]![1]!);
  });
});
