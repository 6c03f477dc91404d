import { withinDeadline } from '@app/core/pipeline/budget';
import { ProviderRejectedError, ProviderUnavailableError } from '@app/core/pipeline/providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeProviderServer, virtualTime } from '../http/testing/fake-provider-server.ts';
import { FootballDataOrgProvider, mapFootballDataOrgStatus, parseWaitMs, type FootballDataOrgProviderOptions } from './football-data-org-provider.ts';
import { finishedScore, match, matchesPayload, rateLimited, restricted } from './testing/payloads.ts';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await new FakeProviderServer().start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

function provider(extra: Partial<FootballDataOrgProviderOptions> = {}) {
  const time = virtualTime('2026-02-20T06:00:00Z');
  const fdo = new FootballDataOrgProvider({
    token: 'tok-123',
    baseUrl: `${server.url}/v4`,
    http: { sleep: time.sleep, now: time.now, random: () => 0.5 },
    ...extra,
  });
  return { fdo, time };
}

const from = new Date('2026-02-20T00:00:00Z');
const to = new Date('2026-02-27T00:00:00Z');

describe('FootballDataOrgProvider: payloads', () => {
  it('maps a TIMED match with null scores to a scheduled fixture with canonical team names', async () => {
    // Prepare
    server.handle = () => ({ body: matchesPayload([match()]), headers: { 'X-Requests-Available-Minute': '9', 'X-RequestCounter-Reset': '50' } });
    const { fdo } = provider();

    // Act
    const fixtures = await fdo.fixtures('E0', from, to);

    // Assess
    expect(fixtures).toEqual([
      { id: 'fdo-538050', leagueId: 'E0', season: '2025-26', kickoff: '2026-02-23T20:00:00.000Z', homeTeam: 'Everton', awayTeam: 'Man United', status: 'scheduled' },
    ]);
    const req = server.requests[0]!;
    expect(req.path).toBe('/v4/competitions/PL/matches');
    expect(Object.fromEntries(req.query)).toEqual({ dateFrom: '2026-02-20', dateTo: '2026-02-27' });
    expect(req.headers['x-auth-token']).toBe('tok-123');
  });

  it('settles a FINISHED match with winner and half-time on its full-time score', async () => {
    // Prepare
    server.handle = () => ({ body: matchesPayload([match({ status: 'FINISHED', home: 'brighton', away: 'forest', score: finishedScore(0, 3, { home: 0, away: 2 }) })]) });
    const { fdo } = provider();

    // Act
    const [fixture] = await fdo.fixtures('E0', from, to);

    // Assess
    expect(fixture).toMatchObject({ status: 'finished', score: { home: 0, away: 3 }, homeTeam: 'Brighton', awayTeam: "Nott'm Forest" });
  });

  it('maps POSTPONED, SUSPENDED, CANCELLED, AWARDED and live statuses', async () => {
    // Prepare
    const statuses = ['POSTPONED', 'SUSPENDED', 'CANCELLED', 'AWARDED', 'IN_PLAY', 'PAUSED', 'EXTRA_TIME', 'PENALTY_SHOOTOUT', 'SCHEDULED'];
    server.handle = () => ({
      body: matchesPayload(statuses.map((status, i) => match({ id: 1000 + i, status, utcDate: `2026-02-2${i % 7}T15:00:00Z`, score: status === 'AWARDED' ? finishedScore(3, 0) : undefined }))),
    });
    const { fdo } = provider();

    // Act
    const fixtures = await fdo.fixtures('E0', from, new Date('2026-02-28T00:00:00Z'));

    // Assess
    const byId = Object.fromEntries(fixtures.map((f) => [f.id, f]));
    expect(statuses.map((_, i) => byId[`fdo-${1000 + i}`]?.status)).toEqual(['postponed', 'postponed', 'cancelled', 'cancelled', 'live', 'live', 'live', 'live', 'scheduled']);
    expect(fixtures.every((f) => f.score === undefined)).toBe(true);
  });

  it('keeps a match with an unknown status as unknown instead of failing', async () => {
    // Prepare
    server.handle = () => ({ body: matchesPayload([match({ status: 'ABANDONED_MIDWAY' })]) });
    const { fdo } = provider();

    // Act
    const fixtures = await fdo.fixtures('E0', from, to);

    // Assess
    expect(fixtures.map((f) => f.status)).toEqual(['unknown']);
  });

  it('ignores the odds message node of the free plan', async () => {
    // Prepare
    server.handle = () => ({ body: matchesPayload([match()]) });
    const { fdo } = provider();

    // Act
    const [fixture] = await fdo.fixtures('E0', from, to);

    // Assess
    expect(fixture).toBeDefined();
    expect(Object.keys(fixture!)).not.toContain('odds');
  });

  it('returns no fixtures for an empty matches list', async () => {
    server.handle = () => ({ body: matchesPayload([]) });
    const { fdo } = provider();
    expect(await fdo.fixtures('E0', from, to)).toEqual([]);
  });

  it('skips a malformed match (id as text, goals as text, a null team) and keeps the rest of the payload', async () => {
    // Prepare
    const textId = { ...match({ id: 5 }), id: '5' };
    const textGoals = match({ id: 6, status: 'FINISHED', score: { duration: 'REGULAR', fullTime: { home: '2', away: 1 } } });
    const nullTeam = { ...match({ id: 7 }), awayTeam: null };
    server.handle = () => ({ body: matchesPayload([textId, textGoals, nullTeam, match({ id: 9 })]) });
    const { fdo } = provider();

    // Act
    const fixtures = await fdo.fixtures('E0', from, to);

    // Assess
    expect(fixtures.map((f) => [f.id, f.status])).toEqual([
      ['fdo-6', 'unknown'],
      ['fdo-9', 'scheduled'],
    ]);
  });

  it('answers a 200 without a matches list as a provider outage, not as an empty league', async () => {
    server.handle = () => ({ body: { message: 'gateway page' } });
    const { fdo } = provider();
    await expect(fdo.fixtures('E0', from, to)).rejects.toThrow(/unexpected payload.*no matches list/);
  });

  it('settles on the regular-time node after extra time, and flags a match decided later without one', () => {
    const withRegular = { winner: 'HOME_TEAM', duration: 'EXTRA_TIME', fullTime: { home: 2, away: 1 }, halfTime: { home: 0, away: 0 }, regularTime: { home: 1, away: 1 }, extraTime: { home: 1, away: 0 } };
    const withoutRegular = { winner: 'AWAY_TEAM', duration: 'PENALTY_SHOOTOUT', fullTime: { home: 5, away: 6 }, halfTime: { home: 1, away: 0 } };
    expect(mapFootballDataOrgStatus('FINISHED', withRegular)).toEqual({ status: 'finished', score: { home: 1, away: 1 } });
    expect(mapFootballDataOrgStatus('FINISHED', withoutRegular)).toEqual({ status: 'unknown' });
    expect(mapFootballDataOrgStatus('FINISHED', { duration: 'REGULAR', fullTime: { home: null, away: null } })).toEqual({ status: 'unknown' });
  });

  it('skips matches without teams yet and drops matches outside the asked window', async () => {
    // Prepare
    const tbd = { ...match({ id: 7 }), homeTeam: { id: null, name: null } };
    server.handle = () => ({ body: matchesPayload([tbd, match({ id: 8, utcDate: '2026-02-27T20:00:00Z' }), match({ id: 9 })]) });
    const { fdo } = provider();

    // Act
    const fixtures = await fdo.fixtures('E0', from, to);

    // Assess
    expect(fixtures.map((f) => f.id)).toEqual(['fdo-9']);
  });
});

