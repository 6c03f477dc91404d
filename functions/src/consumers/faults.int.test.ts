// Fault injection on the real pipeline: DynamoDB Local, the local queue with SQS semantics, the
// real consumers and an API-Football stand-in. Each scenario ends with the books closed:
// no run left queued or running, every fixture predicted exactly once, every result settled
// exactly once, and the stored metrics equal to a recomputation from the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProviderServer, type RecordedRequest, type ScriptedResponse } from '@app/adapters/http/testing/fake-provider-server';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoMetricsRepository } from '@app/adapters/dynamodb/metrics-repository';
import { DynamoLedgerRepository } from '@app/adapters/dynamodb/ledger-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { METRICS_WINDOW_DAYS, trackRecordOf, trendOf, TREND_DAYS } from '@app/core/ledger/record';
import { BACKFILL_DAYS } from '@app/core/pipeline/generation/backfill';
import { UPCOMING_DAYS } from '@app/core/pipeline/generation/fixtures-and-odds';
import type { JobType } from '@app/core/pipeline/ports';
import { jobTimings } from '@app/events/queues';
import { scheduledJobId } from '@app/events/schedules';
import { apiFootballWorld, WORLD_LEAGUES } from '../../test/api-football-world.ts';
import { startHttpStack, type TestClient } from '../../test/http-harness.ts';

/** Seconds a consumer invocation may run here: tasks get this minus the reserve. */
const INVOCATION_SECONDS = 15;
const clock = fixedClock('2026-11-22T12:00:00Z');
const world = apiFootballWorld(clock.now().getTime());

/** Per league: how the stand-in answers instead of serving the world (a hang, an outage). */
const hold = new Map<string, () => ScriptedResponse | undefined>();
const apiFootball = new FakeProviderServer();
apiFootball.handle = (req: RecordedRequest) => world.handle(req, (leagueId) => hold.get(leagueId)?.());

let stack: Awaited<ReturnType<typeof startHttpStack>>;
let admin: TestClient;
let jobs: DynamoJobRepository;
beforeAll(async () => {
  await apiFootball.start();
  stack = await startHttpStack(
    {
      API_FOOTBALL_KEY: 'test-key',
      API_FOOTBALL_BASE_URL: apiFootball.url,
      LOCAL_QUEUE_VISIBILITY_SECONDS: '0',
      LOCAL_QUEUE_TIMEOUT_SECONDS: String(INVOCATION_SECONDS),
    },
    { clock },
  );
  jobs = new DynamoJobRepository(stack.table.doc, stack.table.tableName);
  admin = await stack.adminClient();
}, 120_000);
afterAll(async () => {
  await stack.close();
  await apiFootball.stop();
});

const served = [39, 140] as const;

/** Runs the queue until nothing is visible; the queue and the lease checks run on `clock`. */
const drain = () => stack.queue.drain();

/** Every results run's id. */
async function resultsRuns(): Promise<string[]> {
  return (await jobs.recent('results', 1000)).map((j) => j.id).sort();
}

async function request(type: JobType) {
  return (await stack.composition.jobService()).request(type, 'cli', type === 'metrics' ? [] : [...Object.values(WORLD_LEAGUES)]);
}

/** The books are closed: no unfinished run, one prediction per fixture, one settlement per result, metrics as recomputed. */
async function expectBooksClosed() {
  for (const type of ['generate', 'results', 'metrics'] as const) {
    expect((await jobs.recent(type, 1000)).filter((j) => j.status === 'queued' || j.status === 'running')).toEqual([]);
  }

  const now = clock.now().getTime();
  const predictions = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  const ledger = new DynamoLedgerRepository(stack.table.doc, stack.table.tableName);
  const stored = await predictions.listByKickoff(new Date(now - BACKFILL_DAYS * DAY_MS), new Date(now + UPCOMING_DAYS * DAY_MS));
  const ids = stored.map((p) => p.fixtureId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const league of served) {
    for (const match of world.current(league)) {
      const kickoff = Date.parse(match.fixture.date);
      if (kickoff <= now - BACKFILL_DAYS * DAY_MS || kickoff > now + UPCOMING_DAYS * DAY_MS) continue;
      const prediction = stored.find((p) => p.fixtureId === `af-${match.fixture.id}`);
      expect(prediction, `fixture af-${match.fixture.id} predicted`).toBeDefined();
      if (match.fixture.status.short !== 'FT') continue;
      expect(prediction).toMatchObject({ status: 'settled', result: { home: match.goals.home, away: match.goals.away } });
      const settled = await ledger.listForFixture(prediction!.fixtureId);
      expect(new Set(settled.map((e) => e.id)).size).toBe(settled.length);
      for (const entry of settled) expect(['won', 'lost']).toContain(entry.result);
    }
  }

  const all = await ledger.listByKickoff(new Date(now - (TREND_DAYS + METRICS_WINDOW_DAYS) * DAY_MS), clock.now());
  const metrics = new DynamoMetricsRepository(stack.table.doc, stack.table.tableName);
  expect(await metrics.getLatest()).toEqual(trackRecordOf(all, clock.now()));
  // The trend too: each past day as of its end, on its own basis.
  expect(await metrics.listTrend(TREND_DAYS)).toEqual(trendOf(all, clock.now()));
}

