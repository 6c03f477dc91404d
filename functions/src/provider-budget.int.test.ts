// The provider calls the pipeline makes per league, counted against stand-ins that answer in the
// providers' recorded shapes (API-Football: functions/test/api-football-world.ts; The Odds
// API: an empty event list with its quota headers). docs/providers.md "Budgets" turns these counts
// into the plans a deployment needs; this test fails when a change makes a run costlier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProviderServer, type RecordedRequest } from '@app/adapters/http/testing/fake-provider-server';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { apiFootballWorld } from '../test/api-football-world.ts';
import { startHttpStack, type TestClient } from '../test/http-harness.ts';

/**
 * Upper bounds per league, documented in docs/providers.md (API-Football calls; The Odds API
 * calls). In this world the first generation reads four seasons (4 calls), the statistics of
 * their 110 played matches twenty per call (6), the backfill's fixtures (1) and the season
 * simulation's fixtures (2: its window reaches into the next season).
 */
export const FIRST_GENERATION_API_FOOTBALL_CALLS = 13;
/** The week ahead (1), and the season simulation after the refit (2). */
export const DAILY_GENERATION_API_FOOTBALL_CALLS = 3;
/**
 * The fixtures of the last three days, the statistics of the matches finished since the last run,
 * and the season simulation's fixtures when those matches joined the history (2).
 */
export const RESULTS_RUN_API_FOOTBALL_CALLS = 4;
export const GENERATION_ODDS_CALLS = 1;

const clock = fixedClock('2026-11-22T05:00:00Z');
const world = apiFootballWorld(clock.now().getTime(), () => clock.now().getTime());
const apiFootball = new FakeProviderServer();
apiFootball.handle = (req: RecordedRequest) => world.handle(req);
const odds = new FakeProviderServer();
odds.handle = () => ({ body: [], headers: { 'x-requests-remaining': '496', 'x-requests-used': '4', 'x-requests-last': '4' } });

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;
beforeAll(async () => {
  await Promise.all([apiFootball.start(), odds.start()]);
  stack = await startHttpStack(
    { API_FOOTBALL_KEY: 'test-key', API_FOOTBALL_BASE_URL: apiFootball.url, ODDS_API_KEY: 'test-key', ODDS_API_BASE_URL: odds.url },
    { clock },
  );
  admin = await stack.adminClient();
}, 120_000);
afterAll(async () => {
  await stack.close();
  await Promise.all([apiFootball.stop(), odds.stop()]);
});

/** Premier League fixtures in a `ids=` request (the world numbers them from 1000 x season). */
const premierLeagueIds = (req: RecordedRequest) => (req.query.get('ids') ?? '').split('-').some((id) => Number(id) % 1000 <= 500);

/** Runs a job through the admin API and counts the calls it made to each provider, for the Premier League (39, soccer_epl). */
async function calls(path: string): Promise<{ apiFootball: number; odds: number; oddsAll: number; status: string; done: number }> {
  const [apiFootballBefore, oddsBefore] = [apiFootball.requests.length, odds.requests.length];
  const res = await admin.post(path);
  expect(res.status).toBe(202);
  await stack.queue.drain();
  const job = (await admin.get(`/api/admin/jobs/${res.json.jobId}`)).json as { status: string; done: number };
  return {
    apiFootball: apiFootball.requests.slice(apiFootballBefore).filter((r) => r.query.get('league') === '39' || (r.query.has('ids') && premierLeagueIds(r)))
      .length,
    odds: odds.requests.slice(oddsBefore).filter((r) => r.path.startsWith('/v4/sports/soccer_epl/')).length,
    oddsAll: odds.requests.length - oddsBefore,
    status: job.status,
    done: job.done,
  };
}

describe('provider calls per league', () => {
  it("a first generation (history, 30-day backfill, week ahead), the next day's generation and a results run stay within the documented budget", async () => {
    const first = await calls('/api/admin/generate-daily-predictions');
    clock.advance(DAY_MS);
    const daily = await calls('/api/admin/generate-daily-predictions');
    clock.advance(30 * 60_000);
    const results = await calls('/api/admin/fetch-match-results');

    // The measured figures, for docs/providers.md.
    console.info(
      `provider calls per league: first generation ${first.apiFootball} API-Football + ${first.odds} The Odds API; daily generation ${daily.apiFootball} + ${daily.odds}; results run ${results.apiFootball} + ${results.odds}`,
    );
    for (const run of [first, daily]) expect(run).toMatchObject({ done: 2 });
    // A results run with an odds key has a third task, the flag-only leagues' results
    // (docs/decisions/0297-results-for-flag-only-leagues.md): with no flag-only record waiting it asks nothing.
    expect(results).toMatchObject({ done: 3 });
    expect(results.oddsAll).toBe(0);
    expect(first.apiFootball).toBeGreaterThan(daily.apiFootball);
    expect(first.apiFootball).toBeLessThanOrEqual(FIRST_GENERATION_API_FOOTBALL_CALLS);
    expect(daily.apiFootball).toBeLessThanOrEqual(DAILY_GENERATION_API_FOOTBALL_CALLS);
    expect(results.apiFootball).toBeLessThanOrEqual(RESULTS_RUN_API_FOOTBALL_CALLS);
    expect(first.odds).toBeLessThanOrEqual(GENERATION_ODDS_CALLS);
    expect(daily.odds).toBeLessThanOrEqual(GENERATION_ODDS_CALLS);
    expect(results.odds).toBe(0);
  }, 300_000);
});
