import type { ForecastQuality } from '@app/contracts/analytics';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatPercent } from '@/utils/format';

/**
 * The reliability diagram: mean forecast probability of each bin (x) against how often the outcome
 * happened (y); a calibrated forecast lies on the diagonal. Hidden from assistive technology: the
 * table beside it gives the same figures.
 */
export default function ReliabilityChart({ bins }: { bins: ForecastQuality['reliability'] }) {
  const data = bins.map((b) => ({ forecast: b.forecast, observed: b.observed, ideal: b.forecast }));
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="reliability-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="forecast"
            domain={[0, 100]}
            ticks={[0, 20, 40, 60, 80, 100]}
            tick={{ fontSize: 12, fill: '#475569' }}
            tickFormatter={(v: number) => `${v}%`}
          />
          <YAxis domain={[0, 100]} ticks={[0, 20, 40, 60, 80, 100]} tick={{ fontSize: 12, fill: '#475569' }} tickFormatter={(v: number) => `${v}%`} />
          <Tooltip
            formatter={(value, name) => [formatPercent(Number(value)), name === 'observed' ? 'Observed' : 'Perfect calibration']}
            labelFormatter={(v) => `Forecast ${formatPercent(Number(v))}`}
          />
          <Line dataKey="ideal" stroke="#94a3b8" strokeDasharray="4 4" dot={false} isAnimationActive={false} />
          <Line dataKey="observed" stroke="#047857" strokeWidth={2.5} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
