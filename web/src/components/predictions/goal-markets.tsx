import type { GoalMarkets } from '@app/contracts/predictions';

import { CompactTable } from '@/components/tables/compact-table';
import { formatOdds, formatPercent } from '@/utils/format';

/** The handicap lines a card shows; the match page shows all of them. */
const CARD_LINES = [-1.5, -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 1.5];

const signedLine = (line: number) => (line > 0 ? `+${line}` : String(line));

/** Double chance, draw no bet, totals and both teams to score, as label/value pairs. */
function marketRows(m: GoalMarkets): Array<[string, string]> {
  return [
    ['Home or draw (1X)', formatPercent(m.doubleChance.homeOrDraw)],
    ['Home or away (12)', formatPercent(m.doubleChance.homeOrAway)],
    ['Draw or away (X2)', formatPercent(m.doubleChance.drawOrAway)],
    ['Draw no bet: home / away', `${formatPercent(m.drawNoBet.home)} / ${formatPercent(m.drawNoBet.away)}`],
    ['Over 1.5 / 2.5 / 3.5', `${formatPercent(m.overUnder['1.5'])} / ${formatPercent(m.overUnder['2.5'])} / ${formatPercent(m.overUnder['3.5'])}`],
    ['Both teams to score', formatPercent(m.btts)],
  ];
}

/**
 * Every market read from the forecast's one scoreline grid: percentages, and the Asian handicap's fair odds (the
 * price at which a side's expected profit is zero; quarter lines are two half stakes, whole lines push). `compact`:
 * the card's handicap lines, under its 'More markets' (prediction-card.tsx).
 */
export function GoalMarketsView({ markets, compact = false }: { markets: GoalMarkets; compact?: boolean }) {
  const lines = compact ? markets.asianHandicap.filter((l) => CARD_LINES.includes(l.line)) : markets.asianHandicap;
  return (
    <>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {marketRows(markets).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3">
        <CompactTable
          columns={['Home line', 'Home fair odds', 'Away fair odds']}
          rows={lines.map((l) => ({ key: String(l.line), header: signedLine(l.line), cells: [formatOdds(l.homeFairOdds), formatOdds(l.awayFairOdds)] }))}
        />
      </div>
    </>
  );
}
