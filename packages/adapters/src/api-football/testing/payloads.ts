/**
 * API-Football v3 payloads for tests, written from the provider's documented format
 * (docs/providers.md): the envelope, `/fixtures` items, the statistics a `/fixtures?ids=` answer
 * carries per fixture, and the errors that arrive with HTTP 200. Team names and ids are
 * API-Football's spellings of real clubs; dates, scores and statistics are made up.
 */

export interface Team {
  id: number;
  name: string;
}

const team = (id: number, name: string): Team => ({ id, name });

/** Clubs of the ten deployed leagues as API-Football names them (league id -> clubs). */
export const TEAMS = {
  E0: [
    team(33, 'Manchester United'),
    team(45, 'Everton'),
    team(51, 'Brighton'),
    team(65, 'Nottingham Forest'),
    team(47, 'Tottenham'),
    team(39, 'Wolves'),
    team(34, 'Newcastle'),
    team(48, 'West Ham'),
  ],
  E1: [team(62, 'Sheffield Utd'), team(74, 'Sheffield Wednesday'), team(64, 'Hull City'), team(75, 'Stoke City'), team(60, 'West Brom'), team(72, 'QPR')],
  SP1: [team(530, 'Atletico Madrid'), team(531, 'Athletic Club'), team(543, 'Real Betis'), team(538, 'Celta Vigo'), team(540, 'Espanyol'), team(542, 'Alaves')],
  D1: [
    team(157, 'Bayern München'),
    team(163, 'Borussia Mönchengladbach'),
    team(167, '1899 Hoffenheim'),
    team(192, '1. FC Köln'),
    team(169, 'Eintracht Frankfurt'),
    team(172, 'VfB Stuttgart'),
  ],
  I1: [team(505, 'Inter'), team(489, 'AC Milan'), team(497, 'AS Roma'), team(504, 'Verona')],
  F1: [team(85, 'Paris Saint Germain'), team(106, 'Stade Brestois 29'), team(1063, 'Saint Etienne'), team(81, 'Marseille')],
  SC0: [team(254, 'Heart Of Midlothian'), team(1386, 'Dundee Utd'), team(251, 'ST Mirren'), team(247, 'Celtic')],
  B1: [
    team(569, 'Club Brugge KV'),
    team(733, 'Standard Liege'),
    team(1393, 'Union St. Gilloise'),
    team(735, 'Sint-Truiden'),
    team(266, 'KV Mechelen'),
    team(624, 'OH Leuven'),
  ],
  T1: [
    team(564, 'Istanbul Basaksehir'),
    team(994, 'Goztepe'),
    team(1007, 'Rizespor'),
    team(3573, 'Gaziantep FK'),
    team(611, 'Fenerbahce'),
    team(549, 'Besiktas'),
  ],
  G1: [team(553, 'Olympiakos Piraeus'), team(575, 'AEK Athens FC'), team(619, 'PAOK'), team(8, 'OFI'), team(617, 'Panathinaikos'), team(9, 'Levadiakos')],
} as const satisfies Record<string, readonly Team[]>;

export type Goals = { home: number | null; away: number | null };
const none: Goals = { home: null, away: null };

/** A statistics entry of one team: `{ type, value }` as the API lists them. */
export type Statistic = { type: string; value: number | string | null };

/** One team's statistics block, with the usual types; `shots` and `onTarget` may be null (the API's "not available"). */
export function teamStatistics(
  t: Team,
  shots: number | string | null,
  onTarget: number | string | null,
): { team: Team & { logo: string }; statistics: Statistic[] } {
  return {
    team: { ...t, logo: `https://media.api-sports.io/football/teams/${t.id}.png` },
    statistics: [
      { type: 'Shots on Goal', value: onTarget },
      { type: 'Shots off Goal', value: typeof shots === 'number' && typeof onTarget === 'number' ? Math.max(0, shots - onTarget - 2) : null },
      { type: 'Total Shots', value: shots },
      { type: 'Blocked Shots', value: 2 },
      { type: 'Fouls', value: 11 },
      { type: 'Corner Kicks', value: 5 },
      { type: 'Ball Possession', value: '52%' },
      { type: 'Yellow Cards', value: null },
      { type: 'Passes %', value: '81%' },
      { type: 'expected_goals', value: '1.37' },
    ],
  };
}

export interface FixtureOverrides {
  id?: number;
  date?: string;
  /** `fixture.status.short`. */
  status?: string;
  home?: Team;
  away?: Team;
  goals?: Goals;
  fulltime?: Goals;
  extratime?: Goals;
  penalty?: Goals;
  /** League id and season start year. */
  league?: { id: number; season: number };
  /** The statistics blocks of an `ids=` answer. */
  statistics?: unknown[];
}

