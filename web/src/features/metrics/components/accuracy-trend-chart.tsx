import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { BASIS_LABELS } from '@/config/product';
import type { TrendPoint } from '@/features/metrics/api/get-trend';
import { formatPercent } from '@/utils/format';

/**
 * The recharts line chart: published days solid, back-tested days dashed and grey. Only ever
 * imported lazily (`accuracy-trend.tsx`): recharts must not be in the landing page's initial
 * JavaScript. Hidden from assistive technology; the section around it gives the same figures as
 * text, and the legend in words.
 */
export default function AccuracyTrendChart({ points }: { points: TrendPoint[] }) {
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={24} />
          <YAxis domain={[0, 100]} tick={{ fontSize: 12, fill: '#475569' }} tickFormatter={(value: number) => `${value}%`} />
          <Tooltip
            formatter={(value, name) => [formatPercent(Number(value)), BASIS_LABELS[name as keyof typeof BASIS_LABELS]]}
            labelFormatter={(label) => String(label)}
          />
          <Line
            type="monotone"
            dataKey="backtest"
            stroke="#64748b"
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
          <Line type="monotone" dataKey="published" stroke="#047857" strokeWidth={2.5} dot={false} connectNulls={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
