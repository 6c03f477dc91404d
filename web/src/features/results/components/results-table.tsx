import { displayTeamName } from '@app/contracts/display-names';
import type { ResultRow } from '@app/contracts/results';

import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { formatMatchDate, formatOdds, formatProbability } from '@/utils/format';

function Outcome({ won }: { won: boolean }) {
  return <Badge variant={won ? 'success' : 'destructive'}>{won ? 'Won' : 'Lost'}</Badge>;
}

/**
 * The settled predictions: teams, kickoff, the probabilities published before kickoff, the pick,
 * the score, the odds and the outcome. Scrolls sideways on a phone.
 */
export function ResultsTable({ rows }: { rows: ResultRow[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border" role="region" aria-label="Settled predictions" tabIndex={0}>
      <table className="w-full min-w-[52rem] text-left text-sm">
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">Match</th>
            <th scope="col" className="px-3 py-2">Kickoff</th>
            <th scope="col" className="px-3 py-2">Home / Draw / Away</th>
            <th scope="col" className="px-3 py-2">Over 2.5</th>
            <th scope="col" className="px-3 py-2">Pick</th>
            <th scope="col" className="px-3 py-2">Odds</th>
            <th scope="col" className="px-3 py-2">Result</th>
            <th scope="col" className="px-3 py-2">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.fixtureId} className="border-t border-border align-top">
              <td className="px-3 py-2">
                <Link to={paths.match.getHref(r.fixtureId)} className="font-medium text-foreground underline underline-offset-2">
                  {displayTeamName(r.homeTeam)} vs {displayTeamName(r.awayTeam)}
                </Link>
                <div className="text-xs text-muted-foreground">
                  {r.league}
                  {r.origin === 'backfilled' ? ' · back-tested' : ''}
                </div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatMatchDate(r.matchTime)}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                {formatProbability(r.probabilities.home)} / {formatProbability(r.probabilities.draw)} / {formatProbability(r.probabilities.away)}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatProbability(r.probabilities.over25)}</td>
              <td className="px-3 py-2">
                {r.picks.length ? r.picks.map((p) => <div key={p.market}>{`${p.label} (${formatProbability(p.confidence)})`}</div>) : <span className="text-muted-foreground">No pick</span>}
              </td>
              <td className="px-3 py-2 tabular-nums">{r.picks.length ? r.picks.map((p) => <div key={p.market}>{formatOdds(p.odds)}</div>) : '–'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{r.actualResult}</td>
              <td className="px-3 py-2">{r.picks.length ? r.picks.map((p) => <div key={p.market}><Outcome won={p.won} /></div>) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
