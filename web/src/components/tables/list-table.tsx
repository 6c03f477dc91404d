import { displayTeamName } from '@app/contracts/display-names';
import type { ReactNode } from 'react';

import { cn } from '@/utils/cn';
import { formatMatchDate } from '@/utils/format';

type ListTableProps = {
  /** The region's accessible name: the table scrolls sideways in it, focusable so a keyboard can scroll it. */
  label: string;
  /** What the rows are, for screen readers. */
  caption: string;
  columns: readonly string[];
  /** The minimum width (a `min-w-*` class) below which the region scrolls. */
  className?: string;
  /** The `<tr>` rows. */
  children: ReactNode;
};

/** A long list of matches in an admin or tracking screen: uppercase column headings, a row per match. */
export function ListTable({ label, caption, columns, className, children }: ListTableProps) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className={cn('w-full text-left text-sm', className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-xs text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

/** The first cells of a match's row: the match as the row's heading (clubs by the names people know), its league and kickoff date. */
export function MatchCells({ match }: { match: { homeTeam: string; awayTeam: string; league: string; matchTime: string } }) {
  return (
    <>
      <th scope="row" className="px-3 py-3 font-medium">
        {displayTeamName(match.homeTeam)} <span className="font-normal text-muted-foreground">vs</span> {displayTeamName(match.awayTeam)}
      </th>
      <td className="px-3 py-3">{match.league}</td>
      <td className="px-3 py-3 whitespace-nowrap">
        <time dateTime={match.matchTime}>{formatMatchDate(match.matchTime)}</time>
      </td>
    </>
  );
}
