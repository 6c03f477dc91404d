import { slug } from '@app/contracts/slug';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

const linkClass = 'rounded underline decoration-border underline-offset-4 hover:decoration-current';

/**
 * A club's name linking to its page. `team` is the club as the API spells it (its page's id is
 * built from that spelling), `children` the name to show (the name people know).
 */
export function TeamLink({ team, teamSlug, children, className }: { team: string; teamSlug?: string; children: ReactNode; className?: string }) {
  return (
    <Link to={paths.team.getHref(teamSlug ?? slug(team))} className={cn(linkClass, className)}>
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
