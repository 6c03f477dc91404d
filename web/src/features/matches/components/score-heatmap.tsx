import { formatPercent } from '@/utils/format';

/**
 * The scoreline distribution, 0-0 to 5-5: rows are home goals, columns away goals; the darker the
 * cell, the likelier the score. A real table, so a screen reader reads every cell with its headers.
 */
export function ScoreHeatmap({ scores, homeTeam, awayTeam }: { scores: number[][]; homeTeam: string; awayTeam: string }) {
  const max = Math.max(...scores.flat(), 0.1);
  return (
    <div className="overflow-x-auto" role="region" aria-label="Scoreline heatmap" tabIndex={0}>
      <table
        className="border-separate border-spacing-1 text-center text-xs tabular-nums"
        aria-label={`Scoreline probabilities: ${homeTeam} goals by row, ${awayTeam} goals by column`}
      >
        <thead>
          <tr>
            <th scope="col" className="px-1 text-left font-medium text-muted-foreground">
              {homeTeam} \ {awayTeam}
            </th>
            {scores[0]!.map((_, a) => (
              <th key={a} scope="col" className="w-12 font-semibold">
                {a}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scores.map((row, h) => (
            <tr key={h}>
              <th scope="row" className="font-semibold">
                {h}
              </th>
              {row.map((p, a) => (
                <td
                  key={a}
                  className="h-9 w-12 rounded text-slate-900"
                  style={{ backgroundColor: `rgba(34, 197, 94, ${((p / max) * 0.6).toFixed(3)})` }}
                  title={`${h}-${a}`}
                >
                  {formatPercent(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
