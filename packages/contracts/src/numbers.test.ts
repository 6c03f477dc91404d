import { describe, expect, it } from 'vitest';

import { thousands } from './numbers.ts';

describe('thousands', () => {
  it('separates the thousands with commas, as en-GB and en-US write them', () => {
    expect(thousands(1_000_000)).toBe('1,000,000');
    expect(thousands(12_345)).toBe('12,345');
    expect(thousands(999)).toBe('999');
    expect(thousands(0)).toBe('0');
    expect(thousands(1_000_000)).toBe((1_000_000).toLocaleString('en-GB'));
  });
});
