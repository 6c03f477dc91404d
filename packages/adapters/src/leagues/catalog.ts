/**
 * The catalog of real leagues. Our league id is football-data.co.uk's code (E0, SP1...), so the
 * research files, API-Football leagues and The Odds API sports all resolve to the same id.
 */
import type { League } from '@app/core/pipeline/providers';

export interface LeagueInfo extends League {
  /** API-Football v3 league id (39 for the Premier League...), when we know it. */
  apiFootball?: number;
  /** The Odds API v4 sport key (soccer_epl...), when the league is there. */
  oddsApi?: string;
  /** Seasons run inside one calendar year (season label 'YYYY' instead of 'YYYY-YY'). */
  calendarYear?: boolean;
}

/** Every league we know by name (football-data.co.uk main and extra leagues). */
export const LEAGUE_CATALOG: readonly LeagueInfo[] = [
  { id: 'E0', name: 'Premier League', country: 'England', apiFootball: 39, oddsApi: 'soccer_epl' },
  { id: 'E1', name: 'Championship', country: 'England', apiFootball: 40, oddsApi: 'soccer_efl_champ' },
  { id: 'E2', name: 'League One', country: 'England', apiFootball: 41, oddsApi: 'soccer_england_league1' },
  { id: 'E3', name: 'League Two', country: 'England', apiFootball: 42, oddsApi: 'soccer_england_league2' },
  { id: 'EC', name: 'National League', country: 'England', apiFootball: 43 },
  { id: 'SC0', name: 'Premiership', country: 'Scotland', apiFootball: 179, oddsApi: 'soccer_spl' },
  { id: 'SC1', name: 'Championship', country: 'Scotland', apiFootball: 180 },
  { id: 'SC2', name: 'League One', country: 'Scotland' },
  { id: 'SC3', name: 'League Two', country: 'Scotland' },
  { id: 'D1', name: 'Bundesliga', country: 'Germany', apiFootball: 78, oddsApi: 'soccer_germany_bundesliga' },
  { id: 'D2', name: '2. Bundesliga', country: 'Germany', apiFootball: 79, oddsApi: 'soccer_germany_bundesliga2' },
  { id: 'SP1', name: 'La Liga', country: 'Spain', apiFootball: 140, oddsApi: 'soccer_spain_la_liga' },
  { id: 'SP2', name: 'Segunda División', country: 'Spain', apiFootball: 141, oddsApi: 'soccer_spain_segunda_division' },
  { id: 'I1', name: 'Serie A', country: 'Italy', apiFootball: 135, oddsApi: 'soccer_italy_serie_a' },
  { id: 'I2', name: 'Serie B', country: 'Italy', apiFootball: 136, oddsApi: 'soccer_italy_serie_b' },
  { id: 'F1', name: 'Ligue 1', country: 'France', apiFootball: 61, oddsApi: 'soccer_france_ligue_one' },
  { id: 'F2', name: 'Ligue 2', country: 'France', apiFootball: 62, oddsApi: 'soccer_france_ligue_two' },
  { id: 'N1', name: 'Eredivisie', country: 'Netherlands', apiFootball: 88, oddsApi: 'soccer_netherlands_eredivisie' },
  { id: 'B1', name: 'First Division A', country: 'Belgium', apiFootball: 144, oddsApi: 'soccer_belgium_first_div' },
  { id: 'P1', name: 'Primeira Liga', country: 'Portugal', apiFootball: 94, oddsApi: 'soccer_portugal_primeira_liga' },
  { id: 'T1', name: 'Süper Lig', country: 'Turkey', apiFootball: 203, oddsApi: 'soccer_turkey_super_league' },
  { id: 'G1', name: 'Super League', country: 'Greece', apiFootball: 197, oddsApi: 'soccer_greece_super_league' },
  { id: 'BRA', name: 'Série A', country: 'Brazil', apiFootball: 71, oddsApi: 'soccer_brazil_campeonato', calendarYear: true },
  { id: 'ARG', name: 'Liga Profesional', country: 'Argentina', apiFootball: 128, oddsApi: 'soccer_argentina_primera_division', calendarYear: true },
  { id: 'AUT', name: 'Bundesliga', country: 'Austria', oddsApi: 'soccer_austria_bundesliga' },
  { id: 'DNK', name: 'Superliga', country: 'Denmark', oddsApi: 'soccer_denmark_superliga' },
  { id: 'SWZ', name: 'Super League', country: 'Switzerland', oddsApi: 'soccer_switzerland_superleague' },
  { id: 'POL', name: 'Ekstraklasa', country: 'Poland', oddsApi: 'soccer_poland_ekstraklasa' },
  { id: 'SWE', name: 'Allsvenskan', country: 'Sweden', oddsApi: 'soccer_sweden_allsvenskan', calendarYear: true },
  { id: 'NOR', name: 'Eliteserien', country: 'Norway', oddsApi: 'soccer_norway_eliteserien', calendarYear: true },
  { id: 'FIN', name: 'Veikkausliiga', country: 'Finland', oddsApi: 'soccer_finland_veikkausliiga', calendarYear: true },
  { id: 'IRL', name: 'Premier Division', country: 'Ireland', oddsApi: 'soccer_league_of_ireland', calendarYear: true },
  { id: 'USA', name: 'MLS', country: 'USA', apiFootball: 253, oddsApi: 'soccer_usa_mls', calendarYear: true },
  { id: 'MEX', name: 'Liga MX', country: 'Mexico', apiFootball: 262, oddsApi: 'soccer_mexico_ligamx' },
  { id: 'JPN', name: 'J1 League', country: 'Japan', oddsApi: 'soccer_japan_j_league', calendarYear: true },
  { id: 'CHN', name: 'Super League', country: 'China', oddsApi: 'soccer_china_superleague', calendarYear: true },
];

/**
 * The leagues a deployed stage serves by default: the ten whose seasons the research files hold,
 * so production forecasts run on the leagues the backtest measured
 * (docs/decisions/0120-production-data-providers.md).
 */
export const DEPLOYED_LEAGUES: readonly string[] = ['E0', 'E1', 'SP1', 'D1', 'I1', 'F1', 'SC0', 'B1', 'T1', 'G1'];

const byId = new Map(LEAGUE_CATALOG.map((l) => [l.id, l]));
const byOddsApi = new Map(LEAGUE_CATALOG.filter((l) => l.oddsApi).map((l) => [l.oddsApi!, l]));

export function leagueInfo(leagueId: string): LeagueInfo | undefined {
  return byId.get(leagueId);
}

/** The public League of a catalog entry (id, name, country only). */
export function toLeague(info: LeagueInfo): League {
  return { id: info.id, name: info.name, country: info.country };
}

/** Our league for a The Odds API sport key (soccer_epl -> E0). */
export function leagueForOddsApiSport(sportKey: string): LeagueInfo | undefined {
  return byOddsApi.get(sportKey.trim().toLowerCase());
}

/**
 * Season label of a date in a league: 'YYYY-YY' for a league whose season starts in summer
 * (July or later belongs to the season starting that year), 'YYYY' for a calendar-year league.
 */
export function seasonLabelAt(leagueId: string, at: Date): string {
  const y = at.getUTCFullYear();
  if (leagueInfo(leagueId)?.calendarYear) return String(y);
  const start = at.getUTCMonth() >= 6 ? y : y - 1;
  return seasonLabel(start);
}

/** '2025-26' for 2025. */
export function seasonLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}
