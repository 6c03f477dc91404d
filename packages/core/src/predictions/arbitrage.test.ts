import { describe, expect, it } from 'vitest';
import { arbitragesOf } from './arbitrage.ts';

describe('arbitragesOf', () => {
  it('names a market whose best prices imply under 100 %, with the return on the total staked', () => {
    // Act: Over @ 2.43 and Under @ 1.88 at two books (the example); 1X2 with a margin
    const found = arbitragesOf({ home: 2.1, draw: 3.4, away: 3.6, over25: 2.43, under25: 1.88 });

    // Assess
    expect(found).toEqual([{ market: 'ou25', implied: 0.9434, profit: 0.06 }]);
  });

  it('finds none in a market with a margin, none with a side unpriced, none without prices', () => {
    expect(arbitragesOf({ home: 2.05, draw: 3.3, away: 3.5, over25: 1.95, under25: 1.9 })).toEqual([]);
    expect(arbitragesOf({ home: 4, draw: 4, over25: 2.2 })).toEqual([]);
    expect(arbitragesOf(undefined)).toEqual([]);
  });

  it('finds a three-way arbitrage too', () => {
    expect(arbitragesOf({ home: 2.6, draw: 3.9, away: 3.6 })).toEqual([{ market: '1x2', implied: 0.9188, profit: 0.0884 }]);
  });
});
