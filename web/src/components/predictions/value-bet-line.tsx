import type { MatchForecast } from '@app/contracts/matches';
import type { Prediction } from '@app/contracts/predictions';

import { formatOdds, formatPercent, formatStamp } from '@/utils/format';

type ValueBet = NonNullable<Prediction['valueBets']>[number];
type Selection = ValueBet['market'];

export const SELECTION_LABELS: Record<Selection, string> = {
  home: 'Home',
  draw: 'Draw',
  away: 'Away',
  over25: 'Over 2.5',
  under25: 'Under 2.5',
};

/** "Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen Mon 14 Mar 14:05 GMT" (without the leading "Value: "). */
export function valueBetText(bet: ValueBet): string {
  return [
    `${SELECTION_LABELS[bet.market]} @ ${formatOdds(bet.odds)}${bet.bookmaker ? ` ${bet.bookmaker}` : ''}`,
    ...(bet.fairOdds === null ? [] : [`fair ${formatOdds(bet.fairOdds)}`]),
    formatPercent(bet.edge, { signed: true }),
    ...(bet.seenAt ? [`seen ${formatStamp(bet.seenAt)}`] : []),
  ].join(' - ');
}

/** One value flag on one line: "Value: Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen Mon 14 Mar 14:05 GMT". */
export function ValueBetLine({ bet, className }: { bet: ValueBet; className?: string }) {
  return (
    <span className={className} data-testid="value-bet-line">
      <span className="font-semibold text-premium">Value:</span> <span className="tabular-nums">{valueBetText(bet)}</span>
    </span>
  );
}

/**
 * Where a Pick and a Value flag meet, one line says why they differ (the most likely outcome
 * against a mispriced one) or that they agree.
 */
export function pickAndValueLine(pick: { selection: Selection; probability: number }, value: ValueBet): string {
  if (pick.selection === value.market) {
    return `Pick and Value agree: ${SELECTION_LABELS[pick.selection]} is both the outcome we think most likely and priced above its fair price.`;
  }
  return `Why they differ: the Pick, ${SELECTION_LABELS[pick.selection]} (${formatPercent(pick.probability)}), is the outcome we think most likely; the Value, ${SELECTION_LABELS[value.market]}, is less likely but priced too long${value.bookmaker ? ` by ${value.bookmaker}` : ''}.`;
}

/** A Pick and a Value flag on the same match: one line, why they differ or that they agree. */
export function PickAndValue({ picks, valueBets }: { picks: readonly { selection: Selection; probability: number }[]; valueBets: readonly ValueBet[] }) {
  if (!picks.length || !valueBets.length) return null;
  // the flag on another side than a pick, if any, else the one that agrees
  const value = valueBets.find((v) => !picks.some((p) => p.selection === v.market)) ?? valueBets[0]!;
  const pick = picks.find((p) => p.selection === value.market) ?? picks[0]!;
  return (
    <p className="text-xs text-muted-foreground" data-testid="pick-and-value">
      {pickAndValueLine(pick, value)}
    </p>
  );
}

const EVENT_WORDS = { flagged: 'flagged', moved: 'moved to', withdrawn: 'withdrawn: the edge is gone' } as const;

/** The flags' history on the match page: when each appeared (at what price and edge), moved and was withdrawn. */
export function ValueHistory({ events }: { events: MatchForecast['valueHistory'] }) {
  if (!events.length) return null;
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium">How the flags moved</h3>
      <ol className="space-y-0.5 text-sm" aria-label="Value flag history">
        {events.map((e) => (
          <li key={`${e.at}-${e.market}-${e.event}`} className="tabular-nums">
            <time dateTime={e.at}>{formatStamp(e.at)}</time> {SELECTION_LABELS[e.market]} {EVENT_WORDS[e.event]}
            {e.event !== 'withdrawn' && e.odds !== null
              ? ` ${formatOdds(e.odds)}${e.bookmaker ? ` ${e.bookmaker}` : ''}${e.edge === null ? '' : ` (${formatPercent(e.edge, { signed: true })})`}`
              : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}
