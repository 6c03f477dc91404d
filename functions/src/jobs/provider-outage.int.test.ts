import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProviderServer, type RecordedRequest } from '@app/adapters/http/testing/fake-provider-server';
import { PASSWORD, startHttpStack, uniqueEmail, type TestClient } from '../testing/http-harness.ts';

const DAY = 86_400_000;
const clubs = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

/** A season of football-data.org matches (shape of docs/providers.md), every 3.5 days. */
function season(code: string, startYear: number, start: number, now: number) {
  const matches: Record<string, unknown>[] = [];
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

const now = Date.now();
const world: Record<string, Record<number, Record<string, unknown>[]>> = {};
for (const code of ['PL', 'PD']) {
  world[code] = {};
  // Four past seasons of results, and a current one running from 35 days ago.
  for (const [k, year] of [2022, 2023, 2024, 2025].entries()) world[code]![year] = season(code, year, now - (4 - k) * 365 * DAY, now);
  world[code]![2026] = season(code, 2026, now - 35 * DAY, now);
}

let down = false;
const fdo = new FakeProviderServer();
fdo.handle = (req: RecordedRequest) => {
  const code = /^\/competitions\/(\w+)\/matches$/.exec(req.path)?.[1];
  if (!code || !world[code]) return { status: 404, body: { message: 'unknown', errorCode: 404 } };
  if (down && code === 'PD') return { status: 503, body: { message: 'Service Unavailable' } };
  const all = Object.values(world[code]!).flat();
  const seasonParam = req.query.get('season');
  const from = req.query.get('dateFrom');
  const to = req.query.get('dateTo');
  const selected = seasonParam
    ? (world[code]![Number(seasonParam)] ?? [])
    : all.filter((m) => String(m.utcDate).slice(0, 10) >= (from ?? '') && String(m.utcDate).slice(0, 10) <= (to ?? '9999'));
  return { body: { filters: {}, resultSet: { count: selected.length }, competition: { code }, matches: selected }, headers: { 'x-requests-available-minute': '50' } };
};

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;
beforeAll(async () => {
  await fdo.start();
  const email = uniqueEmail('ops');
  stack = await startHttpStack({
    FOOTBALL_DATA_ORG_TOKEN: 'test-token',
    FOOTBALL_DATA_ORG_BASE_URL: fdo.url,
    LOCAL_QUEUE_VISIBILITY_SECONDS: '0',
  });
  admin = stack.client();
  await admin.post('/api/auth/register', { email, password: PASSWORD });
  await stack.grantAdmin(email);
}, 120_000);
afterAll(async () => {
  await stack.close();
  await fdo.stop();
});

describe('a football data provider outage', () => {
  it('retries with backoff, then fails only that league; the other leagues finish and existing predictions stay', async () => {
    // Only two leagues are configured at the stand-in server; the others are answered 404 (refused, not retried).
    const first = (await admin.post('/api/admin/generate-daily-predictions')).json.jobId;
    await stack.queue.drain();
    const before = (await stack.client().get('/api/predictions')).json as Array<{ leagueId: string; id: string }>;
    expect(before.some((p) => p.leagueId === 'SP1')).toBe(true);
    expect(before.some((p) => p.leagueId === 'E0')).toBe(true);
    expect((await admin.get(`/api/admin/jobs/${first}`)).json.status).toBe('done');

    down = true;
    const requestsBefore = fdo.requests.filter((r) => r.path.includes('/PD/')).length;
    const jobId = (await admin.post('/api/admin/generate-daily-predictions')).json.jobId;
    await stack.queue.drain();
    const job = (await admin.get(`/api/admin/jobs/${jobId}`)).json;
    expect(job.status).toBe('done');
    expect(job.failed).toBeGreaterThanOrEqual(1);
    expect(job.done).toBeGreaterThanOrEqual(1);
    // Every delivery retried the call with backoff: more than one request per delivery, five deliveries.
    expect(fdo.requests.filter((r) => r.path.includes('/PD/')).length - requestsBefore).toBeGreaterThanOrEqual(10);

    const after = (await stack.client().get('/api/predictions')).json as Array<{ id: string }>;
    const ids = new Set(after.map((p) => p.id));
    for (const p of before.filter((x) => x.leagueId === 'SP1')) expect(ids.has(p.id)).toBe(true);
  }, 300_000);
});
