// A small football-data.org world for pipeline tests: two competitions (PL, PD) of six clubs,
// four past seasons of results and a current season that started 35 days before `now`, served
// by a FakeProviderServer in the API's shape. `hold` decides per request whether to fail or hang.
import type { RecordedRequest, ScriptedResponse } from '@app/adapters/http/testing/fake-provider-server';

const DAY = 86_400_000;
const clubs = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

export interface WorldMatch {
  id: number;
  utcDate: string;
  status: 'FINISHED' | 'TIMED';
  score: { fullTime: { home: number | null; away: number | null }; [field: string]: unknown };
  [field: string]: unknown;
}

/** A season of matches every 1.75 days from `start`; those that ended two hours before `now` are finished. */
function season(code: string, startYear: number, start: number, now: number): WorldMatch[] {
  const matches: WorldMatch[] = [];
  let id = startYear * 1000 + (code === 'PL' ? 0 : 500);
  let t = start;
  for (let leg = 0; leg < 2; leg++) {
    for (let i = 0; i < clubs.length; i++) {
      for (let j = 0; j < clubs.length; j++) {
        if (i === j || (i + j + leg) % 2) continue;
        const [home, away] = leg ? [clubs[j]!, clubs[i]!] : [clubs[i]!, clubs[j]!];
        const finished = t + 2 * 3_600_000 < now;
        const h = (id * 7) % 4;
        const a = (id * 3) % 3;
        matches.push({
          id: ++id,
          utcDate: new Date(t).toISOString().replace('.000', ''),
          status: finished ? 'FINISHED' : 'TIMED',
          season: { id: startYear, startDate: `${startYear}-08-01`, endDate: `${startYear + 1}-05-31` },
          competition: { code, name: code },
          homeTeam: { id: i, name: `${home} FC`, shortName: home },
          awayTeam: { id: j, name: `${away} FC`, shortName: away },
          score: finished
            ? { winner: h > a ? 'HOME_TEAM' : h < a ? 'AWAY_TEAM' : 'DRAW', duration: 'REGULAR', fullTime: { home: h, away: a }, halfTime: { home: 0, away: 0 } }
            : { winner: null, duration: 'REGULAR', fullTime: { home: null, away: null }, halfTime: { home: null, away: null } },
          odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
        });
        t += 1.75 * DAY;
      }
    }
  }
  return matches;
}

export const WORLD_COMPETITIONS = { PL: 'E0', PD: 'SP1' } as const;

export function footballDataWorld(now: number) {
  const world: Record<string, Record<number, WorldMatch[]>> = {};
  for (const code of Object.keys(WORLD_COMPETITIONS)) {
    world[code] = {};
    for (const [k, year] of [2022, 2023, 2024, 2025].entries()) world[code]![year] = season(code, year, now - (4 - k) * 365 * DAY, now);
    world[code]![2026] = season(code, 2026, now - 35 * DAY, now);
  }
  return {
    /** The current season's matches of a competition. */
    current: (code: keyof typeof WORLD_COMPETITIONS) => world[code]![2026]!,
    /** Answers one request as football-data.org would; `hold` may answer instead (an outage, a hang). */
    handle(req: RecordedRequest, hold?: (code: string) => ScriptedResponse | undefined): ScriptedResponse {
      const code = /^\/competitions\/(\w+)\/matches$/.exec(req.path)?.[1];
      if (!code || !world[code]) return { status: 404, body: { message: 'unknown', errorCode: 404 } };
      const held = hold?.(code);
      if (held) return held;
      const all = Object.values(world[code]!).flat();
      const seasonParam = req.query.get('season');
      const from = req.query.get('dateFrom');
      const to = req.query.get('dateTo');
      const selected = seasonParam
        ? (world[code]![Number(seasonParam)] ?? [])
        : all.filter((m) => String(m.utcDate).slice(0, 10) >= (from ?? '') && String(m.utcDate).slice(0, 10) <= (to ?? '9999'));
      return { body: { filters: {}, resultSet: { count: selected.length }, competition: { code }, matches: selected }, headers: { 'x-requests-available-minute': '50' } };
    },
  };
}
