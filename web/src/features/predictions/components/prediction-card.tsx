import type { GoalMarkets, Prediction } from '@app/contracts/predictions';
import { CalendarClock, Coffee, Lock, Sparkles } from 'lucide-react';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import { PickAndValue, valueBetText } from '@/components/predictions/value-bet-line';
import type { ListedPrediction } from '@/features/predictions/api/get-predictions';
import { cn } from '@/utils/cn';
import { flagsOnly, forecastSource, MEMORY_FORECAST, NO_FORECAST } from '@/features/predictions/utils/forecast-source';
import { shownOutcomes, shownOverUnder } from '@/features/predictions/utils/shown-probabilities';
import { formatKickoff, formatPercent, formatPoints } from '@/utils/format';
import { ValueAction } from '@/components/predictions/value-action';
import { probabilityBarTone, probabilityTone } from '@/utils/tones';

type PredictionCardProps = {
  prediction: ListedPrediction;
  /** h3 under a section heading (default), h2 directly under the page's h1. */
  headingLevel?: 'h2' | 'h3';
  /** The end of the viewer's break: a locked card says so instead of offering Premium. */
  breakUntil?: string | null;
  /** Under each value flag: its quote time and stake (/predictions passes it; the landing page's first load does not carry it). */
  valueDetail?: ValueDetail;
};

/** What a page shows under a value flag. */
export type ValueDetail = (bet: NonNullable<Prediction['valueBets']>[number]) => ReactNode;

/** The one-line definitions of what a card flags (docs/decisions/0134-what-the-card-flags.md). */
export const PICK_DEFINITION = `Pick: an outcome we give ${HIGH_CONFIDENCE_THRESHOLD}% or more. Every Pick is recorded in the track record at the best price when published.`;
export const VALUE_DEFINITION =
  "Value: a listed bookmaker's price above the market's fair price (the sharp bookmaker's odds with their margin removed), as seen at the time shown.";

/** A flag with its definition on hover, tap and keyboard focus. */
function Flag({ label, definition, variant }: { label: ReactNode; definition: string; variant: 'pick' | 'value' }) {
  return (
    <Tooltip content={definition} align="start">
      {(props) => (
        <button
          type="button"
          className={cn(
            'inline-flex items-center rounded px-1 text-xs leading-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2',
            variant === 'pick' ? 'border border-primary text-primary' : 'bg-premium-soft text-premium',
          )}
          {...props}
        >
          {label}
        </button>
      )}
    </Tooltip>
  );
}

