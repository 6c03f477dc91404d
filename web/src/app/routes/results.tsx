import { Link, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD, PICKS_PAY_THE_MARGIN } from '@/config/product';
import { formatLongDate } from '@/utils/format';
import { MetricsByBasisTable } from '@/components/tables/metrics-by-basis';
import { useResults, type ResultsFilter } from '@/features/results/api/get-results';
import { ResultsTable } from '@/features/results/components/results-table';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function filterOf(params: URLSearchParams): ResultsFilter {
  const page = Number(params.get('page'));
  const day = (name: string) => (DAY.test(params.get(name) ?? '') ? params.get(name)! : undefined);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ...(params.get('league') ? { league: params.get('league')! } : {}),
    ...(day('from') ? { from: day('from') } : {}),
    ...(day('to') ? { to: day('to') } : {}),
  };
}

const EMPTY_METRICS = { winAccuracy: 0, totalPredictions: 0, totalProfit: 0, payoutPercentage: 0, bestWinningOdds: null, date: '' };
const EMPTY_SUMMARY = { days: 30, to: '', published: EMPTY_METRICS, backtest: EMPTY_METRICS };

const fieldClass = 'mt-1 block rounded-lg border border-input bg-background px-3 py-2 text-sm';

/** The public record: every settled prediction with the probabilities published before kickoff. */
export default function ResultsRoute() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const results = useResults(filter);
  const data = results.data;
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries({ page: undefined, ...changes })) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // the summary is the list's: its dates when chosen, its league
  const span = data && (filter.from || filter.to) ? `${formatLongDate(data.from)} to ${formatLongDate(data.to)}` : `Last ${data?.summary.days ?? 30} days`;
  const leagueName = filter.league ? data?.leagues.find((l) => l.id === filter.league)?.name : undefined;
  const summaryTitle = leagueName ? `${span}, ${leagueName}` : span;

  return (
    <ContentLayout
      title="Results"
      description={`Every settled prediction, newest first, with the probabilities we published before kickoff. Picks are the outcomes we gave ${HIGH_CONFIDENCE_THRESHOLD}% or more; back-tested rows were reconstructed when a league was added, not published in advance.`}
    >
      {/* Its space is held while the figures load (the same table, invisible, with empty figures), so the filters below never move. */}
      <section aria-labelledby="results-summary-heading" aria-busy={!data} className="mb-6 max-w-xl">
        <h2 id="results-summary-heading" className="mb-2 font-semibold">
          {summaryTitle}
        </h2>
        {data ? (
          <MetricsByBasisTable summary={data.summary} label={`${summaryTitle} by basis`} />
        ) : (
          <div aria-hidden="true" className="invisible">
            <MetricsByBasisTable summary={EMPTY_SUMMARY} label="Loading" />
          </div>
        )}
        <p className="mt-2 text-xs text-muted-foreground">{PICKS_PAY_THE_MARGIN}</p>
      </section>
      <p className="mb-6 text-sm">
        <Link to={paths.analytics.getHref()} className="font-medium text-primary underline underline-offset-4">
          Performance analytics
        </Link>{' '}
        (Premium): ROI with its interval, closing line value, profit curves, value bets, calibration, per league, and the full ledger as CSV.
      </p>
      <form className="mb-6 flex flex-wrap items-end gap-4" onSubmit={(e) => e.preventDefault()} aria-label="Filter results">
        <label className="text-sm font-medium">
          League
          <select className={fieldClass} value={filter.league ?? ''} onChange={(e) => set({ league: e.target.value || undefined })}>
            <option value="">All leagues</option>
            {(data?.leagues ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          From
          <input type="date" className={fieldClass} value={filter.from ?? data?.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label className="text-sm font-medium">
          To
          <input type="date" className={fieldClass} value={filter.to ?? data?.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
      </form>

      {results.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Results are unavailable right now{filter.from || filter.to ? ' (a span of at most 92 days can be shown)' : ''}.
        </p>
      ) : results.isPending ? (
        <p className="min-h-dvh text-sm text-muted-foreground">Loading results…</p>
      ) : data && data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No settled predictions in this period yet.</p>
      ) : data ? (
        <>
          <ResultsTable rows={data.items} />
          <nav aria-label="Results pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
            <Button
              variant="outline"
              size="sm"
              disabled={filter.page <= 1}
              onClick={() => set({ page: String(filter.page - 1), league: filter.league, from: filter.from, to: filter.to })}
            >
              Newer
            </Button>
            <span>
              Page {filter.page} of {pages} ({data.total} settled)
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={filter.page >= pages}
              onClick={() => set({ page: String(filter.page + 1), league: filter.league, from: filter.from, to: filter.to })}
            >
              Older
            </Button>
          </nav>
        </>
      ) : null}
    </ContentLayout>
  );
}
