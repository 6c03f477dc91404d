/**
 * A team's Elo rating after each match day: one line, drawn as plain SVG (no chart library: the
 * team page stays within its JavaScript budget on a phone, where this chart is on the first
 * screen). Hidden from assistive technology: the page states the latest rating as text.
 */
export default function RatingChart({ points }: { points: Array<{ date: string; rating: number }> }) {
  const ratings = points.map((p) => p.rating);
  const low = Math.floor(Math.min(...ratings) / 10) * 10 - 10;
  const high = Math.ceil(Math.max(...ratings) / 10) * 10 + 10;
  const ticks = [high, Math.round((high + low) / 2), low];
  const x = (index: number) => (points.length > 1 ? (index / (points.length - 1)) * 100 : 50);
  const y = (rating: number) => ((high - rating) / (high - low)) * 100;
  const line = points.map((p, index) => `${index ? 'L' : 'M'}${x(index).toFixed(2)},${y(p.rating).toFixed(2)}`).join(' ');
  return (
    <div aria-hidden="true" className="flex h-56 w-full gap-2 text-xs text-slate-600" data-testid="rating-chart">
      <div className="flex flex-col justify-between pb-5 text-right tabular-nums">
        {ticks.map((tick) => (
          <span key={tick}>{tick}</span>
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="w-full flex-1 overflow-visible">
          {ticks.map((tick) => (
            <line key={tick} x1="0" x2="100" y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
          ))}
          <path d={line} fill="none" stroke="#1d4ed8" strokeWidth="2" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </svg>
        <div className="flex h-5 items-end justify-between tabular-nums">
          <span>{points[0]?.date}</span>
          <span>{points.at(-1)?.date}</span>
        </div>
      </div>
    </div>
  );
}
