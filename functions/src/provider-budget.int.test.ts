// The provider calls the pipeline makes per league, counted against stand-ins that answer in the
// providers' recorded shapes (football-data.org: functions/src/testing/football-data-world.ts; The
// Odds API: an empty event list with its quota headers). docs/providers.md "Budgets" turns these
// counts into the plans a deployment needs; this test fails when a change makes a run costlier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProviderServer, type RecordedRequest } from '@app/adapters/http/testing/fake-provider-server';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { footballDataWorld } from './testing/football-data-world.ts';
import { startHttpStack, type TestClient } from './testing/http-harness.ts';

/** Upper bounds per league, documented in docs/providers.md (football-data.org calls; The Odds API calls). */
export const FIRST_GENERATION_FDO_CALLS = 8;
export const DAILY_GENERATION_FDO_CALLS = 1;
export const RESULTS_RUN_FDO_CALLS = 1;
export const GENERATION_ODDS_CALLS = 1;

const clock = fixedClock('2026-11-22T05:00:00Z');
const world = footballDataWorld(clock.now().getTime());
const fdo = new FakeProviderServer();
fdo.handle = (req: RecordedRequest) => world.handle(req);
const odds = new FakeProviderServer();
odds.handle = () => ({ body: [], headers: { 'x-requests-remaining': '496', 'x-requests-used': '4', 'x-requests-last': '4' } });

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;
beforeAll(async () => {
  await Promise.all([fdo.start(), odds.start()]);
  stack = await startHttpStack(
    { FOOTBALL_DATA_ORG_TOKEN: 'test-token', FOOTBALL_DATA_ORG_BASE_URL: fdo.url, ODDS_API_KEY: 'test-key', ODDS_API_BASE_URL: odds.url },
    { clock },
  );
  admin = await stack.adminClient();
}, 120_000);
afterAll(async () => {
  await stack.close();
  await Promise.all([fdo.stop(), odds.stop()]);
});

/** Runs a job through the admin API and counts the calls it made to each provider, for the Premier League (PL, soccer_epl). */
async function calls(path: string): Promise<{ fdo: number; odds: number; status: string; done: number }> {
  const [fdoBefore, oddsBefore] = [fdo.requests.length, odds.requests.length];
  const res = await admin.post(path);
  expect(res.status).toBe(202);
  await stack.queue.drain();
  const job = (await admin.get(`/api/admin/jobs/${res.json.jobId}`)).json as { status: string; done: number };
  return {
    fdo: fdo.requests.slice(fdoBefore).filter((r) => r.path === '/competitions/PL/matches').length,
    odds: odds.requests.slice(oddsBefore).filter((r) => r.path.startsWith('/v4/sports/soccer_epl/')).length,
    status: job.status,
    done: job.done,
  };
}

describe('provider calls per league', () => {
  it('a first generation (history, 30-day backfill, week ahead), the next day\'s generation and a results run stay within the documented budget', async () => {
    const first = await calls('/api/admin/generate-daily-predictions');
    clock.advance(DAY_MS);
    const daily = await calls('/api/admin/generate-daily-predictions');
    clock.advance(30 * 60_000);
    const results = await calls('/api/admin/fetch-match-results');

    // The measured figures, for docs/providers.md.
    console.info(`provider calls per league: first generation ${first.fdo} football-data.org + ${first.odds} The Odds API; daily generation ${daily.fdo} + ${daily.odds}; results run ${results.fdo} + ${results.odds}`);
    for (const run of [first, daily, results]) expect(run).toMatchObject({ status: 'done' });
    expect(first.done).toBeGreaterThan(0);
    expect(first.fdo).toBeGreaterThan(daily.fdo);
    expect(first.fdo).toBeLessThanOrEqual(FIRST_GENERATION_FDO_CALLS);
    expect(daily.fdo).toBeLessThanOrEqual(DAILY_GENERATION_FDO_CALLS);
    expect(results.fdo).toBeLessThanOrEqual(RESULTS_RUN_FDO_CALLS);
    expect(first.odds).toBeLessThanOrEqual(GENERATION_ODDS_CALLS);
    expect(daily.odds).toBeLessThanOrEqual(GENERATION_ODDS_CALLS);
    expect(results.odds).toBe(0);
  }, 300_000);
});
