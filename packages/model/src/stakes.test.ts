import { describe, expect, it } from 'vitest';
import { FLAT_PLAN, KELLY_PLAN, planResults, stakeShare, suggestedStake } from './stakes.ts';

describe('stake plans', () => {
  it('stakes a flat share, or a fraction of Kelly from the fair probability, capped and never below 0', () => {
    expect(stakeShare(FLAT_PLAN, 0.5, 2.2)).toBe(0.01);
    // Kelly at 50 % and 2.1: (1.05 - 1) / 1.1 = 4.55 %; a quarter of it 1.14 %
    expect(stakeShare(KELLY_PLAN, 0.5, 2.1)).toBeCloseTo(0.05 / 1.1 / 4, 10);
    // a 20 % edge at evens: Kelly 20 %, a quarter 5 %, capped at 2.5 %
    expect(stakeShare(KELLY_PLAN, 0.6, 2)).toBe(0.025);
    expect(stakeShare(KELLY_PLAN, 0.4, 2)).toBe(0);
    // money for the bankroll the subscriber sets, rounded down to cents
    expect(suggestedStake(KELLY_PLAN, 0.5, 2.1, 1000)).toBe(11.36);
    expect(suggestedStake(FLAT_PLAN, 0.5, 2.1, 250)).toBe(2.5);
  });

  it("reports each plan's profit, ROI and worst drawdown over the bets in day order, with intervals that hold them", () => {
    // day 1 won at 3.0, days 2 and 3 lost, day 4 won at 2.0: flat 1 unit each
    const bets = [
      { day: '2021-01-04', odds: 2, fairProbability: 0.55, profit: 1 },
      { day: '2021-01-01', odds: 3, fairProbability: 0.4, profit: 2 },
      { day: '2021-01-02', odds: 2.5, fairProbability: 0.45, profit: -1 },
      { day: '2021-01-03', odds: 2.5, fairProbability: 0.45, profit: -1 },
    ];
    const [flat, kelly] = planResults(bets, [FLAT_PLAN, KELLY_PLAN], 200);
    expect(flat).toMatchObject({ bets: 4, staked: 4, profit: 1, roi: 0.25, maxDrawdown: 2 });
    expect(flat!.profitCI95[0]).toBeLessThanOrEqual(flat!.profit);
    expect(flat!.profitCI95[1]).toBeGreaterThanOrEqual(flat!.profit);
    expect(flat!.maxDrawdownCI95[0]).toBeGreaterThanOrEqual(0);
    // Kelly stakes more on the bigger edges: 0.25 x (0.2 / 2) on day 1 = 2.5 % of 100
    expect(kelly!.staked).toBeCloseTo(2.5 + 2 * ((0.25 * 0.125) / 1.5) * 100 + 0.25 * 0.1 * 100, 10);
    expect(kelly!.name).toBe('0.25 Kelly from the fair probability, at most 2.5 % of the bankroll');
  });
});
