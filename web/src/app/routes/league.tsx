import { displayTeamName } from '@app/contracts/display-names';
import { lazy } from 'react';
import { Link, useParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { TeamLink } from '@/components/links/entity-links';
import { CompactTable } from '@/components/tables/compact-table';
import { SideScroll } from '@/components/tables/side-scroll';
import { ChartSlot } from '@/components/ui/chart-slot';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { getSimulationHistoryQueryOptions, getSimulationQueryOptions, useSimulation, useSimulationHistory } from '@/features/seasons/api/get-simulation';
import { prefetchReads, revalidateOnNewParams, useShownQuery } from '@/lib/shown-query';
import { formatCount, formatKickoff, formatPercent } from '@/utils/format';

const TitleOddsChart = lazy(() => import('@/features/seasons/components/title-odds-chart'));

/** The clubs the chart follows: those with a title chance of at least 1 % on some day, six at most. */
const CHART_CLUBS = 6;

/** The page's lead, the same for every league: it is in the page's prerendered HTML (docs/decisions/0277-match-league-and-team-pages-prerendered.md). */
const LEAD =
  "The rest of the season played thousands of times from the team ratings past market prices imply (our forecast model's where the league's matches have no recent prices), the clubs' strengths moving with each simulated result. Chances, not certainties: how well they were calibrated on past seasons is in How It Works.";

/** Starts the league's two reads before the page renders (lib/shown-query.ts). */
export const clientLoader = prefetchReads(
  (client, { leagueId = '' }) => client.prefetchQuery(getSimulationQueryOptions(leagueId)),
  (client, { leagueId = '' }) => client.prefetchQuery(getSimulationHistoryQueryOptions(leagueId)),
);
export const shouldRevalidate = revalidateOnNewParams;

/** A league's season simulation: the table of chances, the finishing positions and how the title race moved. */
export default function LeagueRoute() {
  const { leagueId = '' } = useParams();
  const simulation = useShownQuery(useSimulation(leagueId));
  const history = useShownQuery(useSimulationHistory(leagueId));
  const s = simulation.data;
  if (simulation.isError) {
    return (
      <ContentLayout title="No season simulation yet">
        <p className="text-sm text-muted-foreground">This league has no simulation yet: it runs after the league's first results.</p>
      </ContentLayout>
    );
  }
  // The heading names the league from the history: the page waits for both reads.
  if (!s || history.isPending) {
    // The loaded page's layout, so React keeps its lead in place when the simulation arrives.
    return (
      <ContentLayout title="Season simulation" description={LEAD}>
        <p className="text-sm text-muted-foreground">Loading the simulation…</p>
      </ContentLayout>
    );
  }
  const days = history.data?.days ?? [];
  const peak = new Map<string, number>();
  for (const d of days) for (const t of d.teams) peak.set(t.slug, Math.max(peak.get(t.slug) ?? 0, t.title));
  const followed = s.teams
    .filter((t) => (peak.get(t.slug) ?? t.title) >= 1)
    .slice(0, CHART_CLUBS)
    .map((t) => ({ slug: t.slug, name: displayTeamName(t.team) }));
  const rows = days.map((d) => ({
    date: d.date,
    ...Object.fromEntries(d.teams.filter((t) => followed.some((f) => f.slug === t.slug)).map((t) => [t.slug, t.title])),
  }));
  const n = s.teams.length;
  const league = history.data?.league ?? leagueId;
  return (
    <ContentLayout
      title={`${league}: season ${s.season} simulated`}
      documentTitle={`${league} ${s.season}: title, top four and relegation chances`}
      description={LEAD}
    >
      <p className="mb-6 text-sm text-muted-foreground">
        {formatCount(s.simulations)} simulations of the rest of the {s.season} season; {formatKickoff(s.generatedAt)}.
      </p>
      <div className="space-y-6">
        <Section title="Chances">
          <SideScroll label="Season simulation, scrolls sideways">
            <CompactTable
              label="Season simulation"
              pinFirstColumn
              className="min-w-[36rem]"
              columns={['Club', 'Points (10-90 %)', 'Title', 'Top four', 'Relegation']}
              rows={s.teams.map((t) => ({
                key: t.slug,
                header: (
                  <Link to={paths.team.getHref(t.slug)} className="text-primary underline underline-offset-4">
                    {displayTeamName(t.team)}
                  </Link>
                ),
                cells: [
                  `${t.points.mean.toFixed(1)} (${t.points.p10}-${t.points.p90})`,
                  formatPercent(t.title),
                  formatPercent(t.top4),
                  formatPercent(t.relegation),
                ],
              }))}
            />
          </SideScroll>
        </Section>
        <Section title="Title chances through the season">
          {rows.length ? (
            <ChartSlot className="h-64">
              <TitleOddsChart rows={rows} teams={followed} />
            </ChartSlot>
          ) : null}
          <p className="mt-2 text-sm text-muted-foreground">
            One simulation a day since {days[0]?.date ?? s.generatedAt.slice(0, 10)}: {followed.map((f) => f.name).join(', ') || 'no club'} shown.
          </p>
        </Section>
        <Section title="Finishing positions">
          <SideScroll label="Finishing positions, scrolls sideways">
            <CompactTable
              label="Finishing positions, percent of simulations"
              pinFirstColumn
              className="min-w-[48rem] text-xs"
              columns={['Club', ...Array.from({ length: n }, (_, i) => String(i + 1))]}
              rows={s.teams.map((t) => ({
                key: t.slug,
                header: <TeamLink teamSlug={t.slug}>{displayTeamName(t.team)}</TeamLink>,
                cells: t.position.map((p) => (p >= 0.05 ? p.toFixed(1) : '')),
              }))}
            />
          </SideScroll>
        </Section>
      </div>
    </ContentLayout>
  );
}
