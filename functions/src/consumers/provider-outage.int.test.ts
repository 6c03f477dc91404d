// The football data provider fails in each way it can: down (5xx), a malformed answer, the day's
// quota spent, its statistics unavailable. Each time the job reports it (the run's counters, the
// task's summary, a log line), the predictions already published stay, and nothing is lost: the
// next run does what this one could not. The scenarios run in order on one stack.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { FakeProviderServer, type RecordedRequest, type ScriptedResponse } from '@app/adapters/http/testing/fake-provider-server';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { logger } from '@app/platform/logger';
import { apiFootballWorld } from '../../test/api-football-world.ts';
import { startHttpStack, type TestClient } from '../../test/http-harness.ts';

/** The stack and the provider's world run on this clock (no test reads the wall clock). */
const clock = fixedClock('2026-11-22T12:00:00Z');
const world = apiFootballWorld(clock.now().getTime(), () => clock.now().getTime());

/** How the stand-in answers instead of serving the world, per request. */
let hold: (req: RecordedRequest, leagueId: string) => ScriptedResponse | undefined = () => undefined;
const apiFootball = new FakeProviderServer();
apiFootball.handle = (req) => world.handle(req, (leagueId) => hold(req, leagueId));

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;
let jobs: DynamoJobRepository;
beforeAll(async () => {
  await apiFootball.start();
  stack = await startHttpStack({ API_FOOTBALL_KEY: 'test-key', API_FOOTBALL_BASE_URL: apiFootball.url, LOCAL_QUEUE_VISIBILITY_SECONDS: '0' }, { clock });
  jobs = new DynamoJobRepository(stack.table.doc, stack.table.tableName);
  admin = await stack.adminClient();
}, 120_000);
afterAll(async () => {
  await stack.close();
  await apiFootball.stop();
});

/** Runs a job through the admin API; its public status, its tasks (summaries included) and the log lines it wrote. */
async function run(path: '/api/admin/generate-daily-predictions' | '/api/admin/fetch-match-results') {
  const logged = vi.spyOn(logger, 'info');
  try {
    const jobId = (await admin.post(path)).json.jobId as string;
    await stack.queue.drain();
    const status = (await admin.get(`/api/admin/jobs/${jobId}`)).json as { status: string; done: number; failed: number };
    const tasks = Object.fromEntries((await jobs.tasks(jobId)).map((t) => [t.key, t]));
    return { status, tasks, logs: logged.mock.calls.map(([message, detail]) => `${message} ${JSON.stringify(detail)}`) };
  } finally {
    logged.mockRestore();
  }
}

const predictions = async () => (await stack.client().get('/api/predictions')).json as Array<{ id: string; leagueId: string }>;
const requestsFor = (league: string) => apiFootball.requests.filter((r) => r.query.get('league') === league).length;

