import type { Prediction } from '@app/contracts/predictions';

import { useStakeSettings, type StakeSettings } from '@/lib/stake-settings';
import { formatCount, formatPercent, formatStamp } from '@/utils/format';

type ValueBet = NonNullable<Prediction['valueBets']>[number];

export const PLAN_WORDS: Record<StakeSettings['plan'], string> = { flat: 'flat', kelly: 'quarter-Kelly' };

/** Dollars to the cent with thousands separators, unsigned: `$1,250.00`. */
const dollars = (amount: number) => `$${formatCount(Math.trunc(amount))}.${String(Math.round((amount % 1) * 100)).padStart(2, '0')}`;

/**
 * The suggested stake under the subscriber's plan (docs/decisions/0320-a-stake-on-every-flag.md): "stake $25.00 (1.0% of
 * $2,500, flat)", or "stake 1.0% of your bankroll (flat)" until they set one; null when the flag has none.
 */
export function stakeText(bet: ValueBet, { plan, bankroll }: StakeSettings): string | null {
  if (!bet.stake) return null;
  const share = bet.stake[plan];
  if (share <= 0) return `no stake (${PLAN_WORDS[plan]}: no edge at this price)`;
  if (bankroll === null) return `stake ${formatPercent(share)} of your bankroll (${PLAN_WORDS[plan]})`;
  return `stake ${dollars((bankroll * share) / 100)} (${formatPercent(share)} of ${dollars(bankroll).replace(/\.00$/, '')}, ${PLAN_WORDS[plan]})`;
}

/** "quoted Tue 8 Dec 21:34 GMT - stake $25.00 (1.0% of $2,500, flat)": when the price was quoted, and the stake it suggests. */
export function valueBetDetail(bet: ValueBet, settings: StakeSettings): string {
  return [...(bet.quotedAt ? [`quoted ${formatStamp(bet.quotedAt)}`] : []), stakeText(bet, settings) ?? []].flat().join(' - ');
}

/** The detail of a flag, under its line, in the subscriber's stake settings. */
export function ValueBetDetail({ bet, className }: { bet: ValueBet; className?: string }) {
  const text = valueBetDetail(bet, useStakeSettings());
  if (!text) return null;
  return (
    <span className={className ?? 'block text-xs text-muted-foreground tabular-nums'} data-testid="value-bet-detail">
      {text}
    </span>
  );
}
