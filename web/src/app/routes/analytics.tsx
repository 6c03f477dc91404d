import { ANALYTICS_PERIODS, type AnalyticsPeriod, type AnalyticsReport, type PickRecord } from '@app/contracts/analytics';
import { Lock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { CompactTable } from '@/components/tables/compact-table';
import { buttonStyles } from '@/components/ui/button';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD, STAKE_USD } from '@/config/product';
import { useAnalytics } from '@/features/analytics/api/get-analytics';
import { useSession } from '@/lib/auth';
import { cn } from '@/utils/cn';
import { formatMoney, formatProbability } from '@/utils/format';

const ReliabilityChart = lazy(() => import('@/features/analytics/components/reliability-chart'));

const PERIOD_LABEL: Record<AnalyticsPeriod, string> = { '30': 'Last 30 days', '90': 'Last 90 days', all: 'All time' };

const pct = (v: number | null) => (v === null ? 'N/A' : formatProbability(v));
const roi = (r: PickRecord) => (r.roi === null ? 'N/A' : `${r.roi.toFixed(1)}%${r.roiLow !== null && r.roiHigh !== null ? ` [${r.roiLow.toFixed(1)}, ${r.roiHigh.toFixed(1)}]` : ''}`);

function RecordTable({ label, rows }: { label: string; rows: [string, PickRecord][] }) {
  return (
    <CompactTable
      scrollLabel={label}
      className="min-w-[36rem]"
      columns={['', 'Picks', 'Hit rate', `Profit ($${STAKE_USD} stake)`, 'ROI [95% interval]']}
      rows={rows.map(([name, r]) => ({ key: name, header: name, cells: [r.picks, pct(r.hitRate), formatMoney(r.profit), roi(r)] }))}
    />
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  return (
    <div className="space-y-6">
      {report.basis === 'backtest' ? (
        <p className="rounded-xl border border-border bg-surface p-4 text-sm">
          Back-tested: fewer than 30 published picks are settled in this period, so these figures come from predictions reconstructed when a league was added, not published in advance.
        </p>
      ) : null}
      <Section title="Picks by market">
        <p className="mb-3 text-sm text-muted-foreground">
          {report.matches} settled matches from {report.from} to {report.to}; picks are outcomes we gave {HIGH_CONFIDENCE_THRESHOLD}% or more.
        </p>
        <RecordTable label="Picks by market table" rows={[['All picks', report.markets.all], ['Home / draw / away', report.markets['1x2']], ['Over/Under 2.5', report.markets.ou25]]} />
      </Section>
      <Section title="Value bets">
        <RecordTable label="Value bets table" rows={[['Value bets (price shown)', report.valueBets]]} />
      </Section>
      <Section title="Forecast quality against the market">
        {report.rps.matches ? (
          <p className="text-sm">
            Mean ranked probability score on the {report.rps.matches} matches with bookmaker odds (lower is better): ours{' '}
            <span className="font-semibold tabular-nums">{report.rps.ours?.toFixed(4)}</span>, the market’s fair probabilities{' '}
            <span className="font-semibold tabular-nums">{report.rps.market?.toFixed(4)}</span>.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No settled match with bookmaker odds in this period.</p>
        )}
      </Section>
      <Section title="Reliability diagram">
        <p className="mb-3 text-sm text-muted-foreground">Every home, draw and away probability we published, grouped in 10-point bins, against how often that outcome happened.</p>
        {report.reliability.length ? (
          <>
            <Suspense fallback={<div className="h-72" />}>
              <ReliabilityChart bins={report.reliability} />
            </Suspense>
            <CompactTable
              label="Reliability bins"
              className="mt-3"
              columns={['Bin', 'Forecast', 'Observed', 'Outcomes']}
              rows={report.reliability.map((b) => ({ key: String(b.from), header: `${b.from}-${b.to}%`, cells: [pct(b.forecast), pct(b.observed), b.count] }))}
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">No settled forecast in this period.</p>
        )}
      </Section>
      <Section title="By league">
        <CompactTable
          scrollLabel="By league table"
          className="min-w-[40rem]"
          columns={['League', '1X2 picks', '1X2 hit rate', '1X2 ROI', 'O/U 2.5 picks', 'O/U hit rate', 'O/U ROI']}
          rows={report.perLeague.map((l) => ({
            key: l.leagueId,
            header: l.league,
            cells: [l['1x2'].picks, pct(l['1x2'].hitRate), roi(l['1x2']), l.ou25.picks, pct(l.ou25.hitRate), roi(l.ou25)],
          }))}
        />
      </Section>
    </div>
  );
}

function LockedPreview() {
  return (
    <section aria-label="Locked analytics" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-4 py-10 text-center">
      <Lock aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="max-w-xl text-sm font-medium">
        Premium analytics: picks, hit rate, profit and ROI with a 95% interval per market and league, the value-bet record, our forecasts scored against the market, and a reliability diagram, for 30 days, 90 days and all time.
      </p>
      <Link to={paths.pricing.getHref({ intent: 'subscribe' })} className={buttonStyles({ size: 'sm' })}>
        Unlock Analytics
      </Link>
    </section>
  );
}

/** Premium performance analytics; visitors and free users see what it holds, locked. */
export default function AnalyticsRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const period = (ANALYTICS_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as AnalyticsPeriod) : '30';
  const analytics = useAnalytics(period, { enabled: session.isConfirmed && session.isPremium });

  return (
    <ContentLayout title="Performance Analytics" description="How our published predictions have done, measured the way a bettor would measure them.">
      {!session.isConfirmed ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : !session.isPremium ? (
        <LockedPreview />
      ) : (
        <>
          <div role="group" aria-label="Period" className="mb-6 flex flex-wrap gap-2">
            {ANALYTICS_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === period}
                onClick={() => setParams(p === '30' ? {} : { period: p }, { replace: true, preventScrollReset: true })}
                className={cn(buttonStyles({ variant: p === period ? 'primary' : 'outline', size: 'sm' }))}
              >
                {PERIOD_LABEL[p]}
              </button>
            ))}
          </div>
          {analytics.isError ? (
            <p role="alert" className="text-sm text-destructive">Analytics are unavailable right now.</p>
          ) : analytics.data === undefined ? (
            <p className="text-sm text-muted-foreground">Loading analytics…</p>
          ) : analytics.data === null ? (
            <p className="text-sm text-muted-foreground">Analytics appear after the first metrics run.</p>
          ) : (
            <Report report={analytics.data} />
          )}
        </>
      )}
    </ContentLayout>
  );
}
