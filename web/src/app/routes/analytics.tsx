import { ANALYTICS_PERIODS, type AnalyticsPeriod, type AnalyticsReport, type Clv, type PickRecord } from '@app/contracts/analytics';
import { MIN_BETS_TO_JUDGE, MIN_KELLY_UNITS_STAKED } from '@app/contracts/rules';
import { Download, Lock } from 'lucide-react';
import { lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { LeagueLink } from '@/components/links/entity-links';
import { CompactTable } from '@/components/tables/compact-table';
import { buttonStyles } from '@/components/ui/button';
import { SelectField } from '@/components/ui/filter-field';
import { ChartSlot } from '@/components/ui/chart-slot';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD, PICKS_PAY_THE_MARGIN, STAKE_USD } from '@/config/product';
import { ledgerCsvHref, useAnalytics, type AnalyticsFilter } from '@/features/analytics/api/get-analytics';
import { ValueWorthPanel } from '@/features/analytics/components/value-worth-panel';
import { useSession } from '@/lib/auth';
import { cn } from '@/utils/cn';
import { formatInterval, formatMoney, formatPercent } from '@/utils/format';
import { BreakNotice } from '@/features/responsible-gambling/components/break-notice';

const ReliabilityChart = lazy(() => import('@/features/analytics/components/reliability-chart'));
const ProfitChart = lazy(() => import('@/features/analytics/components/profit-chart'));

const PERIOD_LABEL: Record<AnalyticsPeriod, string> = { '30': 'Last 30 days', '90': 'Last 90 days', all: 'All time' };
const MARKET_LABEL = { '1x2': 'Home / draw / away', ou25: 'Over/Under 2.5' } as const;

/**
 * Beside a figure resting on fewer than 100 bets, in place of its interval: an interval on a
 * handful of bets looks precise and is not (docs/decisions/0331-intervals-only-from-the-stated-sample.md).
 */
const TOO_FEW_BETS = 'too few bets to judge';

/** A figure with its 95 % interval from 100 bets; below, the plain note that it says little yet. */
function withInterval(value: number | null, interval: readonly [number, number] | null, bets: number) {
  if (value === null) return 'N/A';
  if (bets < MIN_BETS_TO_JUDGE) return `${formatPercent(value, { signed: true })} · ${TOO_FEW_BETS}`;
  return `${formatPercent(value, { signed: true })} ${formatInterval(interval)}`.trim();
}

/** Whether quarter-Kelly figures rest on enough units staked to be shown. */
const kellyShown = (staked: number) => staked >= MIN_KELLY_UNITS_STAKED;

/** Quarter-Kelly ROI, or why it is held back (docs/decisions/0211-honest-figures.md). */
function kellyRoi(kelly: PickRecord['kelly']) {
  if (kelly.roi === null) return 'N/A';
  if (!kellyShown(kelly.staked)) return `not shown: ${kelly.staked.toFixed(2)} units staked (from ${MIN_KELLY_UNITS_STAKED})`;
  return `${formatPercent(kelly.roi, { signed: true })} on ${kelly.staked.toFixed(2)} units`;
}

const roi = (r: PickRecord) => withInterval(r.roi, r.roiLow !== null && r.roiHigh !== null ? [r.roiLow, r.roiHigh] : null, r.staked);
const clv = (c: Clv) => (c.bets ? withInterval(c.mean, c.ci95, c.bets) : 'no closing prices');

function RecordTable({ label, rows }: { label: string; rows: [string, PickRecord][] }) {
  return (
    <CompactTable
      scrollLabel={label}
      stackOnPhone
      className="md:min-w-[48rem]"
      columns={['', 'Bets', 'Hit rate', `Profit ($${STAKE_USD} stake)`, 'ROI [95% interval]', 'Quarter-Kelly ROI', 'Mean CLV [95% interval]']}
      rows={rows.map(([name, r]) => ({
        key: name,
        header: name,
        cells: [r.picks, formatPercent(r.hitRate), formatMoney(r.profit), roi(r), kellyRoi(r.kelly), clv(r.clv)],
      }))}
    />
  );
}

