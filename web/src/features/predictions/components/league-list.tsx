import { Trophy } from 'lucide-react';

import { CollapsibleSection } from '@/components/ui/collapsible-section';
import type { CountryLeagues } from '@/features/predictions/utils/filter-predictions';
import { cn } from '@/utils/cn';

type LeagueListProps = {
  countries: CountryLeagues[];
  /** The league filter: a league name or 'all'. */
  selected: string;
  onSelect: (league: string) => void;
  isLoading?: boolean;
};

/** docs/product.md#predictions: upcoming leagues by country with match counts, most matches first; a click filters by it. */
export function LeagueList({ countries, selected, onSelect, isLoading }: LeagueListProps) {
  return (
    <CollapsibleSection
      headingId="leagues-heading"
      title={
        <>
          <Trophy aria-hidden="true" className="size-4 text-primary" />
          Upcoming leagues
        </>
      }
    >
      {isLoading ? (
        <ul aria-hidden="true" className="space-y-1">
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-9 animate-pulse rounded-lg bg-muted motion-reduce:animate-none" />
          ))}
        </ul>
      ) : countries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No upcoming matches.</p>
      ) : (
        <div className="space-y-4">
          {countries.map(({ country, leagues }) => (
            <div key={country}>
              <h3 className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{country}</h3>
              <ul className="mt-1 space-y-1">
                {leagues.map(({ league, count }) => {
                  const active = selected === league;
                  return (
                    <li key={league}>
                      <button
                        type="button"
                        aria-pressed={active}
                        onClick={() => onSelect(active ? 'all' : league)}
                        className={cn(
                          'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm',
                          active ? 'bg-primary-soft font-semibold text-primary' : 'hover:bg-muted',
                        )}
                      >
                        <span className="min-w-0 truncate">{league}</span>
                        <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
                          {count}
                          <span className="sr-only"> {count === 1 ? 'match' : 'matches'}</span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      )}
    </CollapsibleSection>
  );
}
