import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

const linkClass = 'rounded underline decoration-border underline-offset-4 hover:decoration-current';

/**
 * A club's name linking to its page: `teamSlug` is its page's id (the API's, or `slug` of the club
 * as the API spells it, from `@app/contracts/slug`), `children` the name to show (the name people know).
 */
export function TeamLink({ teamSlug, children, className }: { teamSlug: string; children: ReactNode; className?: string }) {
  return (
    <Link to={paths.team.getHref(teamSlug)} className={cn(linkClass, className)}>
      {children}
    </Link>
  );
}

/** A league's name linking to its page. */
export function LeagueLink({ leagueId, children, className }: { leagueId: string; children: ReactNode; className?: string }) {
  return (
    <Link to={paths.league.getHref(leagueId)} className={cn(linkClass, className)}>
      {children}
    </Link>
  );
}
