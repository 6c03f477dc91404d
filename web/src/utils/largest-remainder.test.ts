import { describe, expect, it } from 'vitest';

import { roundToHundred } from '@/utils/largest-remainder';

const sumTenths = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 10), 0);

describe('roundToHundred', () => {
  it('gives the missing tenth to the value that lost the most', () => {
    // Rounded one by one: 33.3 + 33.3 + 33.3 = 99.9.
    expect(roundToHundred([33.33, 33.33, 33.34])).toEqual([33.3, 33.3, 33.4]);
    // Rounded one by one: 45.3 + 27.9 + 26.9 = 100.1.
    expect(roundToHundred([45.26, 27.87, 26.87])).toEqual([45.2, 27.9, 26.9]);
  });

  it('keeps values that are already exact', () => {
    expect(roundToHundred([50, 25.5, 24.5])).toEqual([50, 25.5, 24.5]);
    expect(roundToHundred([61.2, 38.8])).toEqual([61.2, 38.8]);
  });

  it('scales inputs that do not quite sum to 100', () => {
    expect(sumTenths(roundToHundred([40, 30, 29.98]))).toBe(1000);
  });

  it('always sums to exactly 100.0 over many random triples', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i += 1) {
      const raw = [random(), random(), random()];
      const total = raw.reduce((a, b) => a + b, 0);
      const percents = raw.map((value) => (value / total) * 100);
      const rounded = roundToHundred(percents);
      expect(sumTenths(rounded)).toBe(1000);
      rounded.forEach((value, index) => expect(Math.abs(value - percents[index]!)).toBeLessThan(0.1 + 1e-9));
    }
  });

  it('answers zeros when there is nothing to share', () => {
    expect(roundToHundred([0, 0, 0])).toEqual([0, 0, 0]);
  });
});
