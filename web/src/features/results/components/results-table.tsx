import { displayTeamName } from '@app/contracts/display-names';
import type { ResultRow } from '@app/contracts/results';

import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { formatMatchDate, formatOdds, formatPercent } from '@/utils/format';

function Outcome({ won }: { won: boolean }) {
  return <Badge variant={won ? 'success' : 'destructive'}>{won ? 'Won' : 'Lost'}</Badge>;
}

/** The price taken, and any staff correction shown as such: who, when, old and new (it changes no figure). */
function PriceTaken({ bet }: { bet: ResultRow['picks'][number] }) {
  const last = bet.corrections.at(-1);
  return (
    <div>
      {formatOdds(bet.odds)}
      {last ? (
        <span className="block text-xs text-muted-foreground" data-testid="odds-corrected">
          corrected {formatOdds(last.oldPrice)} to {formatOdds(last.newPrice)} by staff {last.by.slice(-6)}, {formatMatchDate(last.at)}; figures use the price taken
        </span>
      ) : null}
    </div>
  );
}

const betLabel = (p: ResultRow['picks'][number]) => `${p.kind === 'value' ? 'Value: ' : ''}${p.label} (${formatPercent(p.confidence)})`;

/**
 * The settled predictions: teams, kickoff, the probabilities published before kickoff, the
 * ledger's bets (picks and value bets) at the price taken with their CLV (a correction shown beside it), the score
 * and the outcome. Scrolls sideways on a phone.
 */
export function ResultsTable({ rows }: { rows: ResultRow[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border" role="region" aria-label="Settled predictions" tabIndex={0}>
      <table className="w-full min-w-[58rem] text-left text-sm">
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">Match</th>
            <th scope="col" className="px-3 py-2">Kickoff</th>
            <th scope="col" className="px-3 py-2">Home / Draw / Away</th>
            <th scope="col" className="px-3 py-2">Over 2.5</th>
            <th scope="col" className="px-3 py-2">Bets</th>
            <th scope="col" className="px-3 py-2">Odds</th>
            <th scope="col" className="px-3 py-2">CLV</th>
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
                {formatPercent(r.probabilities.home)} / {formatPercent(r.probabilities.draw)} / {formatPercent(r.probabilities.away)}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatPercent(r.probabilities.over25)}</td>
              <td className="px-3 py-2">
                {r.picks.length ? r.picks.map((p) => <div key={`${p.kind}-${p.label}`}>{betLabel(p)}</div>) : <span className="text-muted-foreground">No pick</span>}
              </td>
              <td className="px-3 py-2 tabular-nums">{r.picks.length ? r.picks.map((p) => <PriceTaken key={`${p.kind}-${p.label}`} bet={p} />) : '–'}</td>
              <td className="px-3 py-2 tabular-nums">{r.picks.length ? r.picks.map((p) => <div key={`${p.kind}-${p.label}`}>{formatPercent(p.clv, { signed: true })}</div>) : '–'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{r.actualResult}</td>
              <td className="px-3 py-2">{r.picks.length ? r.picks.map((p) => <div key={`${p.kind}-${p.label}`}><Outcome won={p.won} /></div>) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
