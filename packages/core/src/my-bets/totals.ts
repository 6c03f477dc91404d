/**
 * The totals of a subscriber's bets and their cumulative profit beside the profit their CLV
 * expected (docs/decisions/0300-my-bets.md). Pure functions.
 */
import type { TrackedTotals } from '@app/contracts/my-bets';
import { MIN_BETS_TO_JUDGE } from '@app/contracts/rules';
import { blockBootstrapInterval } from '@app/model/bootstrap';
import { round } from '../numbers.ts';
import { clvOfBet, isOpen, type StoredTrackedBet } from './bet.ts';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * 95 % interval of a statistic of column sums, resampling whole kickoff days (the track record's
 * bootstrap); null under `MIN_BETS_TO_JUDGE` bets (a bootstrap of a few bets is narrow because it has
 * little to resample: docs/decisions/0301-my-bets-judged-from-100-bets.md) or under 2 days.
 */
function interval(days: readonly string[], columns: number[][], statistic: (s: number[]) => number, digits: number): [number, number] | null {
  if (days.length < MIN_BETS_TO_JUDGE || new Set(days).size < 2) return null;
  const [low, high] = blockBootstrapInterval(days, columns, statistic);
  return [round(low, digits), round(high, digits)];
}

/** Counts and stakes exactly; profit, ROI (% of the settled stake) and mean CLV (%) with their 95 % intervals. */
export function totalsOf(bets: readonly StoredTrackedBet[]): TrackedTotals {
  const settled = bets.filter((b) => !isOpen(b));
  const days = settled.map((b) => b.kickoff.slice(0, 10));
  const profits = settled.map((b) => b.profit ?? 0);
  const stakes = settled.map((b) => b.stake);
  const settledStaked = sum(stakes);
  const profit = sum(profits);
  const priced = settled.filter((b) => clvOfBet(b) !== null);
  const clvs = priced.map((b) => clvOfBet(b)!);
  const profitCi95 = interval(days, [profits], (s) => s[0]!, 2);
  const roiCi95 = interval(days, [profits, stakes], (s) => (s[1]! > 0 ? (s[0]! / s[1]!) * 100 : 0), 1);
  const meanClvCi95 = interval(
    priced.map((b) => b.kickoff.slice(0, 10)),
    [clvs, clvs.map(() => 1)],
    (s) => (s[0]! / s[1]!) * 100,
    1,
  );
  const placed = bets.map((b) => b.placedAt).sort();
  return {
    bets: bets.length,
    open: bets.length - settled.length,
    settled: settled.length,
    staked: round(sum(bets.map((b) => b.stake)), 2),
    settledStaked: round(settledStaked, 2),
    profit: round(profit, 2),
    profitCi95,
    roi: settledStaked > 0 ? round((profit / settledStaked) * 100, 1) : null,
    roiCi95,
    meanClv: clvs.length ? round((sum(clvs) / clvs.length) * 100, 1) : null,
    meanClvCi95,
    clvBets: clvs.length,
    minBetsToJudge: MIN_BETS_TO_JUDGE,
    // One rule with the track record's pages: under the stated count, no interval and this note in its place.
    tooFewToJudge: settled.length < MIN_BETS_TO_JUDGE,
    firstPlacedAt: placed[0] ?? null,
    lastPlacedAt: placed.at(-1) ?? null,
  };
}

/** One point per settled bet in settlement order: cumulative profit, and cumulative stake x CLV (0 without a closing price). */
export function curveOf(bets: readonly StoredTrackedBet[]): Array<{ at: string; profit: number; expected: number }> {
  const settled = bets
    .filter((b) => !isOpen(b))
    .sort((a, b) => a.settledAt!.localeCompare(b.settledAt!) || a.placedAt.localeCompare(b.placedAt) || a.id.localeCompare(b.id));
  let profit = 0;
  let expected = 0;
  return settled.map((b) => {
    profit += b.profit ?? 0;
    expected += b.stake * (clvOfBet(b) ?? 0);
    return { at: b.settledAt!, profit: round(profit, 2), expected: round(expected, 2) };
  });
}
