import { Coffee, Lock } from 'lucide-react';
import { Fragment, memo } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import type { ListedPrediction } from '@/features/predictions/api/get-predictions';
import { groupByDayAndLeague } from '@/features/predictions/utils/filter-predictions';
import { flagsOnly, MEMORY_FORECAST, MEMORY_FORECAST_SHORT, NO_FORECAST, NO_FORECAST_SHORT } from '@/features/predictions/utils/forecast-source';
import { ValueBetDetail } from '@/components/predictions/value-bet-detail';
import { ValueBetLine } from '@/components/predictions/value-bet-line';
import { ValueAction } from '@/components/predictions/value-action';
import { shownOutcomes } from '@/features/predictions/utils/shown-probabilities';
import { cn } from '@/utils/cn';
import { formatPercent, WEEKDAYS } from '@/utils/format';
import { formatDayHeading, formatTime } from '@/utils/list-format';
import { probabilityTone } from '@/utils/tones';

/**
 * Where the sticky headers sit: under the site header (4rem and its border) and the list's
 * toolbar (PREDICTIONS_TOOLBAR_CLASS, 3.5rem), the day heading (2rem), then the league's.
 */
export const PREDICTIONS_TOOLBAR_CLASS = 'sticky top-[calc(4rem+1px)] z-30 h-14';
const DAY_HEADING_CLASS = 'sticky top-[calc(7.5rem+1px)] z-20 flex h-8 items-center';
const LEAGUE_HEADING_CLASS = 'sticky top-[calc(9.5rem+1px)] z-10 flex h-7 items-center';

const OUTCOMES = [
  { key: 'home', short: 'H', label: 'Home win' },
  { key: 'draw', short: 'D', label: 'Draw' },
  { key: 'away', short: 'A', label: 'Away win' },
] as const;

/** The column labels over the probabilities, on the league's heading row (the rows carry them for screen readers). */
function ColumnLabels() {
  return (
    <span aria-hidden="true" className="ml-auto grid grid-cols-3 gap-1 text-right text-[0.6875rem] font-semibold">
      {OUTCOMES.map(({ key, short }) => (
        <span key={key} className="w-10">
          {short} %
        </span>
      ))}
    </span>
  );
}

/** The row's right side: H/D/A for a subscriber; a lock (or the break) for everyone else. */
function Outcomes({ prediction, breakUntil }: { prediction: ListedPrediction; breakUntil: string | null }) {
  const shown = prediction.isLocked ? null : shownOutcomes(prediction);
  if (!shown && !prediction.isLocked && flagsOnly(prediction)) return <span className="text-xs text-muted-foreground">No forecast</span>;
  if (!shown) {
    return breakUntil ? (
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        <Coffee aria-hidden="true" className="size-3.5" />
        On a break
      </span>
    ) : (
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="size-3.5" />
        Premium
      </span>
    );
  }
  return (
    <span className="grid grid-cols-3 gap-1 text-right">
      {OUTCOMES.map(({ key, label }) => (
        <span key={key} className={cn('w-10 text-sm font-semibold tabular-nums', probabilityTone(shown[key]))}>
          <span className="sr-only">{label} </span>
          <span data-testid="list-probability">{formatPercent(shown[key]).slice(0, -1)}</span>
          <span className="sr-only">%</span>
        </span>
      ))}
    </span>
  );
}

/**
 * One match: kickoff, teams, where the forecast comes from when the match has no odds of its own, H/D/A (or a
 * lock), the value flag; the whole row opens the match page.
 * Memoised: the page's other renders (the session answering, a filter typed) leave the rows be.
 */
