import type { MyBets } from '@app/contracts/my-bets';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatShortDay } from '@/utils/format';

const NAMES: Record<string, string> = { profit: 'Profit', expected: 'Expected from CLV' };

/**
 * Cumulative profit beside the profit the bets' CLV expected, one point per settled bet. Only ever
 * imported lazily; hidden from assistive technology: the totals beside it give the figures.
 */
export default function ProfitVsExpectedChart({ curve }: { curve: MyBets['curve'] }) {
  const data = curve.map((p) => ({ day: formatShortDay(p.at.slice(0, 10)), profit: p.profit, expected: p.expected }));
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="my-bets-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={24} />
          <YAxis tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip formatter={(value, name) => [Number(value).toFixed(2), NAMES[String(name)] ?? String(name)]} />
          <Legend formatter={(name) => NAMES[String(name)] ?? String(name)} />
          <Line dataKey="profit" stroke="#047857" strokeWidth={2.5} dot={false} isAnimationActive={false} />
          <Line dataKey="expected" stroke="#b45309" strokeWidth={2} strokeDasharray="5 3" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
