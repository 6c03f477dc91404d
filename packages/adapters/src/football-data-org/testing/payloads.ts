/**
 * football-data.org v4 payloads for tests, shaped like the captures in docs/providers.md
 * (`GET /v4/competitions/PL/matches`), with the odds message node the free plan returns.
 */
const area = { id: 2072, name: 'England', code: 'ENG', flag: 'https://crests.football-data.org/770.svg' };
const competition = { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE', emblem: 'https://crests.football-data.org/PL.png' };
const season2025 = { id: 2403, startDate: '2025-08-15', endDate: '2026-05-24', currentMatchday: 31, winner: null };

const teams = {
  everton: { id: 62, name: 'Everton FC', shortName: 'Everton', tla: 'EVE', crest: 'https://crests.football-data.org/62.png' },
  manUnited: { id: 66, name: 'Manchester United FC', shortName: 'Man United', tla: 'MUN', crest: 'https://crests.football-data.org/66.png' },
  brighton: { id: 397, name: 'Brighton & Hove Albion FC', shortName: 'Brighton Hove', tla: 'BHA', crest: 'https://crests.football-data.org/397.png' },
  forest: { id: 351, name: 'Nottingham Forest FC', shortName: "Nott'm Forest", tla: 'NOT', crest: 'https://crests.football-data.org/351.png' },
  arsenal: { id: 57, name: 'Arsenal FC', shortName: 'Arsenal', tla: 'ARS', crest: 'https://crests.football-data.org/57.png' },
  chelsea: { id: 61, name: 'Chelsea FC', shortName: 'Chelsea', tla: 'CHE', crest: 'https://crests.football-data.org/61.png' },
};
type TeamKey = keyof typeof teams;

export interface MatchOverrides {
  id?: number;
  utcDate?: string;
  status?: string;
  home?: TeamKey;
  away?: TeamKey;
  score?: Record<string, unknown>;
  season?: Record<string, unknown>;
}

const noScore = { winner: null, duration: 'REGULAR', fullTime: { home: null, away: null }, halfTime: { home: null, away: null } };

export function match(o: MatchOverrides = {}): Record<string, unknown> {
  return {
    area,
    competition,
    season: o.season ?? season2025,
    id: o.id ?? 538050,
    utcDate: o.utcDate ?? '2026-02-23T20:00:00Z',
    status: o.status ?? 'TIMED',
    matchday: 27,
    stage: 'REGULAR_SEASON',
    group: null,
    lastUpdated: '2026-02-23T00:20:57Z',
    homeTeam: teams[o.home ?? 'everton'],
    awayTeam: teams[o.away ?? 'manUnited'],
    score: o.score ?? noScore,
    odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
    referees: [],
  };
}

export function matchesPayload(matches: Record<string, unknown>[], filters: Record<string, unknown> = { season: '2025' }): Record<string, unknown> {
  return {
    filters,
    resultSet: { count: matches.length, first: '2026-02-23', last: '2026-05-24', played: 0 },
    competition,
    matches,
  };
}

export const finishedScore = (home: number, away: number, halfTime = { home: 0, away: 1 }) => ({
  winner: home > away ? 'HOME_TEAM' : home < away ? 'AWAY_TEAM' : 'DRAW',
  duration: 'REGULAR',
  fullTime: { home, away },
  halfTime,
});

export const rateLimited = { message: 'You reached your request limit. Wait 48 seconds.', errorCode: 429 };
export const restricted = { message: 'The resource you are looking for is restricted. Please pass a valid API token and check your subscription for permission.', errorCode: 403 };
