import { withinDeadline } from '@app/core/pipeline/budget';
import { ProviderRejectedError, ProviderUnavailableError, type MatchStats, type ProviderFixture } from '@app/core/pipeline/providers';
import type { MatchRecord } from '@app/model/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeProviderServer, virtualTime, type RecordedRequest, type ScriptedResponse } from '../http/testing/fake-provider-server.ts';
import {
  ApiFootballPlanError,
  ApiFootballProvider,
  mapApiFootballStatus,
  type ApiFootballProviderOptions,
  type ApiFootballQuota,
} from './api-football-provider.ts';
import { envelope, ERRORS, fixture, LEAGUE_SAMPLES, quotaHeaders, teamStatistics, TEAMS } from './testing/payloads.ts';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await new FakeProviderServer().start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

function provider(extra: Partial<ApiFootballProviderOptions> = {}, start = '2026-02-20T06:00:00Z') {
  const time = virtualTime(start);
  const quotas: ApiFootballQuota[] = [];
  const af = new ApiFootballProvider({
    apiKey: 'key-123',
    baseUrl: server.url,
    onQuota: (q) => quotas.push(q),
    http: { sleep: time.sleep, now: time.now, random: () => 0.5 },
    ...extra,
  });
  return { af, time, quotas };
}

const from = new Date('2026-02-20T00:00:00Z');
const to = new Date('2026-02-27T00:00:00Z');
const [united, everton, brighton, forest] = TEAMS.E0;

