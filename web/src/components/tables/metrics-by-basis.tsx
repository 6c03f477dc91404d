import type { Metrics, MetricsByBasis } from '@app/contracts/metrics';

import { CompactTable } from '@/components/tables/compact-table';
import { BASIS_LABELS, STAKE_USD } from '@/config/product';
import { formatMoney, formatOdds, formatPercent } from '@/utils/format';

const ROWS: [string, (m: Metrics) => string][] = [
  ['Settled picks', (m) => String(m.totalPredictions)],
  ['Win accuracy', (m) => (m.totalPredictions ? formatPercent(m.winAccuracy) : 'N/A')],
  [`Profit ($${STAKE_USD} stake)`, (m) => formatMoney(m.totalProfit)],
  ['Payout', (m) => formatPercent(m.payoutPercentage, { signed: true })],
  ['Best winning odds', (m) => formatOdds(m.bestWinningOdds)],
];

/** The same figures over published and over back-tested picks, in two labelled columns, never summed. */
export function MetricsByBasisTable({ summary, label }: { summary: MetricsByBasis; label: string }) {
  return (
    <CompactTable
      label={label}
      columns={['', BASIS_LABELS.published, BASIS_LABELS.backtest]}
      rows={ROWS.map(([name, show]) => ({ key: name, header: name, cells: [show(summary.published), show(summary.backtest)] }))}
    />
  );
}
