import { ChevronDown, Lock, Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { controlClass } from '@/components/ui/filter-field';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import { PREMIUM_SORTS, type DateFilter, type PredictionFilters, type SortKey } from '@/features/predictions/utils/filter-predictions';
import { cn } from '@/utils/cn';

/** docs/product.md#predictions: the tooltip of the high-probability filters for viewers who are not premium. */
export const PREMIUM_FILTER_TOOLTIP = 'Premium feature - Subscribe to access high-probability filters';
export const PREMIUM_SORT_TOOLTIP = 'Premium feature - Subscribe to access probability sorting';
export const PREMIUM_VALUE_TOOLTIP = 'Premium feature - Subscribe to access value bets';

type FilterBarProps = {
  filters: PredictionFilters;
  onChange: (next: Partial<PredictionFilters>) => void;
  isPremium: boolean;
};

const DATE_OPTIONS: { value: DateFilter; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'weekend', label: 'This weekend' },
  { value: 'all', label: 'All' },
];

const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'kickoff', label: 'Kickoff time' },
  { value: 'win', label: 'Win probability' },
  { value: 'ou', label: 'O/U probability' },
  { value: 'edge', label: 'Value edge' },
];

/** Date chips: one tap instead of a select (Today / Tomorrow / This weekend / All). */
function DateChips({ value, onChange }: { value: DateFilter; onChange: (value: DateFilter) => void }) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Date</legend>
      <div className="flex flex-wrap gap-1.5">
        {DATE_OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center rounded-full border px-2.5 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === option.value ? 'border-primary bg-primary text-primary-foreground' : 'border-slate-500 bg-background hover:bg-muted',
            )}
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Team search over the loaded list; the URL follows as the user types. */
function TeamSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        Search teams
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search teams"
        autoComplete="off"
        className={cn(controlClass, 'pl-9')}
      />
    </div>
  );
}

function SortOption({
  option,
  checked,
  locked,
  name,
  onSelect,
}: {
  option: (typeof SORT_OPTIONS)[number];
  checked: boolean;
  locked: boolean;
  name: string;
  onSelect: () => void;
}) {
  const label = (
    <label
      className={cn(
        'flex h-10 cursor-pointer items-center justify-center gap-1.5 px-2 text-center text-xs leading-tight font-medium sm:px-3 sm:text-sm sm:whitespace-nowrap has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        checked ? 'bg-primary text-primary-foreground' : 'bg-background text-foreground hover:bg-muted',
        locked && 'cursor-not-allowed text-muted-foreground hover:bg-background',
      )}
    >
      <input type="radio" name={name} value={option.value} checked={checked} disabled={locked} onChange={onSelect} className="sr-only" />
      {locked ? <Lock aria-hidden="true" className="size-3.5" /> : null}
      {locked ? `${option.label} ` : option.label}
      {locked ? <span className="sr-only">(Premium)</span> : null}
    </label>
  );
  if (!locked) return label;
  return (
    <Tooltip content={option.value === 'edge' ? PREMIUM_VALUE_TOOLTIP : PREMIUM_SORT_TOOLTIP} className="flex">
      {() => label}
    </Tooltip>
  );
}

function HighFilterToggle({
  label,
  pressed,
  locked,
  onToggle,
  tooltip = PREMIUM_FILTER_TOOLTIP,
}: {
  label: string;
  pressed: boolean;
  locked: boolean;
  onToggle: () => void;
  tooltip?: string;
}) {
  const button = (extra: { 'aria-describedby'?: string }) => (
    <button
      type="button"
      aria-pressed={locked ? false : pressed}
      aria-disabled={locked || undefined}
      onClick={() => {
        if (!locked) onToggle();
      }}
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium',
        locked
          ? 'cursor-not-allowed border-border bg-muted text-muted-foreground'
          : pressed
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-slate-500 bg-background text-foreground hover:bg-muted',
      )}
      {...extra}
    >
      {locked ? <Lock aria-hidden="true" className="size-3.5" /> : null}
      {label}
    </button>
  );
  if (!locked) return button({});
  return (
    <Tooltip content={tooltip} align="start">
      {(props) => button(props)}
    </Tooltip>
  );
}

/**
 * docs/product.md#predictions: team search, date chips, sort and the More Filters toggle with the
 * high-probability filters (the league filter sits in the toolbar that stays on screen).
 */
export function FilterBar({ filters, onChange, isPremium }: FilterBarProps) {
  const [moreOpen, setMoreOpen] = useState(filters.highWin || filters.highGoals);
  const sortName = useId();
  const moreId = useId();
  const activeHigh = (isPremium && filters.highWin ? 1 : 0) + (isPremium && filters.highGoals ? 1 : 0);

  return (
    <section aria-label="Filters" className="rounded-2xl border border-border bg-surface p-3 sm:p-4">
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <TeamSearch value={filters.team} onChange={(team) => onChange({ team })} />
          <DateChips value={filters.date} onChange={(date) => onChange({ date })} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <fieldset className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
            <legend className="mb-1 text-sm font-medium">Sort by</legend>
            <div className="grid grid-cols-4 divide-x divide-slate-500 rounded-lg border border-slate-500 [&>*:first-child]:rounded-l-lg [&>*:last-child]:rounded-r-lg [&>*>label]:rounded-[inherit]">
              {SORT_OPTIONS.map((option) => (
                <SortOption
                  key={option.value}
                  option={option}
                  name={sortName}
                  checked={(isPremium || !PREMIUM_SORTS.includes(filters.sort) ? filters.sort : 'kickoff') === option.value}
                  locked={!isPremium && PREMIUM_SORTS.includes(option.value)}
                  onSelect={() => onChange({ sort: option.value })}
                />
              ))}
            </div>
          </fieldset>
          <HighFilterToggle
            label="Value bets only"
            pressed={filters.valueOnly}
            locked={!isPremium}
            tooltip={PREMIUM_VALUE_TOOLTIP}
            onToggle={() => onChange({ valueOnly: !filters.valueOnly })}
          />
          <button
            type="button"
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((open) => !open)}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-500 bg-background px-3 text-sm font-medium hover:bg-muted"
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            More Filters
            {activeHigh > 0 ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{activeHigh}</span> : null}
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', moreOpen && 'rotate-180')} />
          </button>
        </div>
      </div>
      <div id={moreId} hidden={!moreOpen} className="mt-4 border-t border-border pt-4">
        <p className="text-sm font-medium">High-probability filters</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <HighFilterToggle
            label={`Win probability ≥${HIGH_CONFIDENCE_THRESHOLD}%`}
            pressed={filters.highWin}
            locked={!isPremium}
            onToggle={() => onChange({ highWin: !filters.highWin })}
          />
          <HighFilterToggle
            label={`Over or Under 2.5 ≥${HIGH_CONFIDENCE_THRESHOLD}%`}
            pressed={filters.highGoals}
            locked={!isPremium}
            onToggle={() => onChange({ highGoals: !filters.highGoals })}
          />
        </div>
      </div>
      {!isPremium ? (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
          <Lock aria-hidden="true" className="size-3.5 shrink-0" />
          <span>
            Probability sorts and high-probability filters are Premium features, as are value bets.{' '}
            <Link to={paths.pricing.getHref({ intent: 'subscribe' })} className="font-medium text-primary underline underline-offset-4">
              See Premium
            </Link>
          </span>
        </p>
      ) : null}
    </section>
  );
}