describe('ApiFootballProvider: fixtures', () => {
  it('maps a not-started fixture with null goals to a scheduled one with canonical names, asking by league, season and dates with the key header', async () => {
    // Prepare
    server.handle = () => ({ body: envelope([fixture()]), headers: quotaHeaders(7400) });
    const { af } = provider();

    // Act
    const fixtures = await af.fixtures('E0', from, to);

    // Assess
    expect(fixtures).toEqual([
      {
        id: 'af-1379001',
        leagueId: 'E0',
        season: '2025-26',
        kickoff: '2026-02-23T20:00:00.000Z',
        homeTeam: 'Everton',
        awayTeam: 'Man United',
        status: 'scheduled',
      },
    ]);
    const req = server.requests[0]!;
    expect(req.path).toBe('/fixtures');
    expect(Object.fromEntries(req.query)).toEqual({ league: '39', season: '2025', from: '2026-02-20', to: '2026-02-27' });
    expect(req.headers['x-apisports-key']).toBe('key-123');
  });

  it('settles FT on the full-time score, and AET and PEN on the 90-minute score only when the parts add up', () => {
    expect(mapApiFootballStatus('FT', { home: 0, away: 3 }, { fulltime: { home: 0, away: 3 } })).toEqual({ status: 'finished', score: { home: 0, away: 3 } });
    expect(mapApiFootballStatus('FT', { home: 2, away: 1 }, undefined)).toEqual({ status: 'finished', score: { home: 2, away: 1 } });
    expect(mapApiFootballStatus('AET', { home: 2, away: 1 }, { fulltime: { home: 1, away: 1 }, extratime: { home: 1, away: 0 } })).toEqual({
      status: 'finished',
      score: { home: 1, away: 1 },
    });
    expect(mapApiFootballStatus('PEN', { home: 1, away: 1 }, { fulltime: { home: 1, away: 1 }, extratime: { home: 0, away: 0 } })).toEqual({
      status: 'finished',
      score: { home: 1, away: 1 },
    });
    // A full-time node that already holds the extra-time goals would settle on the wrong score: flagged instead.
    expect(mapApiFootballStatus('AET', { home: 2, away: 1 }, { fulltime: { home: 2, away: 1 }, extratime: { home: 1, away: 0 } })).toEqual({
      status: 'unknown',
    });
    expect(mapApiFootballStatus('FT', {}, {})).toEqual({ status: 'unknown' });
  });

  it('maps every documented status: pending, live, finished, postponed (pending), void; an unknown one is kept as unknown', async () => {
    // Prepare
    const statuses = ['TBD', 'NS', '1H', 'HT', '2H', 'ET', 'BT', 'P', 'SUSP', 'INT', 'LIVE', 'FT', 'PST', 'CANC', 'ABD', 'AWD', 'WO', 'NEW_ONE'];
    const goals = (s: string) => (['FT', 'AWD', 'WO'].includes(s) ? { home: 3, away: 0 } : { home: null, away: null });
    server.handle = () => ({ body: envelope(statuses.map((status, i) => fixture({ id: 100 + i, status, goals: goals(status) }))) });
    const { af } = provider();

    // Act
    const fixtures = await af.fixtures('E0', from, to);

    // Assess
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    expect(statuses.map((_, i) => byId.get(`af-${100 + i}`)?.status)).toEqual([
      'scheduled',
      'scheduled',
      'live',
      'live',
      'live',
      'live',
      'live',
      'live',
      'live',
      'live',
      'live',
      'finished',
      'postponed',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
      'unknown',
    ]);
    // Only the match played to the end carries a score; an awarded 3-0 is not a played result.
    expect(fixtures.filter((f) => f.score).map((f) => f.id)).toEqual(['af-111']);
  });

  it('asks each season for a window across the summer break, and drops fixtures outside the window', async () => {
    // Prepare
    server.handle = (req) => ({
      body: envelope([
        fixture({ id: Number(req.query.get('season')), date: req.query.get('season') === '2025' ? '2026-06-20T15:00:00+00:00' : '2026-06-01T15:00:00+00:00' }),
      ]),
    });
    const { af } = provider();

    // Act
    const fixtures = await af.fixtures('E0', new Date('2026-06-15T00:00:00Z'), new Date('2026-07-10T00:00:00Z'));

    // Assess
    expect(server.requests.map((r) => r.query.get('season'))).toEqual(['2025', '2026']);
    expect(fixtures.map((f) => f.id)).toEqual(['af-2025']);
  });

  it('skips a malformed fixture (id as text, a null team, no date) and keeps the rest of the answer', async () => {
    // Prepare
    const textId = { ...fixture({ id: 5 }), fixture: { id: '5', date: '2026-02-23T20:00:00+00:00' } };
    const nullTeam = { ...fixture({ id: 6 }), teams: { home: null, away: { id: 33, name: 'Manchester United' } } };
    const noDate = { ...fixture({ id: 7 }), fixture: { id: 7, status: { short: 'NS' } } };
    server.handle = () => ({ body: envelope([textId, nullTeam, noDate, fixture({ id: 9 })]) });
    const { af } = provider();

    // Act
    const fixtures = await af.fixtures('E0', from, to);

    // Assess
    expect(fixtures.map((f) => f.id)).toEqual(['af-9']);
  });

  it('answers a 200 without a response list as a provider outage, not as an empty league', async () => {
    server.handle = () => ({ body: '{"get":"fixtures","errors":[],"response":"maintenance"}' });
    const { af } = provider();
    await expect(af.fixtures('E0', from, to)).rejects.toThrow(/unexpected payload from \/fixtures: no response list/);
  });

  it('serves the ten deployed leagues under our ids, and refuses a league it does not serve without a call', async () => {
    const { af } = provider();
    expect((await af.leagues()).map((l) => l.id)).toEqual(['E0', 'E1', 'SP1', 'D1', 'I1', 'F1', 'SC0', 'B1', 'T1', 'G1']);
    await expect(af.fixtures('N1', from, to)).rejects.toBeInstanceOf(ProviderRejectedError);
    expect(server.requests).toHaveLength(0);
    expect(() => provider({ leagues: ['AUT'] })).toThrow(/AUT/);
  });

  it('reads every recorded league sample into fixtures of that league', async () => {
    // Prepare
    const ids = Object.fromEntries(Object.keys(TEAMS).map((id, i) => [String([39, 40, 140, 78, 135, 61, 179, 144, 203, 197][i]), id]));
    server.handle = (req) => ({ body: LEAGUE_SAMPLES[ids[req.query.get('league')!] as keyof typeof TEAMS] });
    const { af } = provider();

    // Act
    const all = await Promise.all(Object.keys(TEAMS).map((id) => af.fixtures(id, from, new Date('2026-03-01T00:00:00Z'))));

    // Assess
    all.forEach((fixtures, i) => {
      const clubs = TEAMS[Object.keys(TEAMS)[i] as keyof typeof TEAMS];
      expect(fixtures).toHaveLength(clubs.length);
      expect(fixtures.filter((f) => f.status === 'finished').every((f) => f.score)).toBe(true);
    });
  });
});