const Row = memo(function Row({ prediction, breakUntil, withDay = false }: { prediction: ListedPrediction; breakUntil: string | null; withDay?: boolean }) {
  // a league without history has no match page: its row is not a link
  const noForecast = flagsOnly(prediction);
  const rowClass = 'flex min-w-0 flex-1 items-center gap-2 px-3 py-2';
  const body = (
    <>
      <time dateTime={prediction.matchTime} className={cn('shrink-0 text-sm font-medium tabular-nums', withDay ? 'w-[4.5rem]' : 'w-10')}>
        {withDay ? `${WEEKDAYS[new Date(prediction.matchTime).getDay()]} ${formatTime(prediction.matchTime)}` : formatTime(prediction.matchTime)}
      </time>
      <span className="flex min-w-0 flex-1 flex-col text-sm leading-snug">
        <span className="truncate">{prediction.homeTeamName}</span>
        <span className="truncate">
          <span className="sr-only">vs </span>
          {prediction.awayTeamName}
        </span>
        {/* Said on every row, locked or not, as the card says it: the match has no odds of its own yet. */}
        {prediction.forecastSource === 'memory' ? (
          <span className="text-xs leading-4 text-muted-foreground" title={MEMORY_FORECAST} data-testid="forecast-source">
            {MEMORY_FORECAST_SHORT}
          </span>
        ) : null}
        {noForecast ? (
          <span className="text-xs leading-4 text-muted-foreground" title={NO_FORECAST} data-testid="forecast-source">
            {NO_FORECAST_SHORT}
          </span>
        ) : null}
        {!prediction.isLocked && prediction.valueBets?.length
          ? prediction.valueBets.map((bet) => (
              <Fragment key={bet.market}>
                <ValueBetLine bet={bet} className="text-xs leading-4" />
                <ValueBetDetail bet={bet} />
              </Fragment>
            ))
          : null}
      </span>
      <span className="flex shrink-0 flex-col items-end gap-0.5">
        <Outcomes prediction={prediction} breakUntil={breakUntil} />
      </span>
    </>
  );
  return (
    <li className="flex flex-wrap items-center gap-x-1 has-[form]:pb-2">
      {noForecast ? (
        <div className={rowClass} data-testid="prediction-row">
          {body}
        </div>
      ) : (
        <Link
          to={paths.match.getHref(prediction.id)}
          className={cn(rowClass, 'hover:bg-muted focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring')}
          data-testid="prediction-row"
        >
          {body}
        </Link>
      )}
      {/* Beside the row's link, not in it (a button cannot sit in a link); only for a subscriber who may record bets. */}
      {!prediction.isLocked && prediction.valueBets?.length
        ? prediction.valueBets.map((bet) => <ValueAction key={bet.market} fixtureId={prediction.id} bet={bet} compact />)
        : null}
    </li>
  );
});

/**
 * docs/product.md#predictions: the compact list, one row a match, grouped by day and by league
 * under headings that stay on screen while their matches scroll past. The default on a phone.
 */
export function PredictionList({
  predictions,
  breakUntil,
  now = new Date(),
  sortedBy,
}: {
  predictions: ListedPrediction[];
  breakUntil: string | null;
  now?: Date;
  /** Sorted by a probability: one list across days, in that order, each row with its day. */
  sortedBy?: string;
}) {
  if (sortedBy) {
    return (
      <div className="space-y-2" data-testid="prediction-list">
        <h3 className={cn(DAY_HEADING_CLASS, 'bg-background text-sm font-semibold')}>{sortedBy}, all days</h3>
        <div className="overflow-clip rounded-xl border border-border bg-background">
          <ul className="divide-y divide-border">
            {predictions.map((prediction) => (
              <Row key={prediction.id} prediction={prediction} breakUntil={breakUntil} withDay />
            ))}
          </ul>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4" data-testid="prediction-list">
      {groupByDayAndLeague(predictions).map(({ day, leagues }) => (
        <div key={day}>
          <h3 className={cn(DAY_HEADING_CLASS, 'bg-background text-sm font-semibold')}>{formatDayHeading(day, now)}</h3>
          <div className="space-y-2">
            {leagues.map(({ league, predictions: matches }) => (
              <div key={league} className="overflow-clip rounded-xl border border-border bg-background">
                <h4 className={cn(LEAGUE_HEADING_CLASS, 'gap-2 border-b border-border bg-surface px-3 text-xs font-semibold text-muted-foreground')}>
                  <span className="min-w-0 truncate">{league}</span>
                  {matches.some((p) => !p.isLocked) ? <ColumnLabels /> : null}
                </h4>
                <ul className="divide-y divide-border">
                  {matches.map((prediction) => (
                    <Row key={prediction.id} prediction={prediction} breakUntil={breakUntil} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
