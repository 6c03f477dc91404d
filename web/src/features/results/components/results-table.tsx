import { displayTeamName } from '@app/contracts/display-names';
import type { ResultRow } from '@app/contracts/results';

import { Link } from 'react-router-dom';

import { LeagueLink } from '@/components/links/entity-links';
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
          corrected {formatOdds(last.oldPrice)} to {formatOdds(last.newPrice)} by staff {last.by.slice(-6)}, {formatMatchDate(last.at)}; figures use the price
          taken
        </span>
      ) : null}
    </div>
  );
}

const betLabel = (p: ResultRow['picks'][number]) => `${p.kind === 'value' ? 'Value: ' : ''}${p.label} (${formatPercent(p.confidence)})`;

const COLUMNS = ['Match', 'Kickoff', 'Home / Draw / Away', 'Over 2.5', 'Bets', 'Odds', 'CLV', 'Result', 'Outcome'];

/**
 * On a phone (below md) each row stacks as a card of labelled lines: the match, its kickoff and
 * probabilities, then the bets with their odds, CLV and won/lost, with nothing hidden off screen.
 * The table keeps its roles (explicit, as a block layout may drop them), its headings are read
 * by screen readers, and each cell shows its column's name (`data-label`).
 */
const th = 'px-3 py-2';
const td =
  'px-3 py-2 max-md:grid max-md:grid-cols-[6.5rem_1fr] max-md:gap-2 max-md:py-1 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]';

/**
 * The settled predictions: teams, kickoff, the probabilities published before kickoff, the
 * ledger's bets (picks and value bets) at the price taken with their CLV (a correction shown beside it), the score
 * and the outcome. Wide screens get the table; phones the stacked rows.
 */
export function ResultsTable({ rows }: { rows: ResultRow[] }) {
  return (
    <div className="rounded-xl border border-border md:overflow-x-auto" role="region" aria-label="Settled predictions" tabIndex={0}>
      <table role="table" className="w-full text-left text-sm max-md:block md:min-w-[58rem]">
        <thead role="rowgroup" className="bg-muted text-xs uppercase tracking-wide text-muted-foreground max-md:sr-only">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} role="columnheader" scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:block">
          {rows.map((r) => (
            <tr role="row" key={r.fixtureId} className="border-t border-border align-top max-md:block max-md:py-2 max-md:first:border-t-0">
              <td role="cell" data-label="Match" className={td}>
                <div>
                  <Link to={paths.match.getHref(r.fixtureId)} className="font-medium text-foreground underline underline-offset-2">
                    {displayTeamName(r.homeTeam)} vs {displayTeamName(r.awayTeam)}
                  </Link>
                  <div className="text-xs text-muted-foreground">
                    <LeagueLink leagueId={r.leagueId}>{r.league}</LeagueLink>
                    {r.origin === 'backfilled' ? ' · back-tested' : ''}
                  </div>
                </div>
              </td>
              <td role="cell" data-label="Kickoff" className={`${td} whitespace-nowrap`}>
                {formatMatchDate(r.matchTime)}
              </td>
              <td role="cell" data-label="H / D / A" className={`${td} whitespace-nowrap tabular-nums`}>
                {formatPercent(r.probabilities.home)} / {formatPercent(r.probabilities.draw)} / {formatPercent(r.probabilities.away)}
              </td>
              <td role="cell" data-label="Over 2.5" className={`${td} tabular-nums`}>
                {formatPercent(r.probabilities.over25)}
              </td>
              <td role="cell" data-label="Bets" className={td}>
                <div>
                  {r.picks.length ? (
                    r.picks.map((p) => <div key={`${p.kind}-${p.label}`}>{betLabel(p)}</div>)
                  ) : (
                    <span className="text-muted-foreground">No pick</span>
                  )}
                </div>
              </td>
              <td role="cell" data-label="Odds" className={`${td} tabular-nums`}>
                <div>{r.picks.length ? r.picks.map((p) => <PriceTaken key={`${p.kind}-${p.label}`} bet={p} />) : '–'}</div>
              </td>
              <td role="cell" data-label="CLV" className={`${td} tabular-nums`}>
                <div>{r.picks.length ? r.picks.map((p) => <div key={`${p.kind}-${p.label}`}>{formatPercent(p.clv, { signed: true })}</div>) : '–'}</div>
              </td>
              <td role="cell" data-label="Result" className={`${td} whitespace-nowrap`}>
                {r.actualResult}
              </td>
              <td role="cell" data-label="Outcome" className={td}>
                <div>
                  {r.picks.length
                    ? r.picks.map((p) => (
                        <div key={`${p.kind}-${p.label}`}>
                          <Outcome won={p.won} />
                        </div>
                      ))
                    : '–'}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