function ProfitSection({ report }: { report: AnalyticsReport }) {
  const [kind, setKind] = useState<'picks' | 'valueBets'>('picks');
  const curve = report.curves[kind];
  const last = curve.points.at(-1);
  const kellyStaked = (kind === 'picks' ? report.markets.all : report.valueBets).kelly.staked;
  return (
    <Section title="Profit over time">
      <div role="group" aria-label="Bets shown" className="mb-3 flex flex-wrap gap-2">
        {(['picks', 'valueBets'] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
            className={buttonStyles({ variant: k === kind ? 'primary' : 'outline', size: 'sm' })}
          >
            {k === 'picks' ? 'Picks' : 'Value bets'}
          </button>
        ))}
      </div>
      {last ? (
        <>
          {kellyShown(kellyStaked) ? (
            <p className="mb-3 text-sm">
              Cumulative profit in units after {kind === 'picks' ? report.markets.all.picks : report.valueBets.picks} bets: flat 1 unit{' '}
              <span className="font-semibold tabular-nums">{last.flat.toFixed(2)}</span>, quarter-Kelly{' '}
              <span className="font-semibold tabular-nums">{last.kelly.toFixed(2)}</span>. Largest fall from a peak: flat{' '}
              <span className="font-semibold tabular-nums">{curve.maxDrawdown.flat.toFixed(2)}</span>, quarter-Kelly{' '}
              <span className="font-semibold tabular-nums">{curve.maxDrawdown.kelly.toFixed(2)}</span> units.
            </p>
          ) : (
            <p className="mb-3 text-sm">
              Cumulative profit in units after {kind === 'picks' ? report.markets.all.picks : report.valueBets.picks} bets, flat 1 unit:{' '}
              <span className="font-semibold tabular-nums">{last.flat.toFixed(2)}</span>; largest fall from a peak{' '}
              <span className="font-semibold tabular-nums">{curve.maxDrawdown.flat.toFixed(2)}</span> units. Quarter-Kelly is not shown until{' '}
              {MIN_KELLY_UNITS_STAKED} units are staked ({kellyStaked.toFixed(2)} so far).
            </p>
          )}
          <ChartSlot className="h-72">
            <ProfitChart curve={curve} kelly={kellyShown(kellyStaked)} />
          </ChartSlot>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No settled bet in this selection.</p>
      )}
    </Section>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const forecast = report.forecast;
  return (
    <div className="space-y-6">
      {report.basis === 'backtest' ? (
        <p className="rounded-xl border border-border bg-surface p-4 text-sm">
          Back-tested: fewer than 30 published picks are settled in this period, so these figures come from predictions reconstructed when a league was added,
          not published in advance.
        </p>
      ) : null}
      <Section title="Picks by market">
        <p className="mb-3 text-sm text-muted-foreground">
          {report.matches} settled matches from {report.from} to {report.to}; picks are outcomes we gave {HIGH_CONFIDENCE_THRESHOLD}% or more, staked 1 unit
          flat and quarter-Kelly (at most 2.5 units).
        </p>
        <RecordTable
          label="Picks by market table"
          rows={[
            ['All picks', report.markets.all],
            [MARKET_LABEL['1x2'], report.markets['1x2']],
            [MARKET_LABEL.ou25, report.markets.ou25],
          ]}
        />
      </Section>
      <Section title="Value bets">
        <p className="mb-3 text-sm text-muted-foreground">Prices above the market&apos;s fair price, settled at the price shown before kickoff.</p>
        <RecordTable label="Value bets table" rows={[['Value bets', report.valueBets]]} />
        <div className="mt-4">
          <ValueWorthPanel headingLevel="h3" />
        </div>
      </Section>
      <Section title="Closing line value">
        <p className="text-sm">
          Whether the price taken beat the market&apos;s fair closing price: the measure that tells an edge from luck sooner than ROI does.{' '}
          {report.clv.bets ? (
            <>
              Mean CLV over {report.clv.bets} bets: <span className="font-semibold tabular-nums">{clv(report.clv)}</span>;{' '}
              {formatPercent(report.clv.beatClosePct)} beat the close.
            </>
          ) : (
            'No bet of this selection has a closing price yet.'
          )}
          {report.clv.withoutClosing ? ` ${report.clv.withoutClosing} settled bets have no closing price (or no price) and are not counted.` : ''}
        </p>
      </Section>
      <ProfitSection report={report} />
      <Section title="Forecast quality against the market">
        {!forecast ? (
          <p className="text-sm text-muted-foreground">Forecast quality appears after the first metrics run.</p>
        ) : forecast.rps.matches ? (
          <p className="text-sm">
            All leagues, {forecast.basis === 'published' ? 'published' : 'back-tested'} forecasts. Mean ranked probability score on the {forecast.rps.matches}{' '}
            matches with bookmaker odds (lower is better): ours <span className="font-semibold tabular-nums">{forecast.rps.ours?.toFixed(4)}</span>, the
            market’s fair probabilities <span className="font-semibold tabular-nums">{forecast.rps.market?.toFixed(4)}</span>.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No settled match with bookmaker odds in this period.</p>
        )}
      </Section>
      {forecast ? (
        <Section title="Reliability diagram">
          <p className="mb-3 text-sm text-muted-foreground">
            Every home, draw and away probability we published, grouped in 10-point bins, against how often that outcome happened.
          </p>
          {forecast.reliability.length ? (
            <>
              <ChartSlot className="h-72">
                <ReliabilityChart bins={forecast.reliability} />
              </ChartSlot>
              <CompactTable
                label="Reliability bins"
                className="mt-3"
                columns={['Bin', 'Forecast', 'Observed', 'Outcomes']}
                rows={forecast.reliability.map((b) => ({
                  key: String(b.from),
                  header: `${b.from}-${b.to}%`,
                  cells: [formatPercent(b.forecast), formatPercent(b.observed), b.count],
                }))}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">No settled forecast in this period.</p>
          )}
        </Section>
      ) : null}
      <Section title="By league">
        <CompactTable
          scrollLabel="By league table"
          stackOnPhone
          className="md:min-w-[48rem]"
          columns={['League', '1X2 picks', '1X2 ROI', 'O/U 2.5 picks', 'O/U ROI', 'Value bets', 'Value ROI', 'Value CLV']}
          rows={report.perLeague.map((l) => ({
            key: l.leagueId,
            header: <LeagueLink leagueId={l.leagueId}>{l.league}</LeagueLink>,
            cells: [
              l['1x2'].picks,
              roi(l['1x2']),
              l.ou25.picks,
              roi(l.ou25),
              l.valueBets.picks,
              roi(l.valueBets),
              formatPercent(l.valueBets.clv.mean, { signed: true }),
            ],
          }))}
        />
      </Section>
    </div>
  );
}

