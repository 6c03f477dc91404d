import type { Prediction } from '@app/contracts/predictions';
import { CalendarClock, Lock, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ListedPrediction } from '@/features/predictions/api/get-predictions';
import { cn } from '@/utils/cn';
import { shownOutcomes, shownOverUnder } from '@/features/predictions/utils/shown-probabilities';
import { formatKickoff, formatOdds, formatProbability } from '@/utils/format';
import { probabilityBarTone, probabilityTone } from '@/utils/tones';

type PredictionCardProps = {
  prediction: ListedPrediction;
  /** h3 under a section heading (default), h2 directly under the page's h1. */
  headingLevel?: 'h2' | 'h3';
};

const MARKET_LABELS: Record<NonNullable<Prediction['valueBets']>[number]['market'], string> = {
  home: 'Home win',
  draw: 'Draw',
  away: 'Away win',
  over25: 'Over 2.5',
  under25: 'Under 2.5',
};

/** One probability: label, value in its colour (docs/product.md#colours) and a bar. */
function ProbabilityRow({ label, percent, pick = false }: { label: string; percent: number; pick?: boolean }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">
        {label}
        {pick ? <span className="ml-1.5 rounded bg-muted px-1 text-xs font-semibold text-foreground">Pick</span> : null}
      </dt>
      <dd className="mt-0.5">
        <span className={cn('text-lg font-bold tabular-nums', probabilityTone(percent))} data-testid="probability">
          {formatProbability(percent)}
        </span>
        <span aria-hidden="true" className="mt-1 block h-1.5 overflow-hidden rounded-full bg-muted">
          <span className={cn('block h-full rounded-full', probabilityBarTone(percent))} style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
        </span>
      </dd>
    </div>
  );
}

type OutcomeView = NonNullable<NonNullable<Prediction['insights']>['models']>;

/**
 * Our models (football data only) beside the market's fair probabilities, so a subscriber can see where they
 * disagree; without bookmaker odds the card says the forecast is the models' alone.
 */