describe('FootballDataOrgProvider: requests', () => {
  it('splits a long range into windows of at most 10 days', async () => {
    // Prepare
    server.handle = () => ({ body: matchesPayload([]) });
    const { fdo } = provider();

    // Act
    await fdo.fixtures('E0', new Date('2026-01-01T10:00:00Z'), new Date('2026-01-25T10:00:00Z'));

    // Assess
    expect(server.requests.map((r) => [r.query.get('dateFrom'), r.query.get('dateTo')])).toEqual([
      ['2026-01-01', '2026-01-10'],
      ['2026-01-11', '2026-01-20'],
      ['2026-01-21', '2026-01-25'],
    ]);
  });

  it("waits the 48 seconds a 429 'Wait 48 seconds' asks, then retries", async () => {
    // Prepare
    server.sequence([{ status: 429, body: rateLimited }, { body: matchesPayload([match()]) }]);
    const { fdo, time } = provider();

    // Act
    const fixtures = await fdo.fixtures('E0', from, to);

    // Assess
    expect(time.waits).toEqual([48_000]);
    expect(fixtures).toHaveLength(1);
  });

  it("inside a consumer's time budget, fails a 429 'Wait 48 seconds' at once (retryable) instead of waiting past the invocation", async () => {
    // Prepare: 30 s left in the task's budget, shorter than the 48 s the provider asks for.
    server.sequence([{ status: 429, body: rateLimited }, { body: matchesPayload([match()]) }]);
    const { fdo, time } = provider();
    const now = () => time.now().getTime();

    // Act
    const error = await withinDeadline('task', now() + 30_000, now, () => fdo.fixtures('E0', from, to)).catch((e: unknown) => e);

    // Assess: no wait started, one request made; the error says how long to wait (the redelivery comes later).
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).retryAfterSeconds).toBe(48);
    expect(time.waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("waits a 429's 48 seconds when the task's budget has that long left", async () => {
    // Prepare
    server.sequence([{ status: 429, body: rateLimited }, { body: matchesPayload([match()]) }]);
    const { fdo, time } = provider();
    const now = () => time.now().getTime();

    // Act
    const fixtures = await withinDeadline('task', now() + 90_000, now, () => fdo.fixtures('E0', from, to));

    // Assess
    expect(time.waits).toEqual([48_000]);
    expect(fixtures).toHaveLength(1);
  });

  it("does not start the pause of a spent minute window when the task's budget ends first", async () => {
    // Prepare: the first call spends the window (reset in 37 s); the next call has 20 s left.
    server.handle = () => ({ body: matchesPayload([]), headers: { 'X-Requests-Available-Minute': '0', 'X-RequestCounter-Reset': '37' } });
    const { fdo, time } = provider();
    const now = () => time.now().getTime();
    await fdo.fixtures('E0', from, to);

    // Act
    const error = await withinDeadline('task', now() + 20_000, now, () => fdo.fixtures('SP1', from, to)).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(time.waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('pauses until the counter resets once no request is left in the minute', async () => {
    // Prepare
    server.handle = () => ({ body: matchesPayload([]), headers: { 'X-Requests-Available-Minute': '0', 'X-RequestCounter-Reset': '37' } });
    const { fdo, time } = provider();

    // Act
    await fdo.fixtures('E0', from, to);
    const afterFirst = [...time.waits];
    await fdo.fixtures('SP1', from, to);

    // Assess
    expect(afterFirst).toEqual([]);
    expect(time.waits).toEqual([37_000]);
  });

  it('rejects a competition the plan does not include (403) without retrying', async () => {
    // Prepare
    server.handle = () => ({ status: 403, body: restricted });
    const { fdo, time } = provider();

    // Act
    const error = await fdo.fixtures('E0', from, to).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as Error).message).toMatch(/restricted/);
    expect(server.requests).toHaveLength(1);
    expect(time.waits).toEqual([]);
  });

  it('succeeds when the server fails twice with a 5xx and then answers', async () => {
    // Prepare
    server.sequence([{ status: 500 }, { status: 503, body: { message: 'maintenance' } }, { body: matchesPayload([match()]) }]);
    const { fdo } = provider();

    // Act
    const fixtures = await fdo.fixtures('E0', from, to);

    // Assess
    expect(fixtures).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('reports the provider unavailable when the 5xx never ends', async () => {
    // Prepare
    server.handle = () => ({ status: 500 });
    const { fdo } = provider({ http: { maxAttempts: 3, sleep: async () => {}, random: () => 0 } });

    // Act
    const error = await fdo.fixtures('E0', from, to).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(server.requests).toHaveLength(3);
  });

  it('rejects a league that is not configured without calling the API', async () => {
    const { fdo } = provider({ competitions: ['PL'] });
    await expect(fdo.fixtures('SP1', from, to)).rejects.toBeInstanceOf(ProviderRejectedError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('FootballDataOrgProvider: leagues and history', () => {
  it('serves the free competitions under our league ids by default', async () => {
    const { fdo } = provider();
    const leagues = await fdo.leagues();
    expect(leagues.map((l) => l.id)).toEqual(['E0', 'E1', 'SP1', 'D1', 'I1', 'F1', 'N1', 'P1', 'BRA']);
    expect(leagues[0]).toEqual({ id: 'E0', name: 'Premier League', country: 'England' });
    expect(() => provider({ competitions: ['CL'] })).toThrow(/CL/);
  });

  it('reads the current and three previous seasons, keeping finished matches played before the date', async () => {
    // Prepare
    server.handle = (req) => {
      const season = Number(req.query.get('season'));
      const s = { id: season, startDate: `${season}-08-10`, endDate: `${season + 1}-05-20` };
      return {
        body: matchesPayload([
          match({ id: season * 10 + 1, utcDate: `${season}-09-01T14:00:00Z`, status: 'FINISHED', score: finishedScore(2, 1), season: s }),
          match({ id: season * 10 + 2, utcDate: `${season + 1}-03-01T14:00:00Z`, status: season === 2025 ? 'TIMED' : 'FINISHED', score: season === 2025 ? undefined : finishedScore(0, 0), season: s }),
          match({ id: season * 10 + 3, utcDate: `${season}-10-01T14:00:00Z`, status: 'POSTPONED', season: s }),
        ]),
      };
    };
    const { fdo } = provider();

    // Act
    const history = await fdo.history('E0', new Date('2026-02-01T00:00:00Z'));

    // Assess
    expect(server.requests.map((r) => r.query.get('season'))).toEqual(['2022', '2023', '2024', '2025']);
    expect(history.map((h) => h.season)).toEqual(['2022-23', '2022-23', '2023-24', '2023-24', '2024-25', '2024-25', '2025-26']);
    expect(history[0]).toEqual({ date: '2022-09-01T14:00:00.000Z', league: 'E0', season: '2022-23', home: 'Everton', away: 'Man United', homeGoals: 2, awayGoals: 1 });
    expect(history.every((h) => h.odds === undefined)).toBe(true);
  });

  it('skips a past season the plan does not cover, but fails when no season is readable', async () => {
    // Prepare
    server.handle = (req) => (req.query.get('season') === '2022' ? { status: 403, body: restricted } : { body: matchesPayload([]) });
    const { fdo } = provider();

    // Act
    const history = await fdo.history('E0', new Date('2026-02-01T00:00:00Z'));
    server.handle = () => ({ status: 403, body: restricted });
    const error = await fdo.history('E0', new Date('2026-02-01T00:00:00Z')).catch((e: unknown) => e);

    // Assess
    expect(history).toEqual([]);
    expect(error).toBeInstanceOf(ProviderRejectedError);
  });
});

describe('parseWaitMs', () => {
  it('reads the seconds of the rate-limit message', () => {
    expect(parseWaitMs('You reached your request limit. Wait 48 seconds.')).toBe(48_000);
    expect(parseWaitMs('You reached your request limit. Wait 1 minute.')).toBe(60_000);
    expect(parseWaitMs('Too many requests')).toBeUndefined();
  });
});
