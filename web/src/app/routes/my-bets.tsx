import { TRACKED_MARKETS, type MyBets, type MyBetsQuery, type TrackedBet, type TrackedResult } from '@app/contracts/my-bets';
import { Download } from 'lucide-react';
import { lazy } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { CompactTable } from '@/components/tables/compact-table';
import { buttonStyles, Button } from '@/components/ui/button';
import { ChartSlot } from '@/components/ui/chart-slot';
import { SelectField } from '@/components/ui/filter-field';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { MY_BETS_CSV_HREF, useDeleteBet, useMyBets } from '@/features/my-bets/api/my-bets';
import { HandEntryForm, MARKET_LABELS, selectionText } from '@/features/my-bets/components/hand-entry';
import { ImportBets } from '@/features/my-bets/components/import-bets';
import { usePredictions } from '@/features/predictions/api/get-predictions';
import { BreakNotice } from '@/features/responsible-gambling/components/break-notice';
import { RequireUser } from '@/lib/authorization';
import { formatDateTime, formatInterval, formatOdds, formatPercent, MONTHS } from '@/utils/format';

const ProfitVsExpectedChart = lazy(() => import('@/features/my-bets/components/profit-vs-expected-chart'));

const RESULT_LABELS: Record<TrackedResult, string> = {
  won: 'Won',
  'half-won': 'Half won',
  push: 'Push (stake back)',
  'half-lost': 'Half lost',
  lost: 'Lost',
  void: 'Void (stake back)',
};
const TOO_FEW_BETS = 'too few bets to judge';

/** An amount in the stake's own money (no currency assumed): `+12.50`, `-20.00`. */
export function formatAmount(amount: number, { signed = false } = {}): string {
  const text = Math.abs(amount).toFixed(2);
  return amount < 0 ? `-${text}` : signed && amount > 0 ? `+${text}` : text;
}

/** "you took 2.05 of the flagged 2.10" (a bet that followed a flag), else the price alone. */
export function priceText(bet: Pick<TrackedBet, 'price' | 'flag'>): string {
  return bet.flag ? `you took ${formatOdds(bet.price)} of the flagged ${formatOdds(bet.flag.price)}` : formatOdds(bet.price);
}

const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

function filterOf(params: URLSearchParams): MyBetsQuery {
  const market = params.get('market');
  return {
    ...(params.get('league') ? { league: params.get('league')! } : {}),
    ...(market && (TRACKED_MARKETS as readonly string[]).includes(market) ? { market: market as MyBetsQuery['market'] } : {}),
    ...(params.get('book') ? { book: params.get('book')! } : {}),
    ...(params.get('month') ? { month: params.get('month')! } : {}),
  };
}

function Totals({ totals }: { totals: MyBets['totals'] }) {
  const note = totals.tooFewToJudge ? ` · ${TOO_FEW_BETS} (under ${totals.minBetsToJudge} settled bets)` : '';
  // Mean CLV rests on the bets with a closing price, which can be fewer.
  const clvNote = totals.clvBets < totals.minBetsToJudge ? ` · ${TOO_FEW_BETS} (under ${totals.minBetsToJudge} bets with a closing price)` : '';
  const span =
    totals.firstPlacedAt && totals.lastPlacedAt ? `from ${formatDateTime(totals.firstPlacedAt)} to ${formatDateTime(totals.lastPlacedAt)}` : 'no bets yet';
  return (
    <div className="space-y-3">
      <p className="text-base" data-testid="my-bets-money">
        <span className="font-semibold tabular-nums">{totals.bets}</span> {totals.bets === 1 ? 'bet' : 'bets'},{' '}
        <span className="font-semibold tabular-nums">{formatAmount(totals.staked)}</span> staked in total, {span}. {totals.open} open, {totals.settled} settled.
      </p>
      <CompactTable
        label="Totals"
        stackOnPhone
        columns={['', 'Figure', '95% interval', 'Bets']}
        rows={[
          { key: 'staked', header: 'Staked (settled)', cells: [formatAmount(totals.settledStaked), 'exact', totals.settled] },
          {
            key: 'profit',
            header: 'Profit',
            cells: [
              formatAmount(totals.profit, { signed: true }),
              totals.profitCi95 ? totals.profitCi95.map((v) => formatAmount(v, { signed: true })).join(' to ') : '',
              totals.settled,
            ],
          },
          { key: 'roi', header: 'ROI', cells: [`${formatPercent(totals.roi, { signed: true })}${note}`, formatInterval(totals.roiCi95), totals.settled] },
          {
            key: 'clv',
            header: 'Mean CLV',
            cells: [
              totals.clvBets ? `${formatPercent(totals.meanClv, { signed: true })}${clvNote}` : 'no closing prices yet',
              formatInterval(totals.meanClvCi95),
              totals.clvBets,
            ],
          },
        ]}
      />
    </div>
  );
}

