import { LayoutGrid, List } from 'lucide-react';
import { useId } from 'react';

import { controlClass } from '@/components/ui/filter-field';
import { PREDICTIONS_TOOLBAR_CLASS } from '@/features/predictions/components/prediction-list';
import type { CountryLeagues } from '@/features/predictions/utils/filter-predictions';
import type { PredictionsView } from '@/features/predictions/utils/view';
import { cn } from '@/utils/cn';

type PredictionsToolbarProps = {
  /** A league name or 'all'. */
  league: string;
  onLeague: (league: string) => void;
  /** The upcoming leagues by country; the select groups them the same way. */
  countries: CountryLeagues[];
  view: PredictionsView;
  onView: (view: PredictionsView) => void;
};

const VIEWS = [
  { value: 'list', label: 'List', Icon: List },
  { value: 'cards', label: 'Cards', Icon: LayoutGrid },
] as const;

/**
 * The bar that stays on screen above the matches (docs/product.md#predictions): the league filter
 * and the choice between the compact list and the cards, remembered per browser.
 */
export function PredictionsToolbar({ league, onLeague, countries, view, onView }: PredictionsToolbarProps) {
  const id = useId();
  const known = countries.some(({ leagues }) => leagues.some((l) => l.league === league));
  return (
    <div className={cn(PREDICTIONS_TOOLBAR_CLASS, 'flex items-center gap-3 border-b border-border bg-background/95 backdrop-blur')}>
      <label htmlFor={id} className="text-sm font-medium">
        League
      </label>
      <select id={id} value={league} onChange={(event) => onLeague(event.target.value)} className={cn(controlClass, 'min-w-0 flex-1 sm:max-w-72')}>
        <option value="all">All leagues</option>
        {countries.map(({ country, leagues }) => (
          <optgroup key={country} label={country}>
            {leagues.map((l) => (
              <option key={l.league} value={l.league}>
                {l.league}
              </option>
            ))}
          </optgroup>
        ))}
        {/* A league from an old link that has no upcoming match: still selectable, so the select shows it. */}
        {league !== 'all' && !known ? <option value={league}>{league}</option> : null}
      </select>
      <div role="group" aria-label="Show matches as" className="ml-auto flex shrink-0 rounded-lg border border-slate-500">
        {VIEWS.map(({ value, label, Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => onView(value)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 px-2.5 text-sm font-medium first:rounded-l-lg last:rounded-r-lg',
              view === value ? 'bg-primary text-primary-foreground' : 'bg-background text-foreground hover:bg-muted',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
