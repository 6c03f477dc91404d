import { describe, expect, it } from 'vitest';
import { netPrice, DEFAULT_BOOKMAKERS } from '@app/model/bookmakers';
import { clvSummary, flaggedBets, handicapProfit, sharpFair, tuneForEarnings, tuneValueRule, valueBetsOf, type ValueBetMatch } from './value-backtest.ts';
import { bestPrice, valueFlagOf, VALUE_RULES } from '@app/model/value-rule';

const rule = { minEdge: 0.02, minOdds: 1.01, maxOdds: 15, minProbability: 0 };

/** A match where Bet365 pays 2.2 on the home side and the fair price is 50 %: a 10 % edge. */
function match(over: Partial<ValueBetMatch & { fair: Record<string, number> }> = {}): ValueBetMatch & { fair: Record<string, number> } {
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

describe('value bets per market', () => {
  it('settles an Asian handicap side on the goal difference: a whole line level is a push, a quarter line half of each neighbour', () => {
    expect(handicapProfit(0.5, 1.9)).toBeCloseTo(0.9, 10);
    expect(handicapProfit(-0.5, 1.9)).toBe(-1);
    expect(handicapProfit(0, 1.9)).toBe(0);
    // home -0.25 and a draw: half pushed, half lost
    expect(handicapProfit(-0.25, 1.9)).toBe(-0.5);
    // home -0.75 winning by one: half won at -0.5, half pushed at -1
    expect(handicapProfit(0.25, 1.9)).toBeCloseTo(0.45, 10);
  });

  it("flags an Asian handicap side at Bet365's price over Pinnacle's fair price; CLV only against a close at the same line", () => {
    const ah = (close: { line: number; fairHome: number }) =>
      match({
        homeGoals: 1,
        awayGoals: 1,
        books: {},
        ah: { line: -0.25, fairHome: 0.5, books: { B365: { home: 2.1, away: 1.8 } }, close },
      });
    const [same] = flaggedBets([ah({ line: -0.25, fairHome: 0.52 })], sharpFair, rule);
    expect(same).toMatchObject({ market: 'AH', line: -0.25, odds: 2.1, profit: -0.5, won: false, closeSource: 'pinnacle' });
    expect(same!.clv).toBeCloseTo(2.1 * 0.52 - 1, 10);
    const [moved] = flaggedBets([ah({ line: -0.5, fairHome: 0.45 })], sharpFair, rule);
    expect(moved).toMatchObject({ market: 'AH', line: -0.25 });
    expect(moved!.clv).toBeUndefined();
    const v = valueBetsOf([ah({ line: -0.5, fairHome: 0.45 })], sharpFair, rule, 'test');
    expect(v.byMarket.AH).toMatchObject({ bets: 1, withoutClose: 1 });
    expect(v.byMarket.AH.clv.n).toBe(0);
  });

  it('applies each market its own rule and flags no market without one (the rules in force flag no Over/Under)', () => {
    const e = match({ booksOU: { B365: { over: 2.3, under: 1.6 } }, fair: { home: 0.5, over25: 0.5 } });
    const only1x2 = flaggedBets([e], (x) => x.fair, { '1X2': rule });
    expect(only1x2.map((b) => b.market)).toEqual(['1X2']);
    const both = flaggedBets([e], (x) => x.fair, { '1X2': rule, 'OU2.5': rule });
    expect(both.map((b) => b.market)).toEqual(['1X2', 'OU2.5']);
    expect(valueFlagOf('over25', 0.5, [{ bookmaker: 'A', price: 3 }], VALUE_RULES)).toBeUndefined();
    expect(valueFlagOf('home', 0.5, [{ bookmaker: 'A', price: 2.03 }], VALUE_RULES)).toMatchObject({ price: 2.03 });
  });

  it('sums the CLV in stake units with an interval by match-day blocks', () => {
    const s = clvSummary([
      { clv: 0.1, day: 'a' },
      { clv: -0.05, day: 'b' },
      { clv: 0.02, day: 'c' },
    ]);
    expect(s.total).toBeCloseTo(0.07, 10);
    // a resample is three whole days: between three of the worst and three of the best
    expect(s.totalCI95[0]).toBeGreaterThanOrEqual(-0.15 - 1e-12);
    expect(s.totalCI95[1]).toBeLessThanOrEqual(0.3 + 1e-12);
    expect(s.totalCI95[0]).toBeLessThan(s.totalCI95[1]);
  });

  it("chooses each market's rule by the lower bound of the total CLV per season, and none where no rule's mean CLV interval is above 0", () => {
    // 40 days: Bet365 pays 2.2 on the home side at a fair 50 % and closes at 53 %; Interwetten pays 2.04 (2 % edge) on the away
    // side at a fair 50 %, closing at 52 % (CLV +6 %); Bet365's over pays 2.1 at a fair 50 % but closes at 45 % (CLV -5.5 %)
    const ev = Array.from({ length: 40 }, (_, i) =>
      match({
        date: `2019-09-${String(1 + (i % 28)).padStart(2, '0')}T${i}`,
        books: { B365: { home: 2.2, draw: 3, away: 1.5 }, IW: { home: 1.5, draw: 3, away: 2.04 } },
        booksOU: { B365: { over: 2.1, under: 1.7 } },
        closeX1: { fair: [0.53, 0.25, 0.52], source: 'pinnacle' },
        closeOver: { over: 0.45, source: 'pinnacle' },
        fair: { home: 0.5, draw: 0.2, away: 0.5, over25: 0.5, under25: 0.5 },
      }),
    );
    const { chosen, byMarket } = tuneForEarnings(ev, (e) => e.fair, DEFAULT_BOOKMAKERS, 50);
    // the 2 % edge takes both sides (more units) and beats any rule that takes the home side alone
    expect(chosen['1X2']).toMatchObject({ minEdge: 0.01 });
    expect(byMarket['1X2']!.clv.n).toBe(80);
    expect(byMarket['1X2']!.seasons).toBe(1);
    expect(chosen['OU2.5']).toBeUndefined();
    expect(chosen.AH).toBeUndefined();
  });
});