function BetRows({ bets, label, onDelete }: { bets: TrackedBet[]; label: string; onDelete: (id: string) => void }) {
  if (!bets.length) return <p className="text-sm text-muted-foreground">None.</p>;
  return (
    <CompactTable
      label={label}
      stackOnPhone
      className="md:min-w-[56rem]"
      columns={['Match', 'Bet', 'Price', 'Book', 'Stake', 'Fair close', 'CLV', 'Result', 'Profit', '']}
      rows={bets.map((b) => ({
        key: b.id,
        header: (
          <Link to={paths.match.getHref(b.fixtureId)} className="underline decoration-border underline-offset-4">
            {b.homeTeam} v {b.awayTeam}
          </Link>
        ),
        cells: [
          selectionText(b),
          priceText(b),
          b.bookmaker ?? '',
          formatAmount(b.stake),
          b.closing ? formatOdds(b.closing.fairPrice) : b.market === 'ah' ? 'no closing price' : 'not yet',
          b.clv === null ? '' : formatPercent(b.clv * 100, { signed: true }),
          b.result ? RESULT_LABELS[b.result] : 'Open',
          b.profit === null ? '' : formatAmount(b.profit, { signed: true }),
          <Button key="delete" variant="ghost" size="sm" aria-label={`Delete ${b.homeTeam} v ${b.awayTeam} ${selectionText(b)}`} onClick={() => onDelete(b.id)}>
            Delete
          </Button>,
        ],
      }))}
    />
  );
}

function Page() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const bets = useMyBets(filter, { enabled: true });
  const remove = useDeleteBet();
  const predictions = usePredictions();
  const set = (changes: Partial<Record<keyof MyBetsQuery, string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  if (bets.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Your bets are unavailable right now.
      </p>
    );
  if (!bets.data) return <p className="min-h-dvh text-sm text-muted-foreground">Loading your bets…</p>;
  const data = bets.data;
  const open = data.bets.filter((b) => b.result === null);
  const settled = data.bets.filter((b) => b.result !== null);
  const matches = (predictions.data ?? []).map((p) => ({ fixtureId: p.id, label: `${p.homeTeamName} v ${p.awayTeamName}` }));
  return (
    <div className="space-y-6">
      <div role="group" aria-label="Filters" className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <SelectField label="League" value={filter.league ?? ''} onChange={(league) => set({ league })}>
          <option value="">All leagues</option>
          {data.options.leagues.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Market" value={filter.market ?? ''} onChange={(market) => set({ market })}>
          <option value="">All markets</option>
          {TRACKED_MARKETS.map((m) => (
            <option key={m} value={m}>
              {MARKET_LABELS[m]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Book" value={filter.book ?? ''} onChange={(book) => set({ book })}>
          <option value="">All books</option>
          {data.options.books.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </SelectField>
        <SelectField label="Month" value={filter.month ?? ''} onChange={(month) => set({ month })}>
          <option value="">All months</option>
          {data.options.months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </SelectField>
        <a href={MY_BETS_CSV_HREF} download className={buttonStyles({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      <Section title="Totals">
        <Totals totals={data.totals} />
      </Section>
      {data.curve.length ? (
        <Section title="Profit and the profit your CLV expected">
          <p className="mb-3 text-sm text-muted-foreground">
            Each settled bet expects its stake times its CLV; over hundreds of bets profit tends towards that line, over a few it says mostly luck.
          </p>
          <ChartSlot className="h-72">
            <ProfitVsExpectedChart curve={data.curve} />
          </ChartSlot>
        </Section>
      ) : null}
      <Section title="Open bets">
        <BetRows bets={open} label="Open bets" onDelete={(id) => remove.mutate(id)} />
      </Section>
      <Section title="Settled bets">
        <BetRows bets={settled} label="Settled bets" onDelete={(id) => remove.mutate(id)} />
      </Section>
      {data.canAdd ? (
        <>
          <Section title="Add a bet by hand">
            <HandEntryForm matches={matches} />
          </Section>
          <Section title="Import bets">
            <ImportBets />
          </Section>
        </>
      ) : null}
    </div>
  );
}

/**
 * My bets (docs/decisions/0300-my-bets.md): the subscriber's own bets, settled against the close,
 * with totals and their intervals. Reading needs a session (a lapsed subscriber keeps the
 * history); adding needs Premium, and a break hides it.
 */
export default function MyBetsRoute() {
  return (
    <RequireUser>
      {(user) => (
        <ContentLayout title="My bets" description="The bets you took, at the price you got, judged against the closing price.">
          {user.breakUntil ? (
            <div className="mb-6">
              <BreakNotice until={user.breakUntil} />
            </div>
          ) : user.subscriptionStatus !== 'premium' ? (
            <p className="mb-6 rounded-xl border border-border bg-surface p-4 text-sm">
              Adding bets is part of Premium; the bets you tracked stay here to read and download.{' '}
              <Link to={paths.pricing.getHref({ intent: 'subscribe' })} className="font-medium text-primary underline underline-offset-4">
                Subscribe
              </Link>
            </p>
          ) : null}
          <Page />
        </ContentLayout>
      )}
    </RequireUser>
  );
}
