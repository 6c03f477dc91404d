import type { Prediction } from '@app/contracts/predictions';

import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';
import type { ListedPrediction } from '@/features/predictions/api/get-predictions';
import { localDay } from '@/utils/format';

import { shownOverUnder } from './shown-probabilities';
import { byDescending, byKickoff, compareText, dayOffset, maxOutcome } from './top-predictions';

// The home page's top 3 live in their own module, which the landing page loads without the filters.
export { maxOutcome, topPredictions, topPredictionsDay } from './top-predictions';

export type DateFilter = 'all' | 'today' | 'tomorrow' | 'weekend';
export type SortKey = 'kickoff' | 'win' | 'ou' | 'edge';

/** The filter bar's state (docs/product.md#predictions); `league` is a league name or 'all'. */
export type PredictionFilters = {
  date: DateFilter;
  league: string;
  /** Team search: part of the home or away team's name, any case ('' = every team). */
  team: string;
  sort: SortKey;
  /** The highest of home, draw and away is at least 60 (docs/product.md#predictions). */
  highWin: boolean;
  /** The stronger Over/Under 2.5 side is at least 60 (docs/decisions/0070-over-under-on-the-stronger-side.md). */
  highGoals: boolean;
  /** Only matches with a value flag (docs/decisions/0323-finding-the-flags-fast.md). */
  valueOnly: boolean;
};

export const DEFAULT_FILTERS: PredictionFilters = { date: 'all', league: 'all', team: '', sort: 'kickoff', highWin: false, highGoals: false, valueOnly: false };

/** Sorts that read probabilities or value flags: premium only. */
export const PREMIUM_SORTS: readonly SortKey[] = ['win', 'ou', 'edge'];

/** The largest edge (percent) of a match's value flags; null without one, or when locked. */
export function maxEdge(prediction: Prediction): number | null {
  const bets = prediction.valueBets ?? [];
  return bets.length ? Math.max(...bets.map((b) => b.edge)) : null;
}

export type OverUnderSide = { side: 'over' | 'under'; percent: number };

/**
 * The stronger Over/Under 2.5 side, max(over, under); null when locked. An Under 2.5 at 69.7 %
 * is as strong a call as an Over at 69.7 % (docs/decisions/0070-over-under-on-the-stronger-side.md).
 */
export function strongerOverUnder(prediction: Prediction): OverUnderSide | null {
  const shown = shownOverUnder(prediction);
  if (!shown) return null;
  return shown.under > shown.over ? { side: 'under', percent: shown.under } : { side: 'over', percent: shown.over };
}

/** The local days of a date filter: this weekend is the coming Saturday and Sunday (today alone on a Sunday). */
function daysOf(date: Exclude<DateFilter, 'all'>, now: Date): string[] {
  if (date === 'today') return [dayOffset(now, 0)];
  if (date === 'tomorrow') return [dayOffset(now, 1)];
  const weekday = now.getDay(); // 0 = Sunday
  if (weekday === 0) return [dayOffset(now, 0)];
  return [dayOffset(now, 6 - weekday), dayOffset(now, 7 - weekday)];
}

function matchesDate(prediction: Prediction, date: DateFilter, now: Date): boolean {
  if (date === 'all') return true;
  return daysOf(date, now).includes(localDay(new Date(prediction.matchTime)));
}

/** Lower case without accents: 'atletico' finds 'Atlético Madrid'. */
const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The team search looks at the name shown and at the data's own spelling ('Ath Madrid'). */
function matchesTeam(prediction: ListedPrediction, team: string): boolean {
  const query = searchable(team.trim());
  if (!query) return true;
  return [prediction.homeTeam, prediction.awayTeam, prediction.homeTeamName, prediction.awayTeamName].some((name) => searchable(name).includes(query));
}

const sorters: Record<SortKey, <T extends Prediction>(list: T[]) => T[]> = {
  kickoff: (list) => list.sort(byKickoff),
  win: byDescending(maxOutcome),
  ou: byDescending((p) => strongerOverUnder(p)?.percent ?? null),
  edge: byDescending(maxEdge),
};

/**
 * The predictions list of /predictions. Premium-only sorts and filters are ignored for other
 * viewers (their data has no probabilities anyway), so a shared link never shows an empty list.
 */
