import type { ValueWorth, ValueWorthFigures, ValueWorthWindow } from '@app/contracts/analytics';

import { CompactTable } from '@/components/tables/compact-table';
import { useValueWorth } from '@/features/analytics/api/get-value-worth';
import { formatInterval, formatMoney, formatPercent } from '@/utils/format';

/** What the panel says the expected figure is, before any number (docs/decisions/0322-what-the-flags-are-worth.md). */
export const VALUE_WORTH_EXPLAINED =
  'Expected: what the prices were worth against the market’s fair closing price (mean closing line value × flags × stake): an expectation, never a promise. Beside it, what actually happened.';

const COLUMNS = ['', 'Flags', 'Mean CLV', 'Expected per 30 days', 'Happened per 30 days'];

/** `+$12.40 [-$3.10, +$27.90]`: dollars with their interval, when there is one. */
function moneyWithInterval(value: number | null, interval: readonly [number, number] | null) {
  if (value === null) return 'N/A';
  return interval ? `${formatMoney(value)} [${formatMoney(interval[0])}, ${formatMoney(interval[1])}]` : formatMoney(value);
}

function row(label: string, f: ValueWorthFigures) {
  return {
    key: label,
    header: label,
    cells: [
      // the sample size: every expected figure rests on the flags with a closing price
      `${f.flags} settled, ${f.clv.bets} with a closing price`,
      f.clv.mean === null ? 'N/A' : `${formatPercent(f.clv.mean, { signed: true })} ${formatInterval(f.clv.ci95)}`.trim(),
      moneyWithInterval(f.expectedMonthlyUsd, f.expectedMonthlyUsdCi95),
      formatMoney(f.actualMonthlyUsd),
    ],
  };
}

function WindowTable({ title, window }: { title: string; window: ValueWorthWindow }) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium">
        {title}{' '}
        <span className="font-normal text-muted-foreground">
          ({window.from} to {window.to})
        </span>
      </h3>
      <CompactTable
        label={`Value bets, ${title.toLowerCase()}`}
        columns={COLUMNS}
        stackOnPhone
        rows={[row('Published before kickoff', window.published), row('Back-tested', window.backtest)]}
      />
    </div>
  );
}

/** The figures beside the fee, from what the API says. */
export function ValueWorthFiguresView({ worth }: { worth: ValueWorth }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        {VALUE_WORTH_EXPLAINED} At a flat ${worth.stakeUsd} stake on every value bet, beside the ${worth.feeUsd} a month Premium costs; published and
        back-tested flags apart, with 95% intervals.
      </p>
      <WindowTable title="Last 30 days" window={worth.last30} />
      <WindowTable title="This season" window={worth.season} />
    </div>
  );
}

/**
 * What the value bets are worth beside the fee (docs/decisions/0322-what-the-flags-are-worth.md): on /analytics and the
 * pricing page, the same panel from the same public read.
 */
export function ValueWorthPanel({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const worth = useValueWorth();
  const Heading = headingLevel;
  return (
    <section aria-label="What the value bets are worth" className="rounded-2xl border border-border bg-surface p-4">
      <Heading className="mb-2 text-lg font-semibold">What the value bets are worth</Heading>
      {worth.data ? (
        <ValueWorthFiguresView worth={worth.data} />
      ) : (
        <p className="text-sm text-muted-foreground">{worth.isError ? 'The figures could not be loaded.' : 'Loading the figures…'}</p>
      )}
    </section>
  );
}
