import type { MatchForecast } from '@app/contracts/matches';
import type { Prediction } from '@app/contracts/predictions';

import { formatOdds, formatPercent } from '@/utils/format';
import { formatTime } from '@/utils/list-format';

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

/** One value flag on one line: "Value: Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen 14:05". */
export function ValueBetLine({ bet, className }: { bet: ValueBet; className?: string }) {
  return (
    <span className={className} data-testid="value-bet-line">
      <span className="font-semibold text-premium">Value:</span> <span className="tabular-nums">{valueBetText(bet)}</span>
    </span>
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
