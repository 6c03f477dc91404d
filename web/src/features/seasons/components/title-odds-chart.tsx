import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatPercent } from '@/utils/format';

const COLOURS = ['#047857', '#1d4ed8', '#b45309', '#7c3aed', '#be123c', '#0f766e'];

/**
 * How the title chances moved, one point per daily simulation, one line per club. Only ever imported lazily: recharts
 * stays out of the first JavaScript. Hidden from assistive technology; the table beside it gives the latest figures.
 */
export default function TitleOddsChart({ rows, teams }: { rows: Array<Record<string, number | string>>; teams: Array<{ slug: string; name: string }> }) {
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={24} />
          <YAxis domain={[0, 100]} tick={{ fontSize: 12, fill: '#475569' }} tickFormatter={(value: number) => `${value}%`} />
          <Tooltip formatter={(value, name) => [formatPercent(Number(value)), teams.find((t) => t.slug === name)?.name ?? String(name)]} />
          <Legend formatter={(value: string) => teams.find((t) => t.slug === value)?.name ?? value} />
          {teams.map((t, i) => (
            <Line
              key={t.slug}
              type="monotone"
              dataKey={t.slug}
              stroke={COLOURS[i % COLOURS.length]}
              strokeWidth={2}
              dot={rows.length < 3}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