export function applyFilters(predictions: ListedPrediction[], filters: PredictionFilters, { now = new Date(), isPremium = false } = {}): ListedPrediction[] {
  const sort = isPremium || !PREMIUM_SORTS.includes(filters.sort) ? filters.sort : 'kickoff';
  return sorters[sort](
    predictions
      .filter((p) => matchesDate(p, filters.date, now))
      .filter((p) => filters.league === 'all' || p.league === filters.league)
      .filter((p) => matchesTeam(p, filters.team))
      .filter((p) => !isPremium || !filters.highWin || (maxOutcome(p) ?? 0) >= HIGH_CONFIDENCE_THRESHOLD)
      .filter((p) => !isPremium || !filters.highGoals || (strongerOverUnder(p)?.percent ?? 0) >= HIGH_CONFIDENCE_THRESHOLD)
      .filter((p) => !isPremium || !filters.valueOnly || maxEdge(p) !== null),
  );
}

export type LeagueCount = { league: string; count: number };
export type CountryLeagues = { country: string; count: number; leagues: LeagueCount[] };

/** Shown for a league whose country nobody listed. */
export const OTHER_COUNTRY = 'Other';

/**
 * Upcoming leagues with their match counts, grouped by country (docs/decisions/0076-display-names.md):
 * countries with the most matches first, and in each the leagues with the most matches first
 * (docs/product.md#predictions), ties by name.
 */
export function leaguesByCountry(predictions: ListedPrediction[]): CountryLeagues[] {
  const countries = new Map<string, Map<string, number>>();
  for (const p of predictions) {
    const country = p.country ?? OTHER_COUNTRY;
    const leagues = countries.get(country) ?? new Map<string, number>();
    leagues.set(p.league, (leagues.get(p.league) ?? 0) + 1);
    countries.set(country, leagues);
  }
  const byCount =
    <T extends { count: number }>(name: (item: T) => string) =>
    (a: T, b: T) =>
      b.count - a.count || compareText(name(a), name(b));
  return [...countries]
    .map(([country, leagues]) => {
      const list = [...leagues].map(([league, count]) => ({ league, count })).sort(byCount<LeagueCount>((item) => item.league));
      return { country, count: list.reduce((sum, item) => sum + item.count, 0), leagues: list };
    })
    .sort(byCount<CountryLeagues>((item) => item.country));
}

/** Reads the filter state from the URL (`?date=&league=&team=&sort=&high=win,goals&value=only`), ignoring junk. */
export function filtersFromSearch(search: URLSearchParams): PredictionFilters {
  const date = search.get('date');
  const sort = search.get('sort');
  const high = (search.get('high') ?? '').split(',');
  return {
    date: date === 'today' || date === 'tomorrow' || date === 'weekend' ? date : 'all',
    league: search.get('league') || 'all',
    team: search.get('team') ?? '',
    sort: sort === 'win' || sort === 'ou' || sort === 'edge' ? sort : 'kickoff',
    highWin: high.includes('win'),
    highGoals: high.includes('goals'),
    valueOnly: search.get('value') === 'only',
  };
}

/** The inverse of {@link filtersFromSearch}; defaults are left out of the URL. */
export function filtersToSearch(filters: PredictionFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.date !== 'all') search.set('date', filters.date);
  if (filters.league !== 'all') search.set('league', filters.league);
  if (filters.team) search.set('team', filters.team);
  if (filters.sort !== 'kickoff') search.set('sort', filters.sort);
  const high = [filters.highWin ? 'win' : '', filters.highGoals ? 'goals' : ''].filter(Boolean);
  if (high.length) search.set('high', high.join(','));
  if (filters.valueOnly) search.set('value', 'only');
  return search;
}

export type LeagueGroup<T> = { league: string; predictions: T[] };
export type DayGroup<T> = { day: string; leagues: LeagueGroup<T>[] };

/**
 * The compact list's groups: local days in date order, and in each the leagues in the order of
 * their first match as listed; the matches keep the list's order (its sort) inside a group.
 */
export function groupByDayAndLeague<T extends Prediction>(predictions: T[]): DayGroup<T>[] {
  const days = new Map<string, Map<string, T[]>>();
  for (const p of predictions) {
    const day = localDay(new Date(p.matchTime));
    const leagues = days.get(day) ?? new Map<string, T[]>();
    leagues.set(p.league, [...(leagues.get(p.league) ?? []), p]);
    days.set(day, leagues);
  }
  return [...days]
    .sort(([a], [b]) => compareText(a, b))
    .map(([day, leagues]) => ({ day, leagues: [...leagues].map(([league, list]) => ({ league, predictions: list })) }));
}
