import { describe, expect, it } from 'vitest';
import { MyBetsQuerySchema, NewTrackedBetSchema, TrackedBetParamsSchema, TrackedBetPatchSchema } from './my-bets.ts';

const valid = { fixtureId: 'fx-1', market: '1x2', selection: 'home', price: 2.05, bookmaker: ' Bet365 ', stake: 10 };

describe('NewTrackedBetSchema', () => {
  it('takes a bet on each market the product prices, trimming the book', () => {
    expect(NewTrackedBetSchema.parse(valid)).toEqual({ ...valid, bookmaker: 'Bet365' });
    expect(NewTrackedBetSchema.safeParse({ ...valid, market: 'ou25', selection: 'under25' }).success).toBe(true);
    expect(NewTrackedBetSchema.safeParse({ ...valid, market: 'ah', selection: 'away', line: -0.75 }).success).toBe(true);
  });

  it('refuses each limit with a message that names it', () => {
    const message = (bad: object) => NewTrackedBetSchema.safeParse(bad).error?.issues[0]?.message;
    expect(message({ ...valid, price: 1.005 })).toBe('price must be at least 1.01');
    expect(message({ ...valid, price: 1000.5 })).toBe('price must be at most 1000');
    expect(message({ ...valid, stake: 0 })).toBe('stake must be more than 0');
    expect(message({ ...valid, stake: 1_000_001 })).toBe('stake must be at most 1,000,000');
    expect(message({ ...valid, selection: 'over25' })).toMatch(/not one of 1x2's/);
    expect(message({ ...valid, market: 'ah', selection: 'draw', line: 0 })).toMatch(/not one of ah's/);
    expect(message({ ...valid, market: 'ah' })).toBe('an Asian handicap bet needs its line');
    expect(message({ ...valid, line: 0.5 })).toBe('only an Asian handicap bet has a line');
    expect(message({ ...valid, market: 'ah', line: 0.3 })).toBe('line must be a multiple of 0.25');
    expect(message({ ...valid, market: 'ah', line: 2.75 })).toBe('line must be between -2.5 and +2.5');
    expect(NewTrackedBetSchema.safeParse({ ...valid, userId: 'someone-else' }).success).toBe(false);
  });
});

describe('the other inputs', () => {
  it('a patch changes something, ids are the server’s shape, filters are checked', () => {
    expect(TrackedBetPatchSchema.safeParse({}).error?.issues[0]?.message).toBe('nothing to change');
    expect(TrackedBetPatchSchema.safeParse({ price: 2.1 }).success).toBe(true);
    expect(TrackedBetPatchSchema.safeParse({ fixtureId: 'x' }).success).toBe(false);
    expect(TrackedBetParamsSchema.safeParse({ id: 'mf3k2a1b-9x8y7z6w' }).success).toBe(true);
    expect(TrackedBetParamsSchema.safeParse({ id: '../USER#1' }).success).toBe(false);
    expect(MyBetsQuerySchema.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(MyBetsQuerySchema.safeParse({ month: '2026-12', market: 'ah' }).success).toBe(true);
  });
});
