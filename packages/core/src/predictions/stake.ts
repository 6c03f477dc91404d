/**
 * The stake a value flag suggests (docs/decisions/0320-a-stake-on-every-flag.md): a share of the
 * subscriber's bankroll under a stated plan. One small pure function, so the plan can be swapped
 * without touching the pages: the ledger stakes every entry the same two ways (its quarter-Kelly is here).
 */
import { KELLY_CAP_UNITS, KELLY_FRACTION, type StakePlan } from '@app/contracts/rules';
import { round } from '../numbers.ts';

/**
 * Quarter-Kelly in units: 100 x 1/4 x (p x price - 1) / (price - 1), at most 2.5 units, 0 when
 * the price offers no edge on the probability (docs/decisions/0130-the-bet-ledger.md). The ledger
 * stakes every entry so; a flag's suggestion follows it.
 */
export function quarterKelly(probability: number, price: number | null): number {
  if (price === null || price <= 1) return 0;
  const kelly = (probability * price - 1) / (price - 1);
  return kelly <= 0 ? 0 : round(Math.min(KELLY_CAP_UNITS, 100 * KELLY_FRACTION * kelly), 2);
}

/** One unit of the ledger: this percent of a bankroll. */
export const UNIT_PERCENT = 1;

/**
 * The suggested stake in percent of the bankroll: `flat`, one unit on every flag; `kelly`, the
 * ledger's quarter-Kelly from the sharp fair probability at the flagged price, capped (0 when
 * the price has no edge on that probability).
 */
export function suggestStake({ plan, fairProbability, odds }: { plan: StakePlan; fairProbability: number; odds: number }): number {
  if (plan === 'flat') return UNIT_PERCENT;
  return quarterKelly(fairProbability, odds) * UNIT_PERCENT;
}

/** Both plans' suggestions, as a flag carries them (the page shows the subscriber's plan); null without a fair probability. */
export function stakeSuggestions(fairProbability: number | undefined, odds: number): { flat: number; kelly: number } | null {
  if (!fairProbability || !(odds > 1)) return null;
  return { flat: suggestStake({ plan: 'flat', fairProbability, odds }), kelly: suggestStake({ plan: 'kelly', fairProbability, odds }) };
}
