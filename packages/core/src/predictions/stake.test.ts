import { KELLY_CAP_UNITS } from '@app/contracts/rules';
import { describe, expect, it } from 'vitest';
import { stakeSuggestions, suggestStake } from './stake.ts';

describe('suggestStake', () => {
  it('stakes one unit, 1 % of the bankroll, on every flag under the flat plan', () => {
    expect(suggestStake({ plan: 'flat', fairProbability: 0.5, odds: 2.2 })).toBe(1);
    expect(suggestStake({ plan: 'flat', fairProbability: 0.25, odds: 4.4 })).toBe(1);
  });

  it('stakes a quarter of Kelly from the fair probability under the Kelly plan', () => {
    // (0.5 x 2.2 - 1) / (2.2 - 1) = 0.0833; a quarter of it is 2.08 % of the bankroll
    expect(suggestStake({ plan: 'kelly', fairProbability: 0.5, odds: 2.2 })).toBe(2.08);
    // a smaller edge, a smaller stake
    expect(suggestStake({ plan: 'kelly', fairProbability: 0.5, odds: 2.1 })).toBeLessThan(2.08);
  });

  it('caps the Kelly stake, and stakes nothing without an edge', () => {
    expect(suggestStake({ plan: 'kelly', fairProbability: 0.7, odds: 2.0 })).toBe(KELLY_CAP_UNITS);
    expect(suggestStake({ plan: 'kelly', fairProbability: 0.4, odds: 2.0 })).toBe(0);
  });

  it('gives both plans for a flag, none without a fair probability', () => {
    expect(stakeSuggestions(0.5, 2.2)).toEqual({ flat: 1, kelly: 2.08 });
    expect(stakeSuggestions(undefined, 2.2)).toBeNull();
  });
});
