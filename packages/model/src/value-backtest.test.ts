import { describe, expect, it } from 'vitest';
import { netPrice, DEFAULT_BOOKMAKERS } from './bookmakers.ts';
import { clvSummary, flaggedBets, tuneValueRule, valueBetsOf, type ValueBetMatch } from './value-backtest.ts';
import { bestPrice, valueFlagOf } from './value-rule.ts';

const rule = { minEdge: 0.02, minOdds: 1.01, maxOdds: 15, minProbability: 0 };

/** A match where Bet365 pays 2.2 on the home side and the fair price is 50 %: a 10 % edge. */
function match(over: Partial<ValueBetMatch> = {}): ValueBetMatch & { fair: Record<string, number> } {
  return {
    league: 'E0',
    season: '2019-20',
    date: '2019-08-10',
    outcome: 0,
    over: false,
    books: { B365: { home: 2.2, draw: 3.4, away: 3.5 }, WH: { home: 2.0, draw: 3.5, away: 3.6 } },
    closeX1: { fair: [0.55, 0.25, 0.2], source: 'pinnacle' },
    fair: { home: 0.5, draw: 0.27, away: 0.23 },
    ...over,
  };
}

describe('the value rule', () => {
  it('flags the best listed price when fair probability x price clears the edge, and counts the books at that price', () => {
    const flag = valueFlagOf(
      'home',
      0.5,
      [
        { bookmaker: 'A', price: 2.1 },
        { bookmaker: 'B', price: 2.1 },
        { bookmaker: 'C', price: 1.9 },
      ],
      rule,
    );
    expect(flag).toMatchObject({ price: 2.1, bookmaker: 'A', booksAtPrice: 2 });
    expect(flag!.edge).toBeCloseTo(0.05, 10);
    expect(valueFlagOf('home', 0.5, [{ bookmaker: 'A', price: 2.03 }], rule)).toBeUndefined();
    expect(valueFlagOf('home', 0.5, [{ bookmaker: 'A', price: 2.1 }], { ...rule, maxOdds: 2 })).toBeUndefined();
    expect(valueFlagOf('home', 0.5, [{ bookmaker: 'A', price: 2.1 }], { ...rule, minProbability: 0.6 })).toBeUndefined();
    expect(valueFlagOf('home', undefined, [{ bookmaker: 'A', price: 9 }], rule)).toBeUndefined();
    expect(bestPrice([])).toBeUndefined();
  });

  it('counts an exchange net of its commission, and the list never holds the aggregator maximum', () => {
    expect(netPrice(3, { commission: 0.05 })).toBe(2.9);
    expect(netPrice(3, {})).toBe(3);
    expect(DEFAULT_BOOKMAKERS.some((b) => /^(Max|Bb|Avg|PS)/.test(b.research ?? ''))).toBe(false);
    expect(DEFAULT_BOOKMAKERS.filter((b) => b.research).map((b) => b.research)).toEqual(['B365', 'BW', 'IW', 'WH', 'VC']);
  });
});

describe('value bets in the backtest', () => {
  it("scores a flag's CLV at the price taken against the de-vigged close: 2.2 x 0.55 - 1 = +21 %", () => {
    const [bet] = flaggedBets([match()], (e) => e.fair, rule);
    expect(bet).toMatchObject({ market: '1X2', odds: 2.2, won: true, closeSource: 'pinnacle' });
    expect(bet!.clv).toBeCloseTo(0.21, 10);
  });

  it('keeps bets whose close came from the market average out of the headline', () => {
    const ev = [
      match(),
      match({ date: '2019-08-11', closeX1: { fair: [0.4, 0.3, 0.3], source: 'average' } }),
      match({ date: '2019-08-12', closeX1: undefined }),
    ];
    const v = valueBetsOf(ev, (e) => e.fair, rule, 'test');
    expect(v.all.bets).toBe(3);
    expect(v.clv.n).toBe(1);
    expect(v.clv.mean).toBeCloseTo(0.21, 10);
    expect(v.all.clvAverageClose.n).toBe(1);
    expect(v.all.clvAverageClose.mean).toBeCloseTo(2.2 * 0.4 - 1, 10);
    expect(v.all.withoutClose).toBe(1);
    expect(Object.keys(v.byLeague)).toEqual(['E0']);
    expect(v.byMarket['OU2.5'].bets).toBe(0);
  });

  it('gives the CLV interval by match-day blocks and the share that beat the close', () => {
    const bets = [
      { clv: 0.1, day: 'a' },
      { clv: 0.1, day: 'a' },
      { clv: -0.05, day: 'b' },
      { clv: 0.02, day: 'c' },
    ];
    const s = clvSummary(bets);
    expect(s.n).toBe(4);
    expect(s.mean).toBeCloseTo(0.0425, 10);
    expect(s.beatClosePct).toBe(0.75);
    expect(s.ci95[0]).toBeLessThanOrEqual(s.mean);
    expect(s.ci95[1]).toBeGreaterThanOrEqual(s.mean);
    // every resample is a mix of whole days: the bounds lie within the days' own means
    expect(s.ci95[0]).toBeGreaterThanOrEqual(-0.05 - 1e-12);
    expect(s.ci95[1]).toBeLessThanOrEqual(0.1 + 1e-12);
  });

  it('chooses the rule with the highest lower CLV bound among rules with enough bets', () => {
    // 500 days: Bet365 pays 2.2 at a fair 50 % (10 % edge) and closes at 53 %; William Hill pays 2.05 (2.5 % edge) and the close is 48 %
    const ev = Array.from({ length: 500 }, (_, i) =>
      match({
        date: `2019-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T${i}`,
        books: { B365: { home: 2.2, draw: 3, away: 3 }, WH: { home: 2.05, draw: 3, away: 3 } },
        closeX1: { fair: [0.53, 0.25, 0.22], source: 'pinnacle' },
      }),
    );
    const { rows, chosen } = tuneValueRule(ev, (e) => e.fair, DEFAULT_BOOKMAKERS, 200);
    expect(rows.length).toBeGreaterThan(100);
    expect(chosen!.clv.n).toBe(500);
    expect(chosen!.clv.mean).toBeCloseTo(2.2 * 0.53 - 1, 10);
    // the lowest edge that still takes these bets wins the tie
    expect(chosen!.rule.minEdge).toBe(0.01);
  });
});
