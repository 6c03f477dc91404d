import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock.ts';
import { ledgerEntry } from '../testing/ledger-entries.ts';
import { seasonStartOf, valueWorthFigures, valueWorthOf } from './value-worth.ts';

const NOW = new Date('2026-11-22T20:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY_MS).toISOString();

/** A settled value flag `d` days ago; every entry closes at a fair 0.57, so a price of 1.80 has a CLV of +2.6 %. */
const flag = (id: string, d: number, overrides: Parameters<typeof ledgerEntry>[0] = {}) =>
  ledgerEntry({ fixtureId: id, kind: 'value', selection: 'away', kickoff: daysAgo(d), ...overrides });

describe('what the value flags are worth (docs/decisions/0322-what-the-flags-are-worth.md)', () => {
  it('sets the expected profit at the flat stake from CLV beside what happened, with the sample size', () => {
    const entries = [
      flag('a', 1),
      flag('b', 2, { result: 'lost', profit: { flat: -1, kelly: -1.49 } }),
      flag('c', 3, { price: 2.0, profit: { flat: 1, kelly: 1.49 } }),
      // a flag without a closing price counts as a flag, not in the CLV or what it makes expected
      flag('d', 4, { closing: undefined, result: 'lost', profit: { flat: -1, kelly: -1.49 } }),
      // picks, open flags and void ones are never counted
      ledgerEntry({ fixtureId: 'p', kickoff: daysAgo(1) }),
      flag('o', 1, { result: undefined, settledAt: undefined }),
      flag('v', 2, { result: 'void' }),
    ];
    const figures = valueWorthFigures(entries, 30);
    expect(figures.flags).toBe(4);
    expect(figures.clv).toMatchObject({ bets: 3, withoutClosing: 1 });
    // CLVs 2.6 %, 2.6 % and 14 %: mean 6.4 %, x 3 bets x $20 = $3.84 expected
    expect(figures.clv.mean).toBe(6.4);
    expect(figures.expectedUsd).toBe(3.84);
    // over 30 days, per month is the same; the interval is the mean's, in dollars, around it
    expect(figures.expectedMonthlyUsd).toBe(3.84);
    const [low, high] = figures.expectedUsdCi95!;
    expect(low).toBeLessThanOrEqual(3.84);
    expect(high).toBeGreaterThanOrEqual(3.84);
    expect(low).toBeGreaterThanOrEqual(0.026 * 3 * 20 - 0.01);
    // what happened: +0.8 - 1 + 1 - 1 units = -$4
    expect(figures.actualUsd).toBe(-4);
    // a season of 90 days: a month is a third of it
    expect(valueWorthFigures(entries, 90)).toMatchObject({ expectedMonthlyUsd: 1.28, actualMonthlyUsd: -1.33 });
  });

  it('has nothing to expect without a flag with a closing price', () => {
    expect(valueWorthFigures([], 30)).toEqual({
      flags: 0,
      clv: { bets: 0, withoutClosing: 0, mean: null, ci95: null, beatClosePct: null },
      expectedUsd: null,
      expectedUsdCi95: null,
      expectedMonthlyUsd: null,
      expectedMonthlyUsdCi95: null,
      actualUsd: 0,
      actualMonthlyUsd: 0,
    });
  });

  it('starts the season on 1 July', () => {
    expect(seasonStartOf(NOW).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(seasonStartOf(new Date('2027-03-01T00:00:00Z')).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(seasonStartOf(new Date('2027-07-01T06:00:00Z')).toISOString()).toBe('2027-07-01T00:00:00.000Z');
    // at the stroke of 1 July the new season has no time yet: the window is still the last one
    expect(seasonStartOf(new Date('2027-07-01T00:00:00Z')).toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('shows the last 30 days and the season, published and back-tested apart, never summed', () => {
    const worth = valueWorthOf(
      [flag('a', 1), flag('b', 10, { basis: 'backtest' }), flag('c', 100), flag('d', 200), flag('e', 120, { basis: 'backtest' })],
      NOW,
    );
    expect(worth).toMatchObject({ stakeUsd: 20, feeUsd: 29, computedAt: NOW.toISOString() });
    expect(worth.last30).toMatchObject({ from: '2026-10-23', to: '2026-11-22', days: 30 });
    expect([worth.last30.published.flags, worth.last30.backtest.flags]).toEqual([1, 1]);
    // the season from 1 July: 200 days ago was the season before
    expect(worth.season).toMatchObject({ from: '2026-07-01', days: 145 });
    expect([worth.season.published.flags, worth.season.backtest.flags]).toEqual([2, 2]);
  });
});
