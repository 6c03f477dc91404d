import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';

import { UpdateOddsBodySchema } from './admin.ts';

const parse = (odds: number) => safeParse(UpdateOddsBodySchema, { predictionId: 'p1', odds });

describe('UpdateOddsBodySchema', () => {
  it('accepts odds above 1 with up to two decimals', () => {
    for (const odds of [1.01, 2, 2.1, 3.25, 10.99, 1000]) expect(parse(odds).success, String(odds)).toBe(true);
  });

  it('refuses more than two decimals, so stored and shown odds agree', () => {
    const result = parse(1.234);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Odds must have at most two decimals');
  });

  it('refuses odds of 1 or less', () => {
    expect(parse(1).success).toBe(false);
  });
});