function ModelsAndMarket({ models, market }: { models: OutcomeView; market: OutcomeView | null }) {
  const row = (label: string, view: OutcomeView) => (
    <tr>
      <th scope="row" className="py-0.5 text-left font-normal whitespace-nowrap text-muted-foreground">
        {label}
      </th>
      {[view.home, view.draw, view.away].map((value, index) => (
        <td key={index} className="py-0.5 pl-3 text-right font-semibold tabular-nums">
          {formatProbability(value)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="mt-3">
      <table className="w-full text-sm">
        <caption className="sr-only">Our models and the market</caption>
        <thead>
          <tr className="text-xs text-muted-foreground">
            <td />
            <th scope="col" className="pl-3 text-right font-medium">Home</th>
            <th scope="col" className="pl-3 text-right font-medium">Draw</th>
            <th scope="col" className="pl-3 text-right font-medium">Away</th>
          </tr>
        </thead>
        <tbody>
          {row('Our models', models)}
          {market ? row('Market', market) : null}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-muted-foreground">
        {market
          ? 'Our models: results and match statistics only. Market: bookmaker odds, margin removed.'
          : 'No bookmaker odds for this match: the forecast is our models’ alone.'}
      </p>
    </div>
  );
}

function LockedBody({ describedBy }: { describedBy: string }) {
  return (
    <div className="mt-4 flex flex-1 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border bg-surface px-4 py-6 text-center">
      <Lock aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="text-sm font-medium">Subscribe to unlock full predictions</p>
      <Link to={paths.pricing.getHref({ intent: 'subscribe' })} aria-describedby={describedBy} className={buttonStyles({ size: 'sm' })}>
        Unlock Predictions
      </Link>
    </div>
  );
}

function UnlockedBody({ prediction }: { prediction: Prediction }) {
  const { insights, valueBets } = prediction;
  const valueNoteId = useId();
  const { home, draw, away } = shownOutcomes(prediction) ?? {};
  const { over, under } = shownOverUnder(prediction) ?? {};
  return (
    <div className="mt-4 space-y-4">
      {home !== undefined && draw !== undefined && away !== undefined ? (
        <dl className="grid grid-cols-3 gap-3">
          <ProbabilityRow label="Home" percent={home} />
          <ProbabilityRow label="Draw" percent={draw} />
          <ProbabilityRow label="Away" percent={away} />
        </dl>
      ) : null}
      {over !== undefined && under !== undefined ? (
        <dl className="grid grid-cols-2 gap-3 border-t border-border pt-4">
          <ProbabilityRow label="Over 2.5" percent={over} pick={over > under} />
          <ProbabilityRow label="Under 2.5" percent={under} pick={under > over} />
        </dl>
      ) : null}
      {insights ? (
        <div className="border-t border-border pt-4">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Model insights</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Expected goals</dt>
            <dd className="text-right font-semibold tabular-nums">
              {insights.expectedGoals.home.toFixed(2)} - {insights.expectedGoals.away.toFixed(2)}
            </dd>
            <dt className="text-muted-foreground">Both teams to score</dt>
            <dd className="text-right font-semibold tabular-nums">{formatProbability(insights.bothTeamsToScore)}</dd>
          </dl>
          {insights.models ? <ModelsAndMarket models={insights.models} market={insights.market} /> : null}
          {insights.topScores.length > 0 ? (
            <>
              <p className="mt-2 text-sm text-muted-foreground">Most likely scores</p>
              <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Most likely scores">
                {insights.topScores.slice(0, 3).map((score) => (
                  <li key={`${score.home}-${score.away}`} className="rounded-md bg-muted px-2 py-1 text-xs font-medium tabular-nums">
                    {score.home}-{score.away} <span className="text-muted-foreground">{formatProbability(score.probability)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      {valueBets && valueBets.length > 0 ? (
        <ul className="space-y-1 border-t border-border pt-4 text-sm" aria-label="Value bets" aria-describedby={valueNoteId}>
          {valueBets.map((bet) => (
            <li key={bet.market} className="flex justify-between gap-2">
              <span>{MARKET_LABELS[bet.market]}</span>
              <span className="tabular-nums text-muted-foreground">
                {bet.priceSource === 'best' ? 'best price' : 'odds'} {formatOdds(bet.odds)}, edge +{bet.edge.toFixed(1)}%
              </span>
            </li>
          ))}
          <li id={valueNoteId} className="text-xs text-muted-foreground">
            Edge = our probability × the best pre-kickoff price across bookmakers − 1.
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/** docs/product.md#prediction-card: a prediction, locked (unlock prompt) or unlocked (probabilities). */
export function PredictionCard({ prediction, headingLevel = 'h3' }: PredictionCardProps) {
  const headingId = useId();
  const Heading = headingLevel;
  const locked = prediction.isLocked || prediction.homeWinProb === null;
  return (
    // content-visibility: the browser lays out and paints only the cards near the viewport (a
    // long list otherwise costs one long layout task on a phone).
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-border bg-background p-5 shadow-sm [contain-intrinsic-size:auto_15rem] [content-visibility:auto]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant="muted">{prediction.league}</Badge>
        {!locked && prediction.isValueBet ? (
          <Badge variant="premium">
            <Sparkles aria-hidden="true" className="size-3" />
            Value Bet
          </Badge>
        ) : null}
      </div>
      <Heading id={headingId} className="mt-3 text-lg leading-snug font-semibold">
        {prediction.homeTeamName} <span className="font-normal text-muted-foreground">vs</span> {prediction.awayTeamName}
      </Heading>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-4" />
        <time dateTime={prediction.matchTime}>{formatKickoff(prediction.matchTime)}</time>
      </p>
      {locked ? <LockedBody describedBy={headingId} /> : <UnlockedBody prediction={prediction} />}
      <Link to={paths.match.getHref(prediction.id)} aria-describedby={headingId} className="mt-3 self-start text-sm font-medium text-primary underline underline-offset-4">
        Match details
      </Link>
    </article>
  );
}
