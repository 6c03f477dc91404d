import { oddsApiCreditsMetric } from './credits-metric.ts';
import type { ProviderFixture } from '@app/core/pipeline/providers';
import { ProviderRejectedError } from '@app/core/pipeline/providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeProviderServer, virtualTime } from '../http/testing/fake-provider-server.ts';
import { OddsApiCircuitOpenError, TheOddsApiProvider, type OddsApiQuota, type TheOddsApiProviderOptions } from './the-odds-api-provider.ts';
import { event, eventNotFound, frequencyLimit, invalidMarket, outOfCredits, quotaHeaders, scoreEvent } from './testing/payloads.ts';
import { FEED_LEAGUE, FEED_NOW, feedResultsContract } from '@app/core/testing/feed-results.contract';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await new FakeProviderServer().start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

function provider(extra: Partial<TheOddsApiProviderOptions> = {}) {
  const time = virtualTime('2024-08-18T09:00:00Z');
  const odds = new TheOddsApiProvider({ apiKey: 'key-1', host: server.url, now: time.now, http: { sleep: time.sleep, random: () => 0.5 }, ...extra });
  return { odds, time };
}

const fixture = (id: string, home: string, away: string, kickoff: string): ProviderFixture => ({
  id,
  leagueId: 'E0',
  season: '2024-25',
  kickoff,
  homeTeam: home,
  awayTeam: away,
  status: 'scheduled',
});
const leicesterSpurs = fixture('fdo-1', 'Leicester', 'Tottenham', '2024-08-19T19:00:00.000Z');
const brightonUnited = fixture('fdo-2', 'Brighton', 'Man United', '2024-08-24T11:30:00.000Z');

const route = (odds: unknown, alternate: (eventId: string) => { status?: number; body: unknown } = () => ({ status: 404, body: eventNotFound })) => {
  server.handle = (req) => {
    const alt = /^\/v4\/sports\/soccer_epl\/events\/([^/]+)\/odds$/.exec(req.path);
    if (alt) return alternate(alt[1]!);
    if (req.path === '/v4/sports/soccer_epl/odds') return { body: odds, headers: quotaHeaders(480, 20, 2) };
    return { status: 404, body: { message: 'Unknown sport', error_code: 'UNKNOWN_SPORT' } };
  };
};

