import type { MatchForecast } from '@app/contracts/matches';
import type { Prediction } from '@app/contracts/predictions';

import { useStakeSettings, type StakeSettings } from '@/lib/stake-settings';
import { formatCount, formatOdds, formatPercent } from '@/utils/format';
import { formatQuoteTime, formatTime } from '@/utils/list-format';

type ValueBet = NonNullable<Prediction['valueBets']>[number];
type Selection = ValueBet['market'];

export const SELECTION_LABELS: Record<Selection, string> = {
  home: 'Home',
  draw: 'Draw',
  away: 'Away',
  over25: 'Over 2.5',
  under25: 'Under 2.5',
};

/** The two flags a card can show, one line each (docs/decisions/0134-what-the-card-flags.md). */
export const PICK_LINE = 'Pick: the outcome we think most likely, at 60% or more.';
export const VALUE_LINE = 'Value: a listed bookmaker pays more than the fair price (the sharp market with its margin removed).';
/** Why a match can have both, on different sides. */
export const PICK_AND_VALUE_DIFFER =
  'They can differ: the Pick is about how likely an outcome is, Value about how a bookmaker prices one; a likely outcome can be priced too short and a less likely one too long.';

/** "Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen 14:05" (without the leading "Value: "). */
export function valueBetText(bet: ValueBet): string {
  return [
    `${SELECTION_LABELS[bet.market]} @ ${formatOdds(bet.odds)}${bet.bookmaker ? ` ${bet.bookmaker}` : ''}`,
    ...(bet.fairOdds === null ? [] : [`fair ${formatOdds(bet.fairOdds)}`]),
    formatPercent(bet.edge, { signed: true }),
    ...(bet.seenAt ? [`seen ${formatTime(bet.seenAt)}`] : []),
  ].join(' - ');
}

const PLAN_WORDS: Record<StakeSettings['plan'], string> = { flat: 'flat', kelly: 'quarter-Kelly' };

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
  return [...(bet.quotedAt ? [`quoted ${formatQuoteTime(bet.quotedAt)}`] : []), stakeText(bet, settings) ?? []].flat().join(' - ');
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

/** One value flag on one line: "Value: Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen 14:05", its quote time and stake under it. */
export function ValueBetLine({ bet, className }: { bet: ValueBet; className?: string }) {
  return (
    <>
      <span className={className} data-testid="value-bet-line">
        <span className="font-semibold text-premium">Value:</span> <span className="tabular-nums">{valueBetText(bet)}</span>
      </span>
      <ValueBetDetail bet={bet} />
    </>
  );
}

/** A Pick and a Value flag on the same match, told apart and reconciled (on different selections). */
export function PickAndValue({ picks, valueBets }: { picks: readonly { selection: Selection }[]; valueBets: readonly ValueBet[] }) {
  if (!picks.length || !valueBets.length) return null;
  const differ = valueBets.some((v) => !picks.some((p) => p.selection === v.market));
  return (
    <div className="space-y-0.5 text-xs text-muted-foreground" data-testid="pick-and-value">
      <p>{PICK_LINE}</p>
      <p>{VALUE_LINE}</p>
      {differ ? <p>{PICK_AND_VALUE_DIFFER}</p> : null}
    </div>
  );
}

const EVENT_WORDS = { flagged: 'flagged', moved: 'moved to', withdrawn: 'withdrawn: the edge is gone' } as const;

/** The flags' history on the match page: when each appeared, moved and was withdrawn. */
export function ValueHistory({ events }: { events: MatchForecast['valueHistory'] }) {
  if (events.length < 2) return null;
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium">How the flags moved</h3>
      <ol className="space-y-0.5 text-sm" aria-label="Value flag history">
        {events.map((e) => (
          <li key={`${e.at}-${e.market}-${e.event}`} className="tabular-nums">
            <time dateTime={e.at}>{formatTime(e.at)}</time> {SELECTION_LABELS[e.market]} {EVENT_WORDS[e.event]}
            {e.event !== 'withdrawn' && e.odds !== null
              ? ` ${formatOdds(e.odds)}${e.bookmaker ? ` ${e.bookmaker}` : ''}${e.edge === null ? '' : ` (${formatPercent(e.edge, { signed: true })})`}`
              : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}
