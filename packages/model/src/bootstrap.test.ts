import { describe, expect, it } from 'vitest';
import { blockBootstrapInterval } from './bootstrap.ts';
import { mulberry32 } from './random.ts';

describe('block bootstrap', () => {
  const random = mulberry32(3);
  const days = Array.from({ length: 400 }, (_, i) => `d${Math.floor(i / 4)}`);
  const x = days.map(() => random());

  it('brackets the statistic of the full sample and narrows with more data', () => {
    const mean = x.reduce((s, v) => s + v, 0) / x.length;
    const [lo, hi] = blockBootstrapInterval(days, [x, x.map(() => 1)], ([s, n]) => s! / n!, 1000);
    expect(lo).toBeLessThan(mean);
    expect(hi).toBeGreaterThan(mean);
    // a uniform mean over 400 values: sd about 0.0144, so the 95 % interval is about 0.056 wide
    expect(hi - lo).toBeGreaterThan(0.03);
    expect(hi - lo).toBeLessThan(0.09);
    const [lo4, hi4] = blockBootstrapInterval(
      [...days, ...days.map((d) => `${d}b`), ...days.map((d) => `${d}c`), ...days.map((d) => `${d}e`)],
      [[...x, ...x, ...x, ...x], new Array<number>(1600).fill(1)],
      ([s, n]) => s! / n!,
      1000,
    );
    expect(hi4 - lo4).toBeLessThan((hi - lo) * 0.7);
  });

  it('does not depend on the order of the rows', () => {
    const order = x.map((_, i) => i).reverse();
    const a = blockBootstrapInterval(days, [x], ([s]) => s!, 500);
    const b = blockBootstrapInterval(
      order.map((i) => days[i]!),
      [order.map((i) => x[i]!)],
      ([s]) => s!,
      500,
    );
    expect(b[0]).toBeCloseTo(a[0], 10);
    expect(b[1]).toBeCloseTo(a[1], 10);
  });
});
