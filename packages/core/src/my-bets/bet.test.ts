import { describe, expect, it } from 'vitest';
import { asianShares, closingOfBet, settleTrackedBet } from './bet.ts';

const at = new Date('2026-12-06T17:00:00Z');
const bet = (market: '1x2' | 'ou25' | 'ah', selection: 'home' | 'draw' | 'away' | 'over25' | 'under25', line: number | null = null) => ({
  market,
  selection,
  line,
  price: 2,
  stake: 10,
});
const closing = {
  sharp: { home: 1.9, draw: 3.6, away: 4.4, over25: 1.95, under25: 1.95 },
  average: { home: 1.85, draw: 3.5, away: 4.2 },
  capturedAt: '2026-12-06T14:59:00Z',
};

describe('settleTrackedBet', () => {
  it('settles 1X2 and Over/Under as the ledger does, at the price taken and stake, with the closing price', () => {
    const won = settleTrackedBet(bet('1x2', 'home'), { home: 2, away: 1 }, closingOfBet(bet('1x2', 'home'), closing), at);
    expect(won).toMatchObject({ result: 'won', profit: 10, score: { home: 2, away: 1 }, settledAt: at.toISOString() });
    expect(won.closing).toMatchObject({ source: 'pinnacle', price: 1.9 });
    expect(settleTrackedBet(bet('ou25', 'over25'), { home: 1, away: 1 }, undefined, at)).toMatchObject({ result: 'lost', profit: -10 });
    expect(settleTrackedBet(bet('1x2', 'draw'), 'void', undefined, at)).toEqual({ result: 'void', profit: 0, settledAt: at.toISOString() });
  });

  it('settles Asian handicap half, whole and quarter lines as bookmakers do, without a closing price', () => {
    const settle = (side: 'home' | 'away', line: number, home: number, away: number) => {
      const o = settleTrackedBet(bet('ah', side, line), { home, away }, closingOfBet(bet('ah', side, line), closing), at);
      return [o.result, o.profit, o.closing];
    };
    expect(settle('home', -0.5, 1, 0)).toEqual(['won', 10, undefined]);
    expect(settle('home', -1, 1, 0)).toEqual(['push', 0, undefined]);
    expect(settle('away', -1, 1, 0)).toEqual(['push', 0, undefined]);
    // -0.25 is half on 0 (pushes at a draw) and half on -0.5 (lost).
    expect(settle('home', -0.25, 0, 0)).toEqual(['half-lost', -5, undefined]);
    expect(settle('away', -0.25, 0, 0)).toEqual(['half-won', 5, undefined]);
    // -0.75 won by one goal: half on -0.5 won, half on -1 pushed.
    expect(settle('home', -0.75, 2, 1)).toEqual(['half-won', 5, undefined]);
    expect(settle('home', 1.25, 0, 1)).toEqual(['half-won', 5, undefined]);
    expect(settle('home', 1.25, 0, 2)).toEqual(['lost', -10, undefined]);
  });

  it('shares of an Asian handicap stake add up to at most one', () => {
    for (let line = -2.5; line <= 2.5; line += 0.25)
      for (const score of [
        { home: 0, away: 0 },
        { home: 3, away: 1 },
        { home: 0, away: 2 },
      ]) {
        const { won, lost } = asianShares('home', line, score);
        expect(won + lost).toBeLessThanOrEqual(1);
        expect(asianShares('away', line, score)).toEqual({ won: lost, lost: won });
      }
  });
});
