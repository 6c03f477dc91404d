/**
 * The stake a value flag suggests (docs/decisions/0320-a-stake-on-every-flag.md): a share of the
 * subscriber's bankroll under a stated plan. One small pure function, so the plan can be swapped
 * without touching the pages: the ledger stakes every entry the same two ways.
 */
import type { StakePlan } from '@app/contracts/rules';
import { quarterKelly } from '../ledger/entry.ts';

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
