// A small API-Football world for pipeline tests: two leagues (the Premier League, 39, and La
// Liga, 140) of six invented clubs, four past seasons of results and a current season that started
// 35 days before `start`, served by a FakeProviderServer in the API's shape: `/fixtures` by league,
// season and dates, and by `ids` with each finished match's statistics. A match is finished two
// hours after its kickoff, as of `now()` when asked (default: `start`, a world that stands still).
// Other leagues are not in the plan. `hold` decides per request whether to answer otherwise (an
// outage, a hang, a spent quota).
import type { RecordedRequest, ScriptedResponse } from '@app/adapters/http/testing/fake-provider-server';

const DAY = 86_400_000;
const clubs = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

/** Our league id of each API-Football league the world serves. */
export const WORLD_LEAGUES = { 39: 'E0', 140: 'SP1' } as const;
type WorldLeague = keyof typeof WORLD_LEAGUES;

export interface WorldMatch {
  fixture: { id: number; date: string; status: { short: 'FT' | 'NS' } };
  league: { id: number; season: number };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
  goals: { home: number | null; away: number | null };
  score: { fulltime: { home: number | null; away: number | null } };
  /** What an `ids=` answer adds: each team's shots and shots on target. */
  statistics: { team: { id: number; name: string }; statistics: { type: string; value: number | null }[] }[];
}

/** A season of matches every 1.75 days from `start`, each with the result and statistics it will have once played. */
function season(league: WorldLeague, startYear: number, start: number): WorldMatch[] {
  const matches: WorldMatch[] = [];
  let id = startYear * 1000 + (league === 39 ? 0 : 500);
  let t = start;
  for (let leg = 0; leg < 2; leg++) {
    for (let i = 0; i < clubs.length; i++) {
      for (let j = 0; j < clubs.length; j++) {
        if (i === j || (i + j + leg) % 2) continue;
        const [h, a] = leg ? [j, i] : [i, j];
        const home = { id: league * 10 + h, name: `${clubs[h]} FC` };
        const away = { id: league * 10 + a, name: `${clubs[a]} FC` };
        const goals = { home: (id * 7) % 4, away: (id * 3) % 3 };
        const side = (team: typeof home, shots: number) => ({
          team,
          statistics: [
            { type: 'Shots on Goal', value: Math.floor(shots / 3) },
            { type: 'Total Shots', value: shots },
          ],
        });
        matches.push({
          fixture: { id: ++id, date: new Date(t).toISOString().replace('.000Z', '+00:00'), status: { short: 'FT' } },
          league: { id: league, season: startYear },
          teams: { home, away },
          goals,
          score: { fulltime: goals },
          statistics: [side(home, 8 + (id % 9)), side(away, 6 + (id % 7))],
        });
        t += 1.75 * DAY;
      }
    }
  }
  return matches;
}

/** A match as it stands at `now`: not started (no goals, no statistics) until two hours after kickoff. */
function asOf(m: WorldMatch, now: number): WorldMatch {
  if (Date.parse(m.fixture.date) + 2 * 3_600_000 < now) return m;
  const none = { home: null, away: null };
  return { ...m, fixture: { ...m.fixture, status: { short: 'NS' } }, goals: none, score: { fulltime: none }, statistics: [] };
}

const quota = { 'x-ratelimit-requests-limit': '7500', 'x-ratelimit-requests-remaining': '7000', 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '290' };

export function apiFootballWorld(start: number, now: () => number = () => start) {
  const world = new Map<WorldLeague, Map<number, WorldMatch[]>>();
  for (const league of [39, 140] as const) {
    const seasons = new Map<number, WorldMatch[]>();
    for (const [k, year] of [2022, 2023, 2024, 2025].entries()) seasons.set(year, season(league, year, start - (4 - k) * 365 * DAY));
    seasons.set(2026, season(league, 2026, start - 35 * DAY));
    world.set(league, seasons);
  }
  const byId = new Map([...world.values()].flatMap((seasons) => [...seasons.values()].flat()).map((m) => [m.fixture.id, m]));
  const answer = (response: unknown[], errors: unknown = []): ScriptedResponse => ({
    body: { get: 'fixtures', parameters: {}, errors, results: response.length, paging: { current: 1, total: 1 }, response },
    headers: quota,
  });
  /** A match as `/fixtures` lists it: without the statistics an `ids=` answer carries. */
  const listed = ({ statistics: _statistics, ...m }: WorldMatch) => m;
  return {
    /** The current season's matches of a league, as they stand now. */
    current: (league: WorldLeague) =>
      world
        .get(league)!
        .get(2026)!
        .map((m) => asOf(m, now())),
    /** Answers one request as API-Football would; `hold` may answer instead (an outage, a hang, a spent quota). */
    handle(req: RecordedRequest, hold?: (leagueId: string) => ScriptedResponse | undefined): ScriptedResponse {
      if (req.path !== '/fixtures') return { status: 404, body: { message: 'Endpoint not found' } };
      const ids = req.query.get('ids');
      if (ids) {
        const found = ids
          .split('-')
          .flatMap((id) => byId.get(Number(id)) ?? [])
          .map((m) => asOf(m, now()));
        const held = found.length ? hold?.(WORLD_LEAGUES[found[0]!.league.id as WorldLeague]) : undefined;
        return held ?? answer(found);
      }
      const league = Number(req.query.get('league')) as WorldLeague;
      if (!world.has(league)) return answer([], { plan: 'This league is not in the plan of this test' });
      const held = hold?.(WORLD_LEAGUES[league]);
      if (held) return held;
      const from = req.query.get('from') ?? '';
      const to = req.query.get('to') ?? '9999';
      const selected = (world.get(league)!.get(Number(req.query.get('season'))) ?? []).filter(
        (m) => m.fixture.date.slice(0, 10) >= from && m.fixture.date.slice(0, 10) <= to,
      );
      return answer(selected.map((m) => listed(asOf(m, now()))));
    },
  };
}