describe('faults in the job pipeline end every run as finished or failed, with nothing lost and nothing done twice', () => {
  it('a provider that hangs past the deadline: the task ends before its invocation, and the redelivery completes it', async () => {
    let hung = 0;
    hold.set('SP1', () => (hung++ === 0 ? { hang: true } : undefined));
    const job = await request('generate');
    await drain();
    hold.clear();

    expect(hung).toBeGreaterThanOrEqual(2);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const tasks = await jobs.tasks(job.id);
    // The hung attempt ended within its budget and was counted; the second one completed the league.
    expect(tasks.find((t) => t.key === 'SP1')).toMatchObject({ status: 'done', attempts: 2 });
    expect(tasks.find((t) => t.key === 'E0')).toMatchObject({ status: 'done', attempts: 1 });
    await expectBooksClosed();
  }, 180_000);

  it('a consumer killed mid-task: its lease expires and the redelivery completes the task', async () => {
    const job = await request('results');
    await stack.queue.deliverOnce('jobs-planner');
    // The consumer took E0's lease, then died without a word.
    expect(await jobs.beginTask(job.id, 'E0', new Date(clock.now().getTime() + jobTimings.taskLeaseMs), clock.now())).toMatchObject({ state: 'started' });
    await stack.queue.deliverOnce('result-ingestion');
    // Under the live lease the task is not started twice: it is still running, its message waits.
    expect((await jobs.tasks(job.id)).find((t) => t.key === 'E0')).toMatchObject({ status: 'running', attempts: 1 });
    expect(stack.queue.depth('result-ingestion')).toBe(2);

    clock.advance(jobTimings.taskLeaseMs + 1);
    await drain();
    expect(await jobs.get(job.id)).toMatchObject({ status: 'done', done: 2, failed: 0 });
    expect((await jobs.tasks(job.id)).find((t) => t.key === 'E0')).toMatchObject({ status: 'done', attempts: 2 });
    await expectBooksClosed();
  }, 120_000);

  it('the same scheduled message delivered twice joins one run', async () => {
    const scheduledAt = new Date(clock.now().getTime() - 60_000).toISOString();
    const message = { type: 'job.requested', version: 1, jobType: 'results', requestedBy: 'schedule', schedule: 'result-ingestion', requestedAt: scheduledAt };
    const before = await resultsRuns();
    stack.queue.sendRaw('jobs-planner', JSON.stringify(message));
    stack.queue.sendRaw('jobs-planner', JSON.stringify(message));
    await drain();
    stack.queue.sendRaw('jobs-planner', JSON.stringify(message));
    await drain();

    const id = scheduledJobId('result-ingestion', scheduledAt);
    expect(await resultsRuns()).toEqual([...before, id].sort());
    expect(await jobs.get(id)).toMatchObject({ status: 'done', requestedBy: 'schedule' });
    // Each task ran once; the leagues the stand-in does not serve are refused at once (not retried).
    const tasks = await jobs.tasks(id);
    expect(tasks.every((t) => t.attempts === 1)).toBe(true);
    expect(
      tasks
        .filter((t) => t.status === 'done')
        .map((t) => t.key)
        .sort(),
    ).toEqual(Object.values(WORLD_LEAGUES).sort());
    await expectBooksClosed();
  }, 120_000);

  it('a poison message goes through to the dead-letter queue: its task fails, the run fails with the reason, and a redrive completes it', async () => {
    const job = await request('results');
    await stack.queue.deliverOnce('jobs-planner');
    // A zombie consumer holds E0 and keeps heartbeating: no delivery can ever run the task.
    const zombie = await jobs.beginTask(job.id, 'E0', new Date(clock.now().getTime() + jobTimings.taskLeaseMs), clock.now());
    expect(zombie).toMatchObject({ state: 'started' });
    await drain();

    const failed = await jobs.get(job.id);
    expect(failed).toMatchObject({ status: 'failed', done: 1, failed: 1, error: 'Task E0 dead-lettered: maxReceiveCount (5) exceeded' });
    expect(stack.queue.deadLetters('result-ingestion')).toHaveLength(1);
    // The admin page reads the run's status and reason from the job status route.
    expect((await admin.get(`/api/admin/jobs/${job.id}`)).json).toMatchObject({
      status: 'failed',
      error: 'Task E0 dead-lettered: maxReceiveCount (5) exceeded',
    });

    // The zombie is gone (its lease ran out); the operator replays the dead letter.
    clock.advance(jobTimings.taskLeaseMs + 1);
    expect(stack.queue.redrive('result-ingestion')).toBe(1);
    await drain();
    expect(await jobs.get(job.id)).toMatchObject({ status: 'done', done: 2, failed: 0 });
    expect((await admin.get(`/api/admin/jobs/${job.id}`)).json.error).toBeNull();
    await expectBooksClosed();
  }, 120_000);

  it('a metrics request during a metrics run is coalesced into one more run after it, never dropped', async () => {
    const first = await request('metrics');
    await stack.queue.deliverOnce('jobs-planner');
    expect(await jobs.lockHolder('metrics', clock.now())).toBe(first.id);
    // Results settle meanwhile, and two more metrics requests arrive while the first run is in flight.
    const second = await request('metrics');
    const third = await request('metrics');
    await drain();

    expect(await jobs.get(first.id)).toMatchObject({ status: 'done', done: 1 });
    // The planner handles both requests of its batch at once: whichever queued first runs after
    // the first run, the other is merged into it.
    const later = [await jobs.get(second.id), await jobs.get(third.id)];
    const ran = later.find((j) => j?.done === 1);
    expect(ran).toMatchObject({ status: 'done', total: 1, done: 1 });
    expect(later.find((j) => j !== ran)).toMatchObject({ status: 'done', total: 0, error: `Merged into the queued run ${ran!.id}` });
    expect(await jobs.lockHolder('metrics', clock.now())).toBeUndefined();
    await expectBooksClosed();
  }, 120_000);
});
