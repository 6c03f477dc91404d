import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanToDecimal, decimalToAmerican, decimalToFractional, fractionalToDecimal, overround, removeMargin, removeMarginDetailed } from './odds.ts';

const close = (a: readonly number[], b: readonly number[], digits: number) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, digits));

describe('margin removal (reference test vectors)', () => {
  it('penaltyblog [2.7, 2.3, 4.4]: multiplicative and Shin', () => {
    const p = removeMarginDetailed([2.7, 2.3, 4.4], 'proportional');
    close(p.probabilities, [0.358738, 0.421127, 0.220135], 6);
    expect(p.margin).toBeCloseTo(0.0324, 4);
    const s = removeMarginDetailed([2.7, 2.3, 4.4], 'shin');
    close(s.probabilities, [0.359344, 0.423244, 0.217412], 6);
    expect(s.parameter!).toBeCloseTo(0.0162, 4);
  });
  it('implied (R) (4.20, 3.70, 1.95): basic, Shin, power', () => {
    const b = removeMarginDetailed([4.2, 3.7, 1.95], 'proportional');
    close(b.probabilities, [0.2331556, 0.2646631, 0.5021813], 7);
    expect(b.margin).toBeCloseTo(0.02118602, 8);
    const s = removeMarginDetailed([4.2, 3.7, 1.95], 'shin');
    close(s.probabilities, [0.2315716, 0.2635742, 0.5048542], 5); // R uses a different solver (~1e-6)
    expect(s.parameter!).toBeCloseTo(0.01061048, 5);
    close(removeMargin([4.2, 3.7, 1.95], 'power'), [0.2311414, 0.2630644, 0.5057942], 5);
  });
  it('every method returns probabilities in (0,1) summing to 1 and keeps the order of prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1.05, max: 30, noNaN: true }), { minLength: 2, maxLength: 5 }),
        fc.constantFrom('proportional', 'shin', 'power' as const),
        (odds, method) => {
          const booksum = odds.reduce((s, o) => s + 1 / o, 0);
          fc.pre(booksum > 1.0001 && booksum < 1.3);
          const p = removeMargin(odds, method);
          expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
          for (const v of p) {
            expect(v).toBeGreaterThan(0);
            expect(v).toBeLessThan(1);
          }
          for (let i = 0; i < odds.length; i++)
            for (let j = 0; j < odds.length; j++) if (odds[i]! < odds[j]!) expect(p[i]!).toBeGreaterThanOrEqual(p[j]! - 1e-12);
        },
      ),
      { seed: 42, numRuns: 200 },
    );
  });
  it('rejects invalid odds', () => {
    expect(() => removeMargin([1, 2, 3])).toThrow();
    expect(() => removeMargin([2])).toThrow();
  });
  it('overround', () => expect(overround([2, 2])).toBeCloseTo(0, 12));
});

/** Independent power de-vig: plain bisection on k over [0.05, 20] (no derivative, no shared code). */
function powerByBisection(odds: readonly number[]): number[] {
  const pi = odds.map((o) => 1 / o);
  const excess = (k: number) => pi.reduce((s, x) => s + Math.pow(x, k), 0) - 1;
  let lo = 0.05;
  let hi = 20;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (excess(mid) > 0) lo = mid;
    else hi = mid;
  }
  const k = (lo + hi) / 2;
  return pi.map((x) => Math.pow(x, k));
}

/** Real-like 1X2 prices: a home/draw/away split, a bookmaker margin of 1-12 %, prices rounded to 2 decimals. */
const priceTriples = fc
  .record({
    home: fc.double({ min: 0.03, max: 0.93, noNaN: true }),
    drawShare: fc.double({ min: 0.05, max: 0.6, noNaN: true }),
    margin: fc.double({ min: 0.01, max: 0.12, noNaN: true }),
  })
  .map(({ home, drawShare, margin }) => {
    const draw = (1 - home) * drawShare * (home > 0.75 ? 0.5 : 1);
    const away = 1 - home - draw;
    return [home, draw, away].map((p) => Math.round((100 / (p * (1 + margin))) * 1) / 100).map((o) => Math.max(1.01, o));
  });

describe('power margin removal against an independent solver', () => {
  it('the lopsided triple 1.14 / 8.75 / 19.83 (the Newton step used to hit the bracket and be replaced)', () => {
    const p = removeMargin([1.14, 8.75, 19.83], 'power');
    close(p, powerByBisection([1.14, 8.75, 19.83]), 10);
    expect(p[0]).toBeLessThan(0.9);
    expect(p[2]).toBeGreaterThan(0.03);
  });
  it('matches bisection to 1e-10 on real-like price triples', () => {
    fc.assert(
      fc.property(priceTriples, (odds) => {
        fc.pre(odds.reduce((s, o) => s + 1 / o, 0) > 1.0001);
        close(removeMargin(odds, 'power'), powerByBisection(odds), 10);
      }),
      { seed: 13, numRuns: 2000 },
    );
  });
});

describe('odds conversion', () => {
  it('fractional', () => {
    expect(fractionalToDecimal('5/2')).toBeCloseTo(3.5, 12);
    expect(fractionalToDecimal('1/4')).toBeCloseTo(1.25, 12);
    expect(fractionalToDecimal('evens')).toBe(2);
    expect(decimalToFractional(3.5)).toBe('5/2');
    expect(decimalToFractional(1.25)).toBe('1/4');
    expect(() => fractionalToDecimal('abc')).toThrow();
  });
  it('American', () => {
    expect(americanToDecimal(150)).toBeCloseTo(2.5, 12);
    expect(americanToDecimal(-200)).toBeCloseTo(1.5, 12);
    expect(decimalToAmerican(2.5)).toBeCloseTo(150, 9);
    expect(decimalToAmerican(1.5)).toBeCloseTo(-200, 9);
    expect(() => americanToDecimal(50)).toThrow();
  });
  it('round trips', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 100, noNaN: true }), (d) => {
        expect(americanToDecimal(decimalToAmerican(d))).toBeCloseTo(d, 9);
      }),
      { seed: 7 },
    );
  });
});