const LONG: Record<string, string> = {
  NS: 'Not Started',
  TBD: 'Time To Be Defined',
  FT: 'Match Finished',
  AET: 'Match Finished',
  PEN: 'Match Finished',
  PST: 'Match Postponed',
  CANC: 'Match Cancelled',
  ABD: 'Match Abandoned',
  '1H': 'First Half',
};

/** One item of `GET /fixtures` (with `statistics` when the test gives them, as `ids=` answers do). */
export function fixture(o: FixtureOverrides = {}): Record<string, unknown> {
  const date = o.date ?? '2026-02-23T20:00:00+00:00';
  const status = o.status ?? 'NS';
  const home = o.home ?? TEAMS.E0[1];
  const away = o.away ?? TEAMS.E0[0];
  const goals = o.goals ?? none;
  const league = o.league ?? { id: 39, season: 2025 };
  return {
    fixture: {
      id: o.id ?? 1379001,
      referee: null,
      timezone: 'UTC',
      date,
      timestamp: Math.floor(Date.parse(date) / 1000),
      periods: { first: null, second: null },
      venue: { id: 8560, name: 'Stadium', city: 'City' },
      status: { long: LONG[status] ?? status, short: status, elapsed: ['FT', 'AET', 'PEN'].includes(status) ? 90 : null, extra: null },
    },
    league: { id: league.id, name: 'League', country: 'Country', logo: '', flag: null, season: league.season, round: 'Regular Season - 27' },
    teams: {
      home: { ...home, logo: `https://media.api-sports.io/football/teams/${home.id}.png`, winner: null },
      away: { ...away, logo: `https://media.api-sports.io/football/teams/${away.id}.png`, winner: null },
    },
    goals,
    score: { halftime: none, fulltime: o.fulltime ?? (status === 'FT' ? goals : none), extratime: o.extratime ?? none, penalty: o.penalty ?? none },
    ...(o.statistics ? { statistics: o.statistics, events: [], lineups: [], players: [] } : {}),
  };
}

/** The envelope of every answer. */
export function envelope(response: unknown[], parameters: Record<string, string> = {}, errors: unknown = []): Record<string, unknown> {
  return { get: 'fixtures', parameters, errors, results: response.length, paging: { current: 1, total: 1 }, response };
}

/** Quota headers: daily (`x-ratelimit-requests-*`) and per minute (`X-RateLimit-*`). */
export const quotaHeaders = (dayRemaining: number, dayLimit = 7500, minuteRemaining = 299, minuteLimit = 300) => ({
  'x-ratelimit-requests-limit': String(dayLimit),
  'x-ratelimit-requests-remaining': String(dayRemaining),
  'X-RateLimit-Limit': String(minuteLimit),
  'X-RateLimit-Remaining': String(minuteRemaining),
});

/** Errors that arrive with HTTP 200 (the `errors` node of the envelope). */
export const ERRORS = {
  requests: { requests: 'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.' },
  rateLimit: { rateLimit: 'Too many requests. Your rate limit is 10 requests per minute.' },
  token: { token: 'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.' },
  plan: { plan: 'Free plans do not have access to this season, try from 2022 to 2024.' },
  access: { access: 'Your account is suspended, check on https://dashboard.api-football.com.' },
  season: { season: 'The Season field must contain 4 characters. Example: 2019.' },
} as const;

/** A recorded `/fixtures?league=&season=` answer per deployed league: a finished match and an upcoming one per pair of clubs. */
export const LEAGUE_SAMPLES: Record<keyof typeof TEAMS, Record<string, unknown>> = Object.fromEntries(
  (Object.entries(TEAMS) as [keyof typeof TEAMS, readonly Team[]][]).map(([leagueId, clubs], l) => [
    leagueId,
    envelope(
      clubs.flatMap((home, i) => {
        const away = clubs[(i + 1) % clubs.length]!;
        return i % 2
          ? [fixture({ id: 1_380_000 + l * 100 + i, date: '2026-02-28T15:00:00+00:00', status: 'NS', home, away })]
          : [fixture({ id: 1_380_000 + l * 100 + i, date: '2026-02-21T15:00:00+00:00', status: 'FT', home, away, goals: { home: (i + l) % 3, away: i % 2 } })];
      }),
      { season: '2025' },
    ),
  ]),
) as Record<keyof typeof TEAMS, Record<string, unknown>>;
