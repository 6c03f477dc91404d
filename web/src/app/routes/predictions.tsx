import { Activity } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { CollapsibleSection } from '@/components/ui/collapsible-section';
import { getLatestMetricsQueryOptions, useLatestMetrics } from '@/features/metrics/api/get-latest-metrics';
import { PerformanceStats } from '@/features/metrics/components/performance-stats';
import { getPredictionsQueryOptions, usePredictions, type ListedPrediction } from '@/features/predictions/api/get-predictions';
import { FilterBar } from '@/features/predictions/components/filter-bar';
import { LeagueList } from '@/features/predictions/components/league-list';
import { ValueBetDetail } from '@/components/predictions/value-bet-detail';
import type { ValueDetail } from '@/features/predictions/components/prediction-card';
import { PredictionGrid } from '@/features/predictions/components/prediction-grid';
import { PredictionList } from '@/features/predictions/components/prediction-list';
import { WithTakeBet } from '@/app/value-actions';
import { PredictionsToolbar } from '@/features/predictions/components/predictions-toolbar';
import {
  applyFilters,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  leaguesByCountry,
  type PredictionFilters,
} from '@/features/predictions/utils/filter-predictions';
import { usePredictionsView } from '@/features/predictions/utils/view';
import { BreakNotice } from '@/features/responsible-gambling/components/break-notice';
import { useSession } from '@/lib/auth';
import { useRevealed } from '@/lib/revealed';
import { prefetchReads, revalidateOnNewParams, useShownQuery } from '@/lib/shown-query';

const NONE: ListedPrediction[] = [];
/** Under each card's value flag: its quote time and stake. One function for the page's life, so the grid's element can be kept. */
const valueDetail: ValueDetail = (bet) => <ValueBetDetail bet={bet} className="w-full text-xs text-muted-foreground tabular-nums" />;
/** The list's one heading when it is sorted by something other than kickoff (one list across days). */
const SORTED_BY = { win: 'By win probability', ou: 'By Over/Under 2.5 probability', edge: 'By value edge' } as const;

/** Starts the page's two reads before it renders (lib/shown-query.ts). */
export const clientLoader = prefetchReads(
  (client) => client.prefetchQuery(getPredictionsQueryOptions()),
  (client) => client.prefetchQuery(getLatestMetricsQueryOptions()),
);
export const shouldRevalidate = revalidateOnNewParams;

/**
 * docs/product.md#predictions: filter bar, the toolbar that stays on screen (league, list or
 * cards) and the predictions, then (left from lg up) the collapsible performance and league
 * sections: on a phone the first match is on the first screen.
 */
export default function PredictionsRoute() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const { isPremium, user } = useSession();
  const breakUntil = user?.breakUntil ?? null;
  // On a break the server sends no probabilities: the premium sorts and filters have nothing to read.
  const seesProbabilities = isPremium && !breakUntil;
  const [view, setView] = usePredictionsView();
  // Drawn as transitions: the list of matches is the page's heaviest render (lib/shown-query.ts).
  const predictions = useShownQuery(usePredictions());
  const metrics = useShownQuery(useLatestMetrics());

  const all = predictions.data ?? NONE;
  const visible = useMemo(() => applyFilters(all, filters, { isPremium: seesProbabilities }), [all, filters, seesProbabilities]);
  const countries = useMemo(() => leaguesByCountry(all), [all]);
  // A long week a screenful first, the rest in later steps (lib/revealed.ts); the count below says all of them.
  const revealed = useRevealed(visible) as ListedPrediction[];

  const update = useCallback(
    (next: Partial<PredictionFilters>) => setSearch(filtersToSearch({ ...filters, ...next }), { replace: true, preventScrollReset: true }),
    [filters, setSearch],
  );
  const onLeague = useCallback((league: string) => update({ league }), [update]);
  const clearFilters = useCallback(() => setSearch(filtersToSearch(DEFAULT_FILTERS), { replace: true }), [setSearch]);

  // The page renders again each time the session, a read or its deferred answer comes in (several
  // times as it starts, each in one piece): the parts are kept as elements, so such a render redraws
  // only the parts whose inputs changed, not the filters, the matches and the sidebar every time.
  const filterBar = useMemo(() => <FilterBar filters={filters} onChange={update} isPremium={seesProbabilities} />, [filters, update, seesProbabilities]);
  const toolbar = useMemo(
    () => <PredictionsToolbar league={filters.league} onLeague={onLeague} countries={countries} view={view} onView={setView} />,
    [filters.league, onLeague, countries, view, setView],
  );
  const sortedBy = filters.sort === 'kickoff' ? undefined : SORTED_BY[filters.sort];
  const grid = useMemo(
    () => (
      <PredictionGrid
        predictions={revealed}
        total={all.length}
        isLoading={predictions.isPending}
        isError={predictions.isError}
        breakUntil={breakUntil}
        valueDetail={valueDetail}
        {...(view === 'list' ? { render: (list) => <PredictionList predictions={list} breakUntil={breakUntil} {...(sortedBy ? { sortedBy } : {})} /> } : {})}
        emptyAction={
          <Button variant="outline" size="sm" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    ),
    [revealed, all.length, predictions.isPending, predictions.isError, breakUntil, view, sortedBy, clearFilters],
  );
  const performance = useMemo(
    () => (
      <CollapsibleSection
        headingId="performance-heading"
        title={
          <>
            <Activity aria-hidden="true" className="size-4 text-primary" />
            {metrics.data?.basis === 'backtest' ? 'Back-tested performance (30 days)' : 'Performance (30 days)'}
          </>
        }
      >
        <PerformanceStats metrics={metrics.data} isLoading={metrics.isPending} isError={metrics.isError} layout="list" />
      </CollapsibleSection>
    ),
    [metrics.data, metrics.isPending, metrics.isError],
  );
  const leagueList = useMemo(
    () => <LeagueList countries={countries} selected={filters.league} onSelect={onLeague} isLoading={predictions.isPending} />,
    [countries, filters.league, onLeague, predictions.isPending],
  );

  return (
    <ContentLayout title="Predictions" description="AI predictions for upcoming fixtures, with win, draw and Over/Under 2.5 goals probabilities.">
      <WithTakeBet>
        {/* Cards first in the document and on a phone; the sidebar sits left from lg up. */}
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-8">
          <div className="min-w-0 space-y-5 lg:col-start-2 lg:row-start-1">
            {breakUntil ? <BreakNotice until={breakUntil} /> : null}
            {filterBar}
            <h2 className="sr-only">Matches</h2>
            {toolbar}
            {predictions.isSuccess && all.length > 0 ? (
              <p aria-live="polite" className="text-sm text-muted-foreground">
                Showing {visible.length} of {all.length} predictions
              </p>
            ) : null}
            {grid}
          </div>
          <aside aria-label="Performance and leagues" className="space-y-6 lg:col-start-1 lg:row-start-1">
            {performance}
            {leagueList}
          </aside>
        </div>
      </WithTakeBet>
    </ContentLayout>
  );
}