function LockedPreview() {
  return (
    <section
      aria-label="Locked analytics"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-4 py-10 text-center"
    >
      <Lock aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="max-w-xl text-sm font-medium">
        Premium analytics: every bet we recorded, with profit and ROI and their 95% intervals per market and league, closing line value, flat and quarter-Kelly
        profit curves, our forecasts scored against the market, a reliability diagram, and the full ledger as CSV.
      </p>
      <Link to={paths.pricing.getHref({ intent: 'subscribe' })} className={buttonStyles({ size: 'sm' })}>
        Unlock Analytics
      </Link>
    </section>
  );
}

function filterOf(params: URLSearchParams): AnalyticsFilter {
  const period = (ANALYTICS_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as AnalyticsPeriod) : '30';
  const market = params.get('market');
  return { period, ...(params.get('league') ? { league: params.get('league')! } : {}), ...(market === '1x2' || market === 'ou25' ? { market } : {}) };
}

/** Premium performance analytics and the ledger's download; visitors and free users see what it holds, locked. */
export default function AnalyticsRoute() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const analytics = useAnalytics(filter, { enabled: session.isConfirmed && session.isPremium && !session.user?.breakUntil });
  const set = (changes: Partial<Record<keyof AnalyticsFilter, string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v && !(k === 'period' && v === '30')) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <ContentLayout title="Performance Analytics" description="How our published predictions have done, measured the way a bettor would measure them.">
      {!session.isConfirmed ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : !session.isPremium ? (
        <LockedPreview />
      ) : session.user?.breakUntil ? (
        <BreakNotice until={session.user.breakUntil} />
      ) : (
        <>
          <div className="mb-6 flex flex-wrap items-end gap-3">
            <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
              {ANALYTICS_PERIODS.map((p) => (
                <button
                  key={p}
                  type="button"
                  aria-pressed={p === filter.period}
                  onClick={() => set({ period: p })}
                  className={cn(buttonStyles({ variant: p === filter.period ? 'primary' : 'outline', size: 'sm' }))}
                >
                  {PERIOD_LABEL[p]}
                </button>
              ))}
            </div>
            {/* Both selects share a row on a phone, beside the period buttons from sm up. */}
            <div className="flex w-full gap-3 sm:w-auto">
              <SelectField label="League" value={filter.league ?? ''} onChange={(league) => set({ league: league || undefined })}>
                <option value="">All leagues</option>
                {(analytics.data?.leagues ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Market" value={filter.market ?? ''} onChange={(market) => set({ market: market || undefined })}>
                <option value="">All markets</option>
                <option value="1x2">{MARKET_LABEL['1x2']}</option>
                <option value="ou25">{MARKET_LABEL.ou25}</option>
              </SelectField>
            </div>
            <a href={ledgerCsvHref(filter)} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
              <Download aria-hidden="true" className="size-4" />
              Download CSV
            </a>
          </div>
          <p className="mb-6 max-w-3xl text-sm text-muted-foreground">{PICKS_PAY_THE_MARGIN}</p>
          {analytics.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Analytics are unavailable right now.
            </p>
          ) : analytics.data === undefined ? (
            <p className="min-h-dvh text-sm text-muted-foreground">Loading analytics…</p>
          ) : (
            <Report report={analytics.data} />
          )}
          <p className="mt-6 text-xs text-muted-foreground">
            The CSV holds every bet of the selection as recorded, with its closing price, result, profit, CLV and corrections; each day&apos;s entries are
            sealed in a public digest before kickoff (
            <a href="/api/ledger/digests" className="underline underline-offset-2">
              digests
            </a>
            ).
          </p>
        </>
      )}
    </ContentLayout>
  );
}
