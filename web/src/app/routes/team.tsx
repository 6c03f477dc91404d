import { displayTeamName } from '@app/contracts/display-names';
import { slug as slugOf } from '@app/contracts/slug';
import * as displayNames from '@app/contracts/display-names';
import { lazy } from 'react';
import { Link, useParams } from 'react-router-dom';

import { ContentLayout, NotFoundPage } from '@/components/layouts/content-layout';
import { TeamLink } from '@/components/links/entity-links';
import { CompactTable } from '@/components/tables/compact-table';
import { Badge } from '@/components/ui/badge';
import { Figures } from '@/components/ui/figures';
import { ChartSlot } from '@/components/ui/chart-slot';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { listPrediction } from '@/features/predictions/api/get-predictions';
import { PredictionCard } from '@/features/predictions/components/prediction-card';
import { WithTakeBet } from '@/app/value-actions';
import { getTeamQueryOptions, useTeam } from '@/features/seasons/api/get-simulation';
import { prefetchReads, revalidateOnNewParams, useShownQuery } from '@/lib/shown-query';
import { formatCount, formatPastDay, formatPercent } from '@/utils/format';

const RatingChart = lazy(() => import('@/features/seasons/components/rating-chart'));

/** The page's lead, the same for every club: it is in the page's prerendered HTML (docs/decisions/0277-match-league-and-team-pages-prerendered.md). */
const LEAD =
  "The club's rating through two seasons, its last ten results beside our forecasts (published before kickoff, or back-tested where marked), its next fixtures and its chances this season.";

/** Starts the team's read before the page renders (lib/shown-query.ts). */
export const clientLoader = prefetchReads((client, { slug = '' }) => client.prefetchQuery(getTeamQueryOptions(slug)));
export const shouldRevalidate = revalidateOnNewParams;

/** A team: its rating through two seasons, its last ten results with our forecasts, its next fixtures and its season chances. */
export default function TeamRoute() {
  const { slug = '' } = useParams();
  const team = useShownQuery(useTeam(slug));
  const t = team.data;
  if (team.isError) {
    return <NotFoundPage title="Team not found" />;
  }
  if (!t) {
    // The loaded page's layout, so React keeps its lead in place when the team arrives.
    return (
      <ContentLayout title="Team" description={LEAD}>
        <p className="text-sm text-muted-foreground">Loading team…</p>
      </ContentLayout>
    );
  }
  const name = displayTeamName(t.team);
  const latest = t.ratingHistory.at(-1);
  return (
    <ContentLayout title={name} documentTitle={`${name}: form, rating and season odds`} description={LEAD}>
      <p className="mb-6 text-sm">
        Plays in{' '}
        <Link to={paths.league.getHref(t.leagueId)} className="font-medium text-primary underline underline-offset-4">
          {t.league}
        </Link>
        .
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Season simulation">
          {t.simulation ? (
            <>
              <Figures
                className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4"
                items={[
                  ['Expected points', `${t.simulation.points.mean.toFixed(1)} (${t.simulation.points.p10}-${t.simulation.points.p90})`],
                  ['Title', formatPercent(t.simulation.title)],
                  ['Top four', formatPercent(t.simulation.top4)],
                  ['Relegation', formatPercent(t.simulation.relegation)],
                ]}
              />
              <p className="mt-2 text-sm text-muted-foreground">
                {formatCount(t.simulation.simulations)} simulations of the rest of the {t.simulation.season} season.{' '}
                <Link to={paths.league.getHref(t.leagueId)} className="underline underline-offset-4">
                  The whole table
                </Link>
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">No simulation of this season yet.</p>
          )}
        </Section>
        <Section title="Rating">
          {latest ? (
            <p className="text-sm">
              Elo rating after {latest.date}: <span className="font-semibold tabular-nums">{latest.rating.toFixed(0)}</span> (our rating model; 1500 is an
              average club)
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">No rated match yet.</p>
          )}
          {t.ratingHistory.length > 1 ? (
            <ChartSlot className="h-56">
              <RatingChart points={t.ratingHistory} />
            </ChartSlot>
          ) : null}
        </Section>
        <Section title="Last ten results">
          {t.results.length ? (
            <CompactTable
              label="Last ten results with our forecast, published before kickoff or back-tested"
              columns={['Date', 'Opponent', 'Score', 'Our forecast H / D / A']}
              rows={t.results.map((r) => ({
                key: `${r.date}-${r.opponent}`,
                header: formatPastDay(r.date),
                cells: [
                  <span key="opponent">
                    {r.venue === 'H' ? 'vs' : 'at'} <TeamLink teamSlug={slugOf(r.opponent)}>{displayTeamName(r.opponent)}</TeamLink>
                  </span>,
                  <span key="score" className="flex items-center gap-1.5">
                    <Badge
                      variant={r.outcome === 'W' ? 'success' : r.outcome === 'L' ? 'destructive' : 'muted'}
                      aria-label={{ W: 'Won', D: 'Drew', L: 'Lost' }[r.outcome]}
                    >
                      {r.outcome}
                    </Badge>{' '}
                    {r.goalsFor}-{r.goalsAgainst}
                  </span>,
                  r.forecast
                    ? `${formatPercent(r.forecast.home)} / ${formatPercent(r.forecast.draw)} / ${formatPercent(r.forecast.away)}${r.forecast.origin === 'backfilled' ? ' (back-tested)' : ''}`
                    : 'none published',
                ],
              }))}
            />
          ) : (
            <p className="text-sm text-muted-foreground">No stored results.</p>
          )}
        </Section>
        <section aria-label="Next fixtures" className="space-y-3">
          <h2 className="text-lg font-semibold">Next fixtures</h2>
          {t.fixtures.length ? (
            <WithTakeBet>
              {t.fixtures.map((p) => (
                <PredictionCard key={p.id} prediction={listPrediction(p, displayNames)} />
              ))}
            </WithTakeBet>
          ) : (
            <p className="text-sm text-muted-foreground">No fixture in the coming week.</p>
          )}
        </section>
      </div>
    </ContentLayout>
  );
}