describe('a football data provider outage', () => {
  let published: Set<string>;

  it('a first generation publishes both leagues; the leagues outside the plan are refused at once', async () => {
    const first = await run('/api/admin/generate-daily-predictions');
    expect(first.status).toMatchObject({ status: 'done', done: 2 });
    expect(first.tasks.E0).toMatchObject({ status: 'done', attempts: 1 });
    expect(first.tasks.I1).toMatchObject({ status: 'failed', attempts: 1, detail: expect.stringMatching(/not available on this plan/) });
    const listed = await predictions();
    expect(new Set(listed.map((p) => p.leagueId))).toEqual(new Set(['E0', 'SP1']));
    published = new Set(listed.map((p) => p.id));
  }, 120_000);

  it('down: retries with backoff, then fails only that league; the other league finishes and the published predictions stay', async () => {
    hold = (_req, leagueId) => (leagueId === 'SP1' ? { status: 503, body: { message: 'Service Unavailable' } } : undefined);
    const before = requestsFor('140');

    const down = await run('/api/admin/generate-daily-predictions');

    expect(down.status).toMatchObject({ status: 'done', done: 1 });
    expect(down.tasks.SP1).toMatchObject({
      status: 'failed',
      attempts: 5,
      detail: expect.stringMatching(/api-football: server error: Service Unavailable \(HTTP 503\) after 4 attempts/),
    });
    // Every delivery retried the call with backoff: more than one request per delivery, five deliveries.
    expect(requestsFor('140') - before).toBe(20);
    expect(down.logs.some((line) => line.startsWith('Task failed for good') && line.includes('SP1'))).toBe(true);
    const ids = new Set((await predictions()).map((p) => p.id));
    expect([...published].filter((id) => !ids.has(id))).toEqual([]);
  }, 300_000);

  it('a malformed answer (200 without a response list) is an outage, not an empty league: nothing is deleted', async () => {
    hold = (_req, leagueId) => (leagueId === 'SP1' ? { body: { get: 'fixtures', errors: [], response: null } } : undefined);

    const malformed = await run('/api/admin/fetch-match-results');

    expect(malformed.status).toMatchObject({ status: 'done', done: 1 });
    expect(malformed.tasks.SP1).toMatchObject({
      status: 'failed',
      attempts: 5,
      detail: expect.stringMatching(/unexpected payload from \/fixtures: no response list/),
    });
    const ids = new Set((await predictions()).map((p) => p.id));
    expect([...published].filter((id) => !ids.has(id))).toEqual([]);
  }, 120_000);

  it("the day's quota spent (an error with HTTP 200): every league stops at once, no call is made again that day, and the next day's run works", async () => {
    hold = () => ({
      body: {
        get: 'fixtures',
        parameters: {},
        errors: { requests: 'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.' },
        results: 0,
        response: [],
      },
    });
    const callsBefore = apiFootball.requests.length;

    const spent = await run('/api/admin/generate-daily-predictions');
    const callsWhileSpent = apiFootball.requests.length - callsBefore;
    const again = await run('/api/admin/fetch-match-results');

    expect(spent.status).toMatchObject({ status: 'failed', done: 0, failed: 10 });
    expect(Object.values(spent.tasks).every((t) => t.attempts === 1)).toBe(true);
    expect(spent.tasks.E0!.detail).toMatch(
      /daily request quota spent \(You have reached the request limit for the day.*no call before 2026-11-23T00:00:00.000Z/,
    );
    expect(spent.logs.some((line) => line.startsWith('Task failed for good') && line.includes('daily request quota spent'))).toBe(true);
    // The first answer said the quota was spent (two tasks run at a time); after it nobody was asked, the results run included.
    expect(callsWhileSpent).toBeGreaterThanOrEqual(1);
    expect(callsWhileSpent).toBeLessThanOrEqual(2);
    expect(apiFootball.requests.length - callsBefore).toBe(callsWhileSpent);
    expect(again.status).toMatchObject({ status: 'failed', done: 0 });
    const ids = new Set((await predictions()).map((p) => p.id));
    expect([...published].filter((id) => !ids.has(id))).toEqual([]);

    hold = () => undefined;
    clock.advance(DAY_MS);
    const nextDay = await run('/api/admin/generate-daily-predictions');
    expect(nextDay.status).toMatchObject({ status: 'done', done: 2 });
  }, 120_000);

  it('statistics unavailable: results settle, the run says the matches wait for their statistics, and the next run adds them to the history', async () => {
    hold = (req) => (req.query.has('ids') ? { status: 503, body: { message: 'Service Unavailable' } } : undefined);
    clock.advance(2 * DAY_MS);

    const waiting = await run('/api/admin/fetch-match-results');
    hold = () => undefined;
    const recovered = await run('/api/admin/fetch-match-results');

    expect(waiting.status).toMatchObject({ status: 'done', done: 2 });
    expect(waiting.tasks.E0!.detail).toMatch(
      /^[1-9]\d* settled, 0 voided, 0 added to history, [1-9]\d* waiting for match statistics \(api-football: server error/,
    );
    expect(waiting.logs.some((line) => line.startsWith('Match statistics unavailable') && line.includes('"leagueId":"E0"'))).toBe(true);
    const waited = Number(/(\d+) waiting/.exec(waiting.tasks.E0!.detail!)![1]);
    expect(recovered.tasks.E0!.detail).toMatch(new RegExp(`^0 settled, 0 voided, ${waited} added to history; season (simulation unchanged|\\S+ simulated)`));
  }, 300_000);
});
