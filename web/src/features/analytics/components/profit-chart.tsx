import type { ProfitCurve } from '@app/contracts/analytics';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatShortDay } from '@/utils/format';

/**
 * Cumulative profit in units, flat stakes and quarter-Kelly, one point per match day. Only ever
 * imported lazily; hidden from assistive technology: the text beside it gives the figures.
 */
export default function ProfitChart({
  curve,
  kelly = true,
}: {
  curve: ProfitCurve;
  /** Draw the quarter-Kelly line (not under the minimum staked). */ kelly?: boolean;
}) {
  const data = curve.points.map((p) => ({ day: formatShortDay(p.kickoff.slice(0, 10)), flat: p.flat, kelly: p.kelly }));
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="profit-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={24} />
          <YAxis tick={{ fontSize: 12, fill: '#475569' }} tickFormatter={(v: number) => `${v}u`} />
          <Tooltip formatter={(value, name) => [`${Number(value).toFixed(2)} units`, name === 'flat' ? 'Flat 1 unit' : 'Quarter-Kelly']} />
          <Legend formatter={(name) => (name === 'flat' ? 'Flat 1 unit' : 'Quarter-Kelly')} />
          <Line dataKey="flat" stroke="#047857" strokeWidth={2.5} dot={false} isAnimationActive={false} />
          {kelly ? <Line dataKey="kelly" stroke="#b45309" strokeWidth={2} strokeDasharray="5 3" dot={false} isAnimationActive={false} /> : null}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