/** One probability: label, value in its colour (docs/product.md#colours) and a bar; a tracked pick is flagged. */
function ProbabilityRow({ label, percent, pick = false }: { label: string; percent: number; pick?: boolean }) {
  return (
    <div>
      <dt className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {label}
        {pick ? <Flag label="Pick" definition={PICK_DEFINITION} variant="pick" /> : null}
      </dt>
      <dd className="mt-0.5">
        <span className={cn('text-lg font-bold tabular-nums', probabilityTone(percent))} data-testid="probability">
          {formatPercent(percent)}
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
 * Whose forecast the card shows, then our models (football data only) beside the market's fair
 * probabilities with the gap, so a subscriber sees where they disagree; without bookmaker odds
 * the forecast is the models' alone.
 */
function ModelsAndMarket({
  models,
  market,
  weight,
  source,
}: {
  models: OutcomeView;
  market: OutcomeView | null;
  weight: number | undefined;
  source: Prediction['forecastSource'];
}) {
  const row = (label: string, values: number[], signed = false) => (
    <tr>
      <th scope="row" className="py-0.5 text-left font-normal text-muted-foreground">
        {label}
      </th>
      {values.map((value, index) => (
        <td key={index} className="py-0.5 pl-2 text-right font-semibold whitespace-nowrap tabular-nums">
          {signed ? formatPoints(value) : formatPercent(value)}
        </td>
      ))}
    </tr>
  );
  const three = (v: OutcomeView) => [v.home, v.draw, v.away];
  return (
    <div className="mt-3">
      <p className="text-sm font-semibold">{forecastSource(weight, market !== null, source)}</p>
      <table className="mt-1 w-full table-fixed text-sm">
        <caption className="sr-only">Our models and the market</caption>
        <thead>
          <tr className="text-xs text-muted-foreground">
            <td />
            <th scope="col" className="pl-2 text-right font-medium">
              Home
            </th>
            <th scope="col" className="pl-2 text-right font-medium">
              Draw
            </th>
            <th scope="col" className="pl-2 text-right font-medium">
              Away
            </th>
          </tr>
        </thead>
        <tbody>
          {market ? row('Market', three(market)) : null}
          {row('Our models', three(models))}
          {market
            ? row(
                'Gap (points)',
                three(models).map((v, i) => v - three(market)[i]!),
                true,
              )
            : null}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-muted-foreground">
        {market
          ? 'Market: bookmaker odds, margin removed. Our models: results and match statistics only.'
          : source === 'memory'
            ? 'No bookmaker odds for this match yet: team ratings from earlier matches’ closing prices, pooled with our models.'
            : 'No bookmaker odds for this match: the forecast is our models’ alone.'}
      </p>
    </div>
  );
}

function LockedBody({ describedBy, breakUntil }: { describedBy: string; breakUntil?: string | null }) {
  if (breakUntil) {
    return (
      <div className="mt-4 flex flex-1 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border bg-surface px-4 py-6 text-center">
        <Coffee aria-hidden="true" className="size-6 text-muted-foreground" />
        {/* the page says once until when (its break notice); the card only that it is hidden */}
        <p className="text-sm font-medium">On a break: hidden until it ends</p>
      </div>
    );
  }
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

function UnlockedBody({ prediction, valueDetail }: { prediction: Prediction; valueDetail?: ValueDetail }) {
  const { insights, valueBets } = prediction;
  const { home, draw, away } = shownOutcomes(prediction) ?? {};
  const { over, under } = shownOverUnder(prediction) ?? {};
  // The server says which selections are picks: the rule the track record counts.
  const picked = new Set((prediction.picks ?? []).map((p) => p.selection));
  return (
    <div className="mt-4 space-y-4">
      {home !== undefined && draw !== undefined && away !== undefined ? (
        <dl className="grid grid-cols-3 gap-3">
          <ProbabilityRow label="Home" percent={home} pick={picked.has('home')} />
          <ProbabilityRow label="Draw" percent={draw} pick={picked.has('draw')} />
          <ProbabilityRow label="Away" percent={away} pick={picked.has('away')} />
        </dl>
      ) : null}
      {over !== undefined && under !== undefined ? (
        <dl className="grid grid-cols-2 gap-3 border-t border-border pt-4">
          <ProbabilityRow label="Over 2.5" percent={over} pick={picked.has('over25')} />
          <ProbabilityRow label="Under 2.5" percent={under} pick={picked.has('under25')} />
        </dl>
      ) : null}
      {valueBets && valueBets.length > 0 ? (
        <div className="space-y-2 border-t border-border pt-4">
          <ul className="space-y-1 text-sm" aria-label="Value bets">
            {valueBets.map((bet) => (
              <li key={bet.market} className="flex flex-wrap items-center gap-x-1">
                <span className="whitespace-nowrap">
                  <Flag label="Value" definition={VALUE_DEFINITION} variant="value" />:
                </span>{' '}
                <span className="tabular-nums">{valueBetText(bet)}</span>
                {valueDetail ? <> {valueDetail(bet)}</> : null}
                <ValueAction fixtureId={prediction.id} bet={bet} />
              </li>
            ))}
          </ul>
          <PickAndValue picks={prediction.picks ?? []} valueBets={valueBets} />
        </div>
      ) : null}
      {insights ? (
        // folded, as the markets are: a card stays within about half a phone screen, the price first
        <details className="border-t border-border pt-4">
          <summary className="cursor-pointer text-xs font-semibold tracking-wide text-muted-foreground uppercase">Model insights</summary>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Expected goals</dt>
            <dd className="text-right font-semibold tabular-nums">
              {insights.expectedGoals.home.toFixed(2)} - {insights.expectedGoals.away.toFixed(2)}
            </dd>
            <dt className="text-muted-foreground">Both teams to score</dt>
            <dd className="text-right font-semibold tabular-nums">{formatPercent(insights.bothTeamsToScore)}</dd>
          </dl>
          {insights.models ? (
            <ModelsAndMarket models={insights.models} market={insights.market} weight={prediction.modelWeight?.x1} source={prediction.forecastSource} />
          ) : null}
          {insights.topScores.length > 0 ? (
            <>
              <p className="mt-2 text-sm text-muted-foreground">Most likely scores</p>
              <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Most likely scores">
                {insights.topScores.slice(0, 3).map((score) => (
                  <li key={`${score.home}-${score.away}`} className="rounded-md bg-muted px-2 py-1 text-xs font-medium tabular-nums">
                    {score.home}-{score.away} <span className="text-muted-foreground">{formatPercent(score.probability)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </details>
      ) : null}
      {prediction.markets ? <MoreMarkets markets={prediction.markets} /> : null}
    </div>
  );
}

/**
 * The markets' code loads after the card's: they are folded away under 'More markets', so the card
 * keeps its height while it loads (docs/decisions/0357-landing-features-load-after-the-page.md).
 */
const GoalMarketsView = lazy(() => import('@/components/predictions/goal-markets').then((module) => ({ default: module.GoalMarketsView })));

/** Double chance, draw no bet, totals, both teams to score and the handicap, folded away. */
function MoreMarkets({ markets }: { markets: GoalMarkets }) {
  return (
    <details className="border-t border-border pt-4">
      <summary className="cursor-pointer text-xs font-semibold tracking-wide text-muted-foreground uppercase">More markets</summary>
      <Suspense fallback={null}>
        <GoalMarketsView markets={markets} compact />
      </Suspense>
    </details>
  );
}

const teamLink = 'rounded underline decoration-border underline-offset-4 hover:decoration-current';

/** docs/product.md#prediction-card: a prediction, locked (unlock prompt) or unlocked (probabilities). */
export function PredictionCard({ prediction, headingLevel = 'h3', breakUntil, valueDetail }: PredictionCardProps) {
  const headingId = useId();
  const Heading = headingLevel;
  // a league without history: its flags and no forecast, no club or match page (nothing of ours to show there)
  const noForecast = flagsOnly(prediction);
  const locked = prediction.isLocked || (prediction.homeWinProb === null && !noForecast);
  return (
    // content-visibility: the browser lays out and paints only the cards near the viewport (a
    // long list otherwise costs one long layout task on a phone).
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-border bg-background p-5 shadow-sm [contain-intrinsic-size:auto_15rem] [content-visibility:auto]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        {noForecast ? (
          <Badge variant="muted">{prediction.league}</Badge>
        ) : (
          <Link to={paths.league.getHref(prediction.leagueId)} className="rounded-full hover:underline">
            <Badge variant="muted">{prediction.league}</Badge>
          </Link>
        )}
        {!locked && prediction.isValueBet ? (
          <Badge variant="premium">
            <Sparkles aria-hidden="true" className="size-3" />
            Value Bet
          </Badge>
        ) : null}
      </div>
      <Heading id={headingId} className="mt-3 text-lg leading-snug font-semibold">
        {/* Plain links (not TeamLink): the card is on the landing page, whose first JavaScript is budgeted. */}
        {noForecast ? (
          prediction.homeTeamName
        ) : (
          <Link to={paths.team.getHref(prediction.homeTeamSlug)} className={teamLink}>
            {prediction.homeTeamName}
          </Link>
        )}{' '}
        <span className="font-normal text-muted-foreground">vs</span>{' '}
        {noForecast ? (
          prediction.awayTeamName
        ) : (
          <Link to={paths.team.getHref(prediction.awayTeamSlug)} className={teamLink}>
            {prediction.awayTeamName}
          </Link>
        )}
      </Heading>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarClock aria-hidden="true" className="size-4" />
        <time dateTime={prediction.matchTime}>{formatKickoff(prediction.matchTime)}</time>
      </p>
      {/* Said on every card, locked or not: the match has no odds of its own yet. */}
      {prediction.forecastSource === 'memory' ? <p className="mt-1 text-sm text-muted-foreground">{MEMORY_FORECAST}</p> : null}
      {noForecast ? <p className="mt-1 text-sm text-muted-foreground">{NO_FORECAST}</p> : null}
      {locked ? <LockedBody describedBy={headingId} breakUntil={breakUntil} /> : <UnlockedBody prediction={prediction} valueDetail={valueDetail} />}
      {noForecast ? null : (
        <Link
          to={paths.match.getHref(prediction.id)}
          aria-describedby={headingId}
          className="mt-3 self-start text-sm font-medium text-primary underline underline-offset-4"
        >
          Match details
        </Link>
      )}
    </article>
  );
}