describe('TheOddsApiProvider: prices', () => {
  it("matches shuffled h2h outcomes by name and takes best and average across bookmakers, and Pinnacle's own as sharp", async () => {
    // Prepare
    route([
      event({
        id: 'e1',
        commence: '2024-08-19T19:00:00Z',
        home: 'Leicester City',
        away: 'Tottenham Hotspur',
        bookmakers: [
          { key: 'pinnacle', h2h: [5.0, 4.2, 1.6], order: ['away', 'draw', 'home'], totals: [{ point: 2.5, over: 1.95, under: 1.91 }] },
          { key: 'betfair', h2h: [5.5, 4.0, 1.62], order: ['draw', 'home', 'away'], totals: [{ point: 2.5, over: 1.9, under: 1.97 }] },
        ],
      }),
    ]);
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs]);

    // Assess
    expect(result.get('fdo-1')).toEqual({
      best: { home: 5.5, draw: 4.2, away: 1.62, over25: 1.95, under25: 1.97 },
      // The bookmaker of each best price (the first listed on a tie): the card names it.
      bestBookmakers: { home: 'betfair', draw: 'pinnacle', away: 'betfair', over25: 'pinnacle', under25: 'betfair' },
      average: { home: 5.25, draw: 4.1, away: 1.61, over25: 1.925, under25: 1.94 },
      sharp: { home: 5.0, draw: 4.2, away: 1.6, over25: 1.95, under25: 1.91 },
      // every bookmaker's own prices, with its own update time: what value flags read
      quotes: [
        { key: 'pinnacle', name: 'pinnacle', updatedAt: '2024-08-19T08:26:02.000Z', prices: { home: 5.0, draw: 4.2, away: 1.6, over25: 1.95, under25: 1.91 } },
        { key: 'betfair', name: 'betfair', updatedAt: '2024-08-19T08:26:02.000Z', prices: { home: 5.5, draw: 4.0, away: 1.62, over25: 1.9, under25: 1.97 } },
      ],
      capturedAt: '2024-08-18T09:00:00.000Z',
    });
    const q = server.requests[0]!.query;
    expect(server.requests[0]!.path).toBe('/v4/sports/soccer_epl/odds');
    expect(Object.fromEntries(q)).toEqual({
      apiKey: 'key-1',
      regions: 'uk,eu',
      markets: 'h2h,totals',
      oddsFormat: 'decimal',
      dateFormat: 'iso',
      commenceTimeFrom: '2024-08-19T16:00:00Z',
      commenceTimeTo: '2024-08-19T22:00:00Z',
    });
    expect(server.requests).toHaveLength(1);
  });

  it("scans the named bookmakers only (one region's cost, no alternate-totals call), each quote as old as its stalest market", async () => {
    // Prepare
    route([
      event({
        id: 'e1',
        commence: '2024-08-19T19:00:00Z',
        home: 'Leicester City',
        away: 'Tottenham Hotspur',
        bookmakers: [
          {
            key: 'williamhill',
            title: 'William Hill',
            h2h: [5.2, 4.0, 1.6],
            totals: [{ point: 2.25, over: 1.8, under: 2.05 }],
            lastUpdate: '2024-08-18T08:59:00Z',
            h2hLastUpdate: '2024-08-18T08:40:00Z',
          },
        ],
      }),
    ]);
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs], { bookmakers: ['williamhill', 'pinnacle'] });

    // Assess
    expect(result.get('fdo-1')?.quotes).toEqual([
      { key: 'williamhill', name: 'William Hill', updatedAt: '2024-08-18T08:40:00.000Z', prices: { home: 5.2, draw: 4.0, away: 1.6 } },
    ]);
    expect(Object.fromEntries(server.requests[0]!.query)).toMatchObject({ bookmakers: 'williamhill,pinnacle', markets: 'h2h,totals' });
    expect(server.requests[0]!.query.has('regions')).toBe(false);
    expect(server.requests).toHaveLength(1);
    // a scan that flags 1X2 alone asks for it alone: one credit a call instead of two
    await odds.odds('E0', [leicesterSpurs], { bookmakers: ['williamhill', 'pinnacle'], markets: ['h2h'] });
    expect(server.requests[1]!.query.get('markets')).toBe('h2h');
  });

  it('asks the event’s alternate_totals when the featured totals only have 2.25, and takes the 2.5 line there', async () => {
    // Prepare
    route(
      [
        event({
          id: 'e1',
          commence: '2024-08-19T19:00:00Z',
          home: 'Leicester City',
          away: 'Tottenham Hotspur',
          bookmakers: [{ key: 'pinnacle', h2h: [5, 4.2, 1.6], totals: [{ point: 2.25, over: 1.8, under: 2.05 }] }],
        }),
      ],
      (id) => ({
        body: event({
          id,
          commence: '2024-08-19T19:00:00Z',
          home: 'Leicester City',
          away: 'Tottenham Hotspur',
          bookmakers: [
            {
              key: 'pinnacle',
              totalsKey: 'alternate_totals',
              totals: [
                { point: 2.0, over: 1.6, under: 2.3 },
                { point: 2.5, over: 2.02, under: 1.84 },
                { point: 3.0, over: 2.6, under: 1.5 },
              ],
            },
            { key: 'unibet', totalsKey: 'alternate_totals', totals: [{ point: 2.5, over: 1.98, under: 1.86 }] },
          ],
        }),
      }),
    );
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs]);

    // Assess
    expect(server.requests.map((r) => r.path)).toEqual(['/v4/sports/soccer_epl/odds', '/v4/sports/soccer_epl/events/e1/odds']);
    expect(server.requests[1]!.query.get('markets')).toBe('alternate_totals');
    expect(result.get('fdo-1')!.best).toMatchObject({ over25: 2.02, under25: 1.86 });
    expect(result.get('fdo-1')!.average).toMatchObject({ over25: 2, under25: 1.85 });
    expect(result.get('fdo-1')!.sharp).toEqual({ home: 5, draw: 4.2, away: 1.6, over25: 2.02, under25: 1.84 });
  });

  it('gives no O/U price when neither the featured nor the alternate totals have a 2.5 line', async () => {
    // Prepare
    route(
      [
        event({
          id: 'e1',
          commence: '2024-08-19T19:00:00Z',
          home: 'Leicester City',
          away: 'Tottenham Hotspur',
          bookmakers: [{ key: 'pinnacle', h2h: [5, 4.2, 1.6], totals: [{ point: 2.25, over: 1.8, under: 2.05 }] }],
        }),
      ],
      (id) => ({
        body: event({
          id,
          commence: '2024-08-19T19:00:00Z',
          home: 'Leicester City',
          away: 'Tottenham Hotspur',
          bookmakers: [{ key: 'pinnacle', totalsKey: 'alternate_totals', totals: [{ point: 2.75, over: 2.2, under: 1.7 }] }],
        }),
      }),
    );
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs]);

    // Assess
    expect(result.get('fdo-1')!.best).toEqual({ home: 5, draw: 4.2, away: 1.6 });
    expect(result.get('fdo-1')!.average).not.toHaveProperty('over25');
  });

  it('keeps the 1X2 prices and the other events when one alternate_totals call finds no event', async () => {
    // Prepare
    route(
      [
        event({
          id: 'gone',
          commence: '2024-08-19T19:00:00Z',
          home: 'Leicester City',
          away: 'Tottenham Hotspur',
          bookmakers: [{ key: 'a', h2h: [5, 4.2, 1.6] }],
        }),
        event({
          id: 'e2',
          commence: '2024-08-24T11:30:00Z',
          home: 'Brighton and Hove Albion',
          away: 'Manchester United',
          bookmakers: [{ key: 'a', h2h: [2.4, 3.75, 2.6] }],
        }),
      ],
      (id) =>
        id === 'gone'
          ? { status: 404, body: eventNotFound }
          : {
              body: event({
                id,
                commence: '2024-08-24T11:30:00Z',
                home: 'Brighton and Hove Albion',
                away: 'Manchester United',
                bookmakers: [{ key: 'a', totalsKey: 'alternate_totals', totals: [{ point: 2.5, over: 1.7, under: 2.1 }] }],
              }),
            },
    );
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs, brightonUnited]);

    // Assess
    expect(result.get('fdo-1')!.best).toEqual({ home: 5, draw: 4.2, away: 1.6 });
    expect(result.get('fdo-2')!.best).toEqual({ home: 2.4, draw: 3.75, away: 2.6, over25: 1.7, under25: 2.1 });
  });

  it('joins events through the alias table within the kickoff window only', async () => {
    // Prepare
    route([
      event({
        id: 'e2',
        commence: '2024-08-24T11:30:00Z',
        home: 'Brighton and Hove Albion',
        away: 'Manchester United',
        bookmakers: [{ key: 'a', h2h: [2.4, 3.75, 2.6], totals: [{ point: 2.5, over: 1.7, under: 2.1 }] }],
      }),
      event({ id: 'e3', commence: '2024-08-19T23:30:00Z', home: 'Leicester City', away: 'Tottenham Hotspur', bookmakers: [{ key: 'a', h2h: [5, 4.2, 1.6] }] }),
      event({ id: 'e4', commence: '2024-08-24T14:00:00Z', home: 'Crystal Palace', away: 'West Ham United', bookmakers: [{ key: 'a', h2h: [2.2, 3.4, 3.1] }] }),
    ]);
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs, brightonUnited]);

    // Assess: e3 starts 4.5 h after our kickoff, e4 is not one of our fixtures
    expect([...result.keys()]).toEqual(['fdo-2']);
  });

  it('joins a club the alias table does not know when the spellings are close', async () => {
    // Prepare
    route([
      event({
        id: 'e9',
        commence: '2024-08-24T14:00:00Z',
        home: 'Harbourside Athletic',
        away: 'Kidderminster Harriers',
        bookmakers: [{ key: 'a', h2h: [2.2, 3.4, 3.1] }],
      }),
    ]);
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [fixture('x-1', 'Harbourside Athletic FC', 'Kidderminster', '2024-08-24T14:00:00.000Z')]);

    // Assess
    expect(result.has('x-1')).toBe(true);
  });

  it('asks nothing for a league without a sport key, without fixtures or with kicked-off fixtures only', async () => {
    const { odds } = provider();
    expect((await odds.odds('SC3', [leicesterSpurs])).size).toBe(0);
    expect((await odds.odds('E0', [])).size).toBe(0);
    expect((await odds.odds('E0', [{ ...leicesterSpurs, kickoff: '2024-08-18T08:00:00.000Z' }])).size).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe('TheOddsApiProvider: the fixture list (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', () => {
  it("lists a league's events as fixtures from the free /events call, skipping an event without its teams or time", async () => {
    server.handle = (req) =>
      req.path === '/v4/sports/soccer_austria_bundesliga/events'
        ? {
            body: [
              { id: 'ab12', sport_key: 'soccer_austria_bundesliga', commence_time: '2024-08-18T15:00:00Z', home_team: 'Sturm Graz', away_team: 'Rapid Wien' },
              { id: 'cd34', commence_time: '2024-08-18T17:00:00Z', home_team: 'LASK' },
            ],
            headers: quotaHeaders(480, 20, 0),
          }
        : { status: 404, body: { message: 'Unknown sport', error_code: 'UNKNOWN_SPORT' } };
    const { odds } = provider();
    const listed = await odds.events('AUT', new Date('2024-08-18T09:00:00Z'), new Date('2024-08-21T09:00:00Z'));
    expect(listed).toEqual([
      {
        id: 'toa-ab12',
        leagueId: 'AUT',
        season: '2024-25',
        kickoff: '2024-08-18T15:00:00.000Z',
        homeTeam: 'Sturm Graz',
        awayTeam: 'Rapid Wien',
        status: 'scheduled',
      },
    ]);
    expect(Object.fromEntries(server.requests[0]!.query)).toMatchObject({ commenceTimeFrom: '2024-08-18T09:00:00Z', commenceTimeTo: '2024-08-21T09:00:00Z' });
    // a league the feed has no key for is not asked
    expect(await odds.events('SC3', new Date('2024-08-18T09:00:00Z'), new Date('2024-08-21T09:00:00Z'))).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

// The results of the flag-only leagues (docs/decisions/0297-results-for-flag-only-leagues.md): the contract the fake
// in core passes, against this fake of the API's /scores.
feedResultsContract('The Odds API /scores', async (events) => {
  let failure: 'down' | 'refused' | undefined;
  server.handle = (req) => {
    if (failure === 'down') return { status: 503, body: { message: 'Service unavailable' } };
    if (failure === 'refused') return { status: 401, body: outOfCredits, headers: quotaHeaders(0, 500, 0) };
    if (req.path !== '/v4/sports/soccer_austria_bundesliga/scores') return { status: 404, body: { message: 'Unknown sport', error_code: 'UNKNOWN_SPORT' } };
    // the API's window is its own business: every event is answered, the adapter keeps the ones asked for
    return { body: events.map((e) => scoreEvent(e)), headers: quotaHeaders(478, 22, 2) };
  };
  const time = virtualTime(FEED_NOW.toISOString());
  const results = new TheOddsApiProvider({ apiKey: 'key-1', host: server.url, now: time.now, http: { sleep: time.sleep, random: () => 0.5 } });
  return { results, calls: () => server.requests.length, fail: (how) => void (failure = how) };
});

describe('TheOddsApiProvider: the results of the flag-only leagues', () => {
  it('asks /scores with daysFrom (2 credits, accounted), reads each score by team name, and keeps a completed event without both scores live', async () => {
    const seen: OddsApiQuota[] = [];
    server.handle = () => ({
      body: [
        scoreEvent(
          { id: 'toa-a', kickoff: '2026-11-21T15:00:00Z', homeTeam: 'Sturm Graz', awayTeam: 'Rapid Wien', score: { home: 0, away: 3 } },
          { reversed: true },
        ),
        {
          ...scoreEvent({ id: 'toa-b', kickoff: '2026-11-21T17:00:00Z', homeTeam: 'LASK', awayTeam: 'Austria Wien' }),
          completed: true,
          scores: [{ name: 'LASK', score: '1' }],
        },
        { id: 'toa-c', commence_time: 'not a time', completed: true },
      ],
      headers: quotaHeaders(476, 24, 2),
    });
    const time = virtualTime(FEED_NOW.toISOString());
    const feed = new TheOddsApiProvider({ apiKey: 'key-1', host: server.url, now: time.now, onQuota: (q) => seen.push(q), http: { sleep: time.sleep } });
    const got = await feed.results(FEED_LEAGUE, 2);
    expect(got.map((f) => [f.id, f.season, f.status, f.score])).toEqual([
      ['toa-a', '2026-27', 'finished', { home: 0, away: 3 }],
      ['toa-b', '2026-27', 'live', undefined],
    ]);
    expect(server.requests[0]!.path).toBe('/v4/sports/soccer_austria_bundesliga/scores');
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ apiKey: 'key-1', daysFrom: '2', dateFormat: 'iso' });
    expect(seen.map((q) => q.last)).toEqual([2]);
    // never more than the API's three days back
    await feed.results(FEED_LEAGUE, 5);
    expect(server.requests[1]!.query.get('daysFrom')).toBe('3');
  });
});

describe('TheOddsApiProvider: malformed payloads', () => {
  it('skips a bookmaker, market or outcome of the wrong shape and keeps the rest of the event', async () => {
    // Prepare
    const good = event({
      id: 'e1',
      commence: '2024-08-19T19:00:00Z',
      home: 'Leicester City',
      away: 'Tottenham Hotspur',
      bookmakers: [{ key: 'a', h2h: [5, 4.2, 1.6], totals: [{ point: 2.5, over: 2, under: 1.8 }] }],
    });
    const bookmakers = (good as { bookmakers: unknown[] }).bookmakers;
    route([
      {
        ...good,
        bookmakers: [
          ...bookmakers,
          'not a bookmaker',
          { key: 'b', markets: 'none' },
          {
            key: 'c',
            markets: [
              {
                key: 'h2h',
                outcomes: [
                  { name: 'Leicester City', price: '9.5' },
                  { name: 'Draw', price: 9 },
                  { name: 'Tottenham Hotspur', price: 9 },
                ],
              },
            ],
          },
        ],
      },
      { id: 42, commence_time: null },
    ]);
    const { odds } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs]);

    // Assess
    expect(result.get('fdo-1')).toMatchObject({ best: { home: 5, draw: 4.2, away: 1.6, over25: 2, under25: 1.8 } });
  });

  it('answers a 200 that is not a list of events as a provider outage, not as no prices', async () => {
    route({ message: 'maintenance page' });
    const { odds } = provider();
    await expect(odds.odds('E0', [leicesterSpurs])).rejects.toThrow(/unexpected payload.*not a list of events/);
  });
});

describe('TheOddsApiProvider: errors and quota', () => {
  it('opens the circuit on 401 OUT_OF_USAGE_CREDITS and makes no further calls for a while', async () => {
    // Prepare
    server.handle = () => ({ status: 401, body: outOfCredits, headers: quotaHeaders(0, 500, 0) });
    const { odds, time } = provider({ circuitOpenMinutes: 60 });

    // Act
    const first = await odds.odds('E0', [leicesterSpurs]).catch((e: unknown) => e);
    const second = await odds.odds('E0', [leicesterSpurs]).catch((e: unknown) => e);
    const callsWhileOpen = server.requests.length;
    time.advance(61 * 60_000);
    server.handle = () => ({ body: [] });
    const afterwards = await odds.odds('E0', [leicesterSpurs]);

    // Assess
    expect(first).toBeInstanceOf(ProviderRejectedError);
    expect((first as Error).message).toMatch(/OUT_OF_USAGE_CREDITS/);
    expect(second).toBeInstanceOf(OddsApiCircuitOpenError);
    expect(callsWhileOpen).toBe(1);
    expect(afterwards.size).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 429 EXCEEDED_FREQ_LIMIT after a couple of seconds', async () => {
    // Prepare
    server.sequence([
      { status: 429, body: frequencyLimit },
      {
        body: [
          event({
            id: 'e1',
            commence: '2024-08-19T19:00:00Z',
            home: 'Leicester City',
            away: 'Tottenham Hotspur',
            bookmakers: [{ key: 'a', h2h: [5, 4.2, 1.6], totals: [{ point: 2.5, over: 2, under: 1.8 }] }],
          }),
        ],
      },
    ]);
    const { odds, time } = provider();

    // Act
    const result = await odds.odds('E0', [leicesterSpurs]);

    // Assess
    expect(time.waits).toEqual([2000]);
    expect(result.size).toBe(1);
  });

  it('rejects a parameter error (422) and an unknown sport (404) without retrying', async () => {
    // Prepare
    server.handle = () => ({ status: 422, body: invalidMarket });
    const { odds } = provider({ sports: { E0: 'soccer_nowhere' } });

    // Act
    const invalid = await odds.odds('E0', [leicesterSpurs]).catch((e: unknown) => e);
    server.reset();
    const unknown = await odds.odds('E0', [leicesterSpurs]).catch((e: unknown) => e);

    // Assess
    expect(invalid).toBeInstanceOf(ProviderRejectedError);
    expect((invalid as Error).message).toMatch(/INVALID_MARKET/);
    expect(unknown).toBeInstanceOf(ProviderRejectedError);
    expect(unknown).not.toBeInstanceOf(OddsApiCircuitOpenError);
    expect(server.requests).toHaveLength(1);
  });

  it('accounts the quota headers of every call', async () => {
    // Prepare
    const seen: OddsApiQuota[] = [];
    server.sequence([
      { body: [], headers: quotaHeaders(480, 20, 2) },
      { body: [], headers: quotaHeaders(476, 24, 4) },
    ]);
    const { odds } = provider({ onQuota: (q) => seen.push(q) });

    // Act
    await odds.odds('E0', [leicesterSpurs]);
    await odds.odds('E1', [leicesterSpurs]);

    // Assess
    expect(odds.quota).toEqual({ remaining: 476, used: 24, last: 4, spentByThisProcess: 6, updatedAt: '2024-08-18T09:00:00.000Z' });
    expect(seen.map((q) => q.remaining)).toEqual([480, 476]);
    // Each becomes an EMF log line CloudWatch turns into the credits metric infra alarms on.
    expect(oddsApiCreditsMetric(seen[1]!, 'FootballPredictions/fp-prod')).toEqual({
      _aws: {
        Timestamp: Date.parse('2024-08-18T09:00:00.000Z'),
        CloudWatchMetrics: [{ Namespace: 'FootballPredictions/fp-prod', Dimensions: [[]], Metrics: [{ Name: 'OddsApiCreditsRemaining', Unit: 'Count' }] }],
      },
      OddsApiCreditsRemaining: 476,
    });
    expect(oddsApiCreditsMetric({ spentByThisProcess: 0, updatedAt: '2024-08-18T09:00:00.000Z' }, 'n')).toBeUndefined();
  });
});
