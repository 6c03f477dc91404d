import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** A team's Elo rating after each match day. Lazily imported (recharts); the page states the latest rating as text. */
export default function RatingChart({ points }: { points: Array<{ date: string; rating: number }> }) {
  return (
    <div aria-hidden="true" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -4 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={24} />
          <YAxis domain={['auto', 'auto']} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip formatter={(value) => [Number(value).toFixed(0), 'Elo']} />
          <Line type="monotone" dataKey="rating" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