describe('ApiFootballProvider: errors with HTTP 200, quota and retries', () => {
  it('stops for the day on errors.requests: no retry, and no call at all until 00:00 UTC', async () => {
    // Prepare
    server.handle = () => ({ body: envelope([], {}, ERRORS.requests) });
    const { af, time } = provider();

    // Act
    const first = await af.fixtures('E0', from, to).catch((e: unknown) => e);
    time.advance(60 * 60_000);
    const second = await af.fixtures('E0', from, to).catch((e: unknown) => e);
    const callsWhileSpent = server.requests.length;
    time.advance(17 * 60 * 60_000);
    server.handle = () => ({ body: envelope([fixture()]) });
    const afterReset = await af.fixtures('E0', from, to);

    // Assess
    expect(first).toBeInstanceOf(ProviderRejectedError);
    expect((first as Error).message).toMatch(
      /daily request quota spent \(You have reached the request limit for the day.*no call before 2026-02-21T00:00:00.000Z/,
    );
    expect(second).toBeInstanceOf(ProviderRejectedError);
    expect(callsWhileSpent).toBe(1);
    expect(afterReset).toHaveLength(1);
  });

  it('waits 60 s on errors.rateLimit and tries again', async () => {
    server.sequence([{ body: envelope([], {}, ERRORS.rateLimit) }, { body: envelope([fixture()]) }]);
    const { af, time } = provider();
    expect(await af.fixtures('E0', from, to)).toHaveLength(1);
    expect(time.waits).toEqual([60_000]);
  });

  it("inside a task's time budget, fails an errors.rateLimit at once as retryable rather than wait past the invocation", async () => {
    server.sequence([{ body: envelope([], {}, ERRORS.rateLimit) }, { body: envelope([fixture()]) }]);
    const { af, time } = provider();
    const now = () => time.now().getTime();
    const error = await withinDeadline('task', now() + 30_000, now, () => af.fixtures('E0', from, to)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['a bad key', ERRORS.token, /request refused \(token: Error\/Missing application key/],
    ['a suspended account', ERRORS.access, /request refused \(access: Your account is suspended/],
    ['a bad parameter', ERRORS.season, /request refused \(season: The Season field/],
    ['a list of messages', ['Something went wrong'], /request refused \(errors: Something went wrong\)/],
  ])('refuses %s reported with HTTP 200 at once, without a retry', async (_what, errors, message) => {
    server.handle = () => ({ body: envelope([], {}, errors) });
    const { af } = provider();
    const error = await af.fixtures('E0', from, to).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as Error).message).toMatch(message);
    // The key travels in a header only: no message (job detail, log line) carries it.
    expect((error as Error).message).not.toContain('key-123');
    expect(server.requests[0]!.query.toString()).not.toContain('key-123');
    expect(server.requests).toHaveLength(1);
  });

  it('reads both empty forms of errors ([] and {}) as success', async () => {
    server.sequence([{ body: envelope([fixture({ id: 1 })], {}, []) }, { body: envelope([fixture({ id: 2 })], {}, {}) }]);
    const { af } = provider();
    expect((await af.fixtures('E0', from, to)).map((f) => f.id)).toEqual(['af-1']);
    expect((await af.fixtures('E0', from, to)).map((f) => f.id)).toEqual(['af-2']);
  });

  it('retries a 5xx with backoff and succeeds; reports the provider unavailable when it never ends', async () => {
    server.sequence([{ status: 500 }, { status: 503, body: { message: 'maintenance' } }, { body: envelope([fixture()]) }]);
    expect(await provider().af.fixtures('E0', from, to)).toHaveLength(1);
    server.handle = () => ({ status: 502 });
    const error = await provider({ http: { maxAttempts: 3, sleep: async () => {}, random: () => 0 } })
      .af.fixtures('E0', from, to)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
  });

  it('reports the quota headers of every answer, and once the day has none left refuses the next call without sending it', async () => {
    // Prepare
    server.sequence([
      { body: envelope([]), headers: quotaHeaders(12) },
      { body: envelope([]), headers: quotaHeaders(0, 7500, 280) },
    ]);
    const { af, quotas } = provider();

    // Act
    await af.fixtures('E0', from, to);
    await af.fixtures('E0', from, to);
    const third = await af.fixtures('E0', from, to).catch((e: unknown) => e);

    // Assess
    expect(quotas.map((q) => [q.dayRemaining, q.dayLimit, q.minuteRemaining, q.minuteLimit])).toEqual([
      [12, 7500, 299, 300],
      [0, 7500, 280, 300],
    ]);
    expect(af.quota).toMatchObject({ dayRemaining: 0, updatedAt: '2026-02-20T06:00:00.000Z' });
    expect(third).toBeInstanceOf(ProviderRejectedError);
    expect(server.requests).toHaveLength(2);
  });

  it('holds the next call back for a minute once the minute has no request left', async () => {
    server.handle = () => ({ body: envelope([]), headers: quotaHeaders(500, 7500, 0) });
    const { af, time } = provider();
    await af.fixtures('E0', from, to);
    await af.fixtures('E0', from, to);
    expect(time.waits).toEqual([60_000]);
  });
});

/** A finished fixture of ours, as `fixtures()` returns it. */
const finished = (id: number, home = 'Everton', away = 'Man United'): ProviderFixture => ({
  id: `af-${id}`,
  leagueId: 'E0',
  season: '2025-26',
  kickoff: '2026-02-21T15:00:00.000Z',
  homeTeam: home,
  awayTeam: away,
  status: 'finished',
  score: { home: 1, away: 0 },
});

/** Answers `ids=` with each fixture (`home` v `away`) and its statistics from `stats(id)`. */
function answerIds(stats: (id: number) => unknown[] | undefined, home = everton, away = united) {
  return (req: RecordedRequest): ScriptedResponse => {
    const ids = (req.query.get('ids') ?? '').split('-').map(Number);
    return { body: envelope(ids.map((id) => fixture({ id, status: 'FT', home, away, goals: { home: 1, away: 0 }, statistics: stats(id) ?? [] }))) };
  };
}

describe('ApiFootballProvider: match statistics', () => {
  it('reads shots and shots on target twenty fixtures per call, by team id, with null as missing and never as 0', async () => {
    // Prepare: 25 fixtures; 7 has nulls on one side; 8 gives counts as strings; 9 has no statistics at all.
    server.handle = answerIds((id) => {
      if (id === 7) return [teamStatistics(everton, 12, null), teamStatistics(united, null, 0)];
      if (id === 8) return [teamStatistics(united, '9', '3'), teamStatistics(everton, '14', '6')];
      if (id === 9) return undefined;
      return [teamStatistics(everton, 10 + id, 4), teamStatistics(united, 8, 2)];
    });
    const { af } = provider();
    const fixtures = Array.from({ length: 25 }, (_, i) => finished(i + 1));

    // Act
    const stats = await af.statistics('E0', [...fixtures, { ...finished(99), id: 'csv-E0-x' }]);

    // Assess
    expect(server.requests.map((r) => r.query.get('ids')!.split('-').length)).toEqual([20, 5]);
    expect(stats.get('af-1')).toEqual({ homeShots: 11, awayShots: 8, homeShotsOnTarget: 4, awayShotsOnTarget: 2 });
    expect(stats.get('af-7')).toBeUndefined();
    expect(stats.get('af-8')).toEqual({ homeShots: 14, awayShots: 9, homeShotsOnTarget: 6, awayShotsOnTarget: 3 });
    expect(stats.has('af-9')).toBe(false);
    expect(stats.size).toBe(23);
  });

  it('keeps the pair a side has in full when the other pair is missing', async () => {
    server.handle = answerIds(() => [teamStatistics(everton, 12, null), teamStatistics(united, 7, 2)]);
    const stats = await provider().af.statistics('E0', [finished(1)]);
    expect(stats.get('af-1')).toEqual<MatchStats>({ homeShots: 12, awayShots: 7 });
  });
});

describe('ApiFootballProvider: history', () => {
  /** Four seasons of six matches each, all finished; the current one's last match after `before`. */
  function seasons(plan?: (season: number) => boolean) {
    return (req: RecordedRequest): ScriptedResponse => {
      if (req.query.has('ids'))
        return answerIds((id) => [teamStatistics(brighton, 10 + (id % 10), id % 5), teamStatistics(forest, 9, 3)], brighton, forest)(req);
      const season = Number(req.query.get('season'));
      if (plan && !plan(season)) return { body: envelope([], {}, ERRORS.plan), headers: quotaHeaders(7000) };
      const list = Array.from({ length: 6 }, (_, i) =>
        fixture({
          id: season * 100 + i,
          date: `${season + (i > 2 ? 1 : 0)}-${i > 2 ? '02' : '10'}-0${i + 1}T15:00:00+00:00`,
          status: i === 5 && season === 2025 ? 'NS' : 'FT',
          home: brighton,
          away: forest,
          goals: { home: i % 3, away: 1 },
          league: { id: 39, season },
        }),
      );
      return { body: envelope(list), headers: quotaHeaders(7000) };
    };
  }

  it('reads the current season and the three before it, with statistics, for matches played before the date', async () => {
    // Prepare
    server.handle = seasons();
    const { af } = provider();

    // Act
    const history = await af.history('E0', new Date('2026-02-05T00:00:00Z'));

    // Assess
    expect(server.requests.filter((r) => r.query.has('season')).map((r) => r.query.get('season'))).toEqual(['2022', '2023', '2024', '2025']);
    expect(history).toHaveLength(6 + 6 + 6 + 4);
    expect(history[0]).toEqual({
      date: '2022-10-01T15:00:00.000Z',
      league: 'E0',
      season: '2022-23',
      home: 'Brighton',
      away: "Nott'm Forest",
      homeGoals: 0,
      awayGoals: 1,
      homeShots: 10,
      awayShots: 9,
      homeShotsOnTarget: 0,
      awayShotsOnTarget: 3,
    });
    expect(server.requests.filter((r) => r.query.has('ids'))).toHaveLength(2);
  });

  it('skips a season the plan does not cover, and fails with the plan error when it covers none', async () => {
    server.handle = seasons((season) => season >= 2024);
    const history = await provider().af.history('E0', new Date('2026-02-05T00:00:00Z'));
    expect(new Set(history.map((h) => h.season))).toEqual(new Set(['2024-25', '2025-26']));
    server.handle = seasons(() => false);
    await expect(provider().af.history('E0', new Date('2026-02-05T00:00:00Z'))).rejects.toBeInstanceOf(ApiFootballPlanError);
  });

  it('saves each batch as it is read, stops while the day keeps its reserve for the results runs, and the next run reads only the rest', async () => {
    // Prepare: a day of 1,000 requests with 101 left after the season lists; the reserve is a tenth, 100.
    let left = 101;
    const handle = seasons();
    server.handle = (req) => ({ ...handle(req), headers: quotaHeaders(req.query.has('ids') ? --left : left, 1000) });
    const saved: MatchRecord[][] = [];
    const { af } = provider({ historySeasons: 3 });
    const before = new Date('2026-02-05T00:00:00Z');

    // Act: a first day with room for one call of statistics, then a new day.
    const first = await af.history('E0', before, { known: [], save: async (rows) => void saved.push(rows) }).catch((e: unknown) => e);
    const keptFirst = saved.flat();
    left = 1000;
    const idsCallsBefore = server.requests.filter((r) => r.query.has('ids')).length;
    const resumed = await af.history('E0', before, { known: keptFirst, save: async (rows) => void saved.push(rows) });

    // Assess
    expect(first).toBeInstanceOf(ProviderRejectedError);
    expect((first as Error).message).toMatch(
      /history import of E0 paused after 20 of 22 matches: 100 requests left today are kept for the results runs; the next run continues/,
    );
    expect(keptFirst).toHaveLength(20);
    expect(server.requests.filter((r) => r.query.has('ids')).length - idsCallsBefore).toBe(1);
    expect(resumed).toHaveLength(22);
    expect(resumed.filter((r) => r.homeShots !== undefined)).toHaveLength(22);
    expect(resumed).toEqual(await provider().af.history('E0', before));
  });
});
