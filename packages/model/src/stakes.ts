/**
 * Stake plans (docs/decisions/0311-stake-plans.md): how much of a bankroll a flag suggests staking.
 * Flat: a fixed share. Kelly: a fraction of the Kelly share from the sharp fair probability, capped.
 * Pure; the backtest scores each plan on the flagged bets, the product shows the suggestion.
 */
import { mulberry32 } from './random.ts';

export type StakePlan = { kind: 'flat'; share: number } | { kind: 'kelly'; fraction: number; cap: number };

/** The plans the backtest reports and a flag can suggest: 1 % flat, and a quarter Kelly capped at 2.5 % (the ledger's two stakes). */
export const FLAT_PLAN: StakePlan = { kind: 'flat', share: 0.01 };
export const KELLY_PLAN: StakePlan = { kind: 'kelly', fraction: 0.25, cap: 0.025 };
export const STAKE_PLANS: readonly StakePlan[] = [FLAT_PLAN, KELLY_PLAN];

/** The plan in words, as a report or a card names it. */
export function planName(plan: StakePlan): string {
  return plan.kind === 'flat'
    ? `flat ${+(plan.share * 100).toFixed(2)} % of the bankroll`
    : `${plan.fraction} Kelly from the fair probability, at most ${+(plan.cap * 100).toFixed(2)} % of the bankroll`;
}

/**
 * The share of the bankroll a plan stakes on a price with a fair probability: Kelly's share is
 * (p x price - 1) / (price - 1), 0 when there is no edge; never above the cap, never below 0.
 */
export function stakeShare(plan: StakePlan, fairProbability: number, price: number): number {
  if (plan.kind === 'flat') return plan.share;
  if (!(price > 1) || !(fairProbability > 0)) return 0;
  const kelly = (fairProbability * price - 1) / (price - 1);
  return Math.min(plan.cap, Math.max(0, plan.fraction * kelly));
}

/** The stake in money of a bankroll (rounded down to cents). */
export function suggestedStake(plan: StakePlan, fairProbability: number, price: number, bankroll: number): number {
  return Math.floor(stakeShare(plan, fairProbability, price) * bankroll * 100) / 100;
}

/** A bet as a plan is scored on it: its day, price, fair probability and profit per unit staked. */
export interface PlanBet {
  day: string;
  odds: number;
  fairProbability: number;
  profit: number;
}

/** A plan's figures on a set of bets, in units of a bankroll of 100 (stakes from the starting bankroll, not compounded). */
export interface PlanResult {
  plan: StakePlan;
  name: string;
  bets: number;
  staked: number;
  profit: number;
  profitCI95: [number, number];
  roi: number;
  roiCI95: [number, number];
  /** The worst fall of the running profit from its previous peak (units of the bankroll of 100). */
  maxDrawdown: number;
  maxDrawdownCI95: [number, number];
}

const BANKROLL = 100;

/** Staked, profit and the worst drawdown of day totals taken in order. */
function path(days: readonly { staked: number; profit: number }[]): { staked: number; profit: number; maxDrawdown: number } {
  let staked = 0,
    profit = 0,
    peak = 0,
    worst = 0;
  for (const d of days) {
    staked += d.staked;
    profit += d.profit;
    peak = Math.max(peak, profit);
    worst = Math.max(worst, peak - profit);
  }
  return { staked, profit, maxDrawdown: worst };
}

const interval = (xs: number[]): [number, number] => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))]!;
  return s.length ? [at(0.025), at(0.975)] : [NaN, NaN];
};

/**
 * Each plan's profit, ROI and worst drawdown over the bets in day order, with 95 % intervals from
 * a bootstrap of match days (days drawn with replacement and played in the order drawn; a fixed seed).
 */
export function planResults(bets: readonly PlanBet[], plans: readonly StakePlan[], replicates = 1000, seed = 20_201_001): PlanResult[] {
  return plans.map((plan) => {
    const byDay = new Map<string, { staked: number; profit: number }>();
    for (const b of [...bets].sort((a, c) => (a.day < c.day ? -1 : a.day > c.day ? 1 : 0))) {
      const stake = stakeShare(plan, b.fairProbability, b.odds) * BANKROLL;
      const d = byDay.get(b.day) ?? { staked: 0, profit: 0 };
      d.staked += stake;
      d.profit += stake * b.profit;
      byDay.set(b.day, d);
    }
    const days = [...byDay.values()];
    const seen = path(days);
    const random = mulberry32(seed);
    const profits: number[] = [],
      rois: number[] = [],
      drawdowns: number[] = [];
    for (let r = 0; r < (days.length ? replicates : 0); r++) {
      const drawn = days.map(() => days[Math.floor(random() * days.length)]!);
      const p = path(drawn);
      profits.push(p.profit);
      rois.push(p.staked ? p.profit / p.staked : NaN);
      drawdowns.push(p.maxDrawdown);
    }
    return {
      plan,
      name: planName(plan),
      bets: bets.length,
      staked: seen.staked,
      profit: seen.profit,
      profitCI95: interval(profits),
      roi: seen.staked ? seen.profit / seen.staked : NaN,
      roiCI95: interval(rois.filter(Number.isFinite)),
      maxDrawdown: seen.maxDrawdown,
      maxDrawdownCI95: interval(drawdowns),
    };
  });
}
