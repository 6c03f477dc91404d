import { jobTimings } from '@app/events/queues';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import { ConflictError } from '../errors.ts';
import { InMemoryJobRepository } from '../testing/in-memory-jobs.ts';
import { sequentialIds } from '../testing/in-memory.ts';
import { DeadlineExceededError } from './budget.ts';
import { makeJobService, TaskBusyError, type Heartbeat } from './jobs.ts';
import type { JobType } from './ports.ts';
import { ProviderRejectedError } from './providers.ts';

type Sent = { kind: 'plan'; jobId: string; type: JobType; requestedBy: string } | { kind: 'assign'; jobId: string; type: JobType; key: string };

/** The job service on a fixed clock, the in-memory repository and a dispatcher that records its messages. */
function setup() {
  const clock = fixedClock('2026-11-22T06:00:00Z');
  const jobs = new InMemoryJobRepository();
  const sent: Sent[] = [];
  const beats: Array<() => Promise<void>> = [];
  // The heartbeat is driven by the test: `beat()` runs every live task's heartbeat once.
  const heartbeat: Heartbeat = (_ms, beat) => {
    beats.push(beat);
    return () => beats.splice(beats.indexOf(beat), 1);
  };
  const service = makeJobService({
    jobs,
    clock,
    rules: jobTimings,
    newId: sequentialIds('J'),
    leagueIds: async () => ['E0', 'SP1'],
    heartbeat,
    dispatcher: {
      plan: async (job) => void sent.push({ kind: 'plan', ...job }),
      assign: async (jobId, type, keys) => void sent.push(...keys.map((key) => ({ kind: 'assign' as const, jobId, type, key }))),
    },
  });
  const take = <K extends Sent['kind']>(kind: K) => {
    const out = sent.filter((m): m is Extract<Sent, { kind: K }> => m.kind === kind);
    sent.splice(0, sent.length, ...sent.filter((m) => m.kind !== kind));
    return out;
  };
  /** A delivery with plenty of time left. */
  const delivery = (receiveCount = 1, timeLeftMs = 60_000) => ({ receiveCount, invocationEnds: clock.now().getTime() + timeLeftMs });
  const beat = () => Promise.all(beats.map((b) => b()));
  return { clock, jobs, service, sent, take, delivery, beat };
}

describe('job service', () => {
  it('plans one task per league; the last task finishes the run, releases the lock and asks for metrics', async () => {
    const { service, jobs, take, delivery } = setup();
    const job = await service.request('generate', 'admin');
    const [plan] = take('plan');
    await service.plan(plan!);
    expect(take('assign').map((a) => a.key)).toEqual(['E0', 'SP1']);
    expect(await jobs.lockHolder('generate', new Date('2026-11-22T06:00:00Z'))).toBe(job.id);

    expect(await service.runTask({ jobId: job.id, jobType: 'generate', key: 'E0' }, async () => 'ok', delivery())).toBe('done');
    expect(take('plan')).toEqual([]);
    expect(await service.runTask({ jobId: job.id, jobType: 'generate', key: 'SP1' }, async () => 'ok', delivery())).toBe('done');
    expect(await service.get(job.id)).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0, finishedAt: '2026-11-22T06:00:00.000Z' });
    expect(jobs.locks.get('generate')).toBeUndefined();
    expect(take('plan')).toMatchObject([{ type: 'metrics', requestedBy: 'pipeline' }]);
    // A redelivered message of a completed task does nothing.
    expect(await service.runTask({ jobId: job.id, jobType: 'generate', key: 'E0' }, async () => 'again', delivery())).toBe('skipped');
  });

  it('refuses an admin request while a run of the type holds the lock', async () => {
    const { service, take } = setup();
    await service.request('results', 'admin');
    await service.plan(take('plan')[0]!);
    await expect(service.request('results', 'admin')).rejects.toBeInstanceOf(ConflictError);
  });

  it('does not start a task twice under a live lease; once the lease expires, the next delivery takes over as a new attempt', async () => {
    const { service, jobs, clock, take, delivery } = setup();
    const job = await service.request('results', 'cli', ['E0']);
    await service.plan(take('plan')[0]!);
    const message = { jobId: job.id, jobType: 'results' as const, key: 'E0' };
    // The first delivery's consumer dies while holding the lease.
    await jobs.beginTask(job.id, 'E0', new Date(clock.now().getTime() + jobTimings.taskLeaseMs), clock.now());

    clock.advance(jobTimings.taskLeaseMs - 1);
    await expect(service.runTask(message, async () => 'ok', delivery(2))).rejects.toBeInstanceOf(TaskBusyError);
    clock.advance(2);
    let runs = 0;
    expect(await service.runTask(message, async () => `run ${++runs}`, delivery(3))).toBe('done');
    expect(runs).toBe(1);
    expect((await jobs.tasks(job.id))[0]).toMatchObject({ status: 'done', attempts: 2, detail: 'run 1' });
  });

  it("renews the task's lease and the run's lock while the task works", async () => {
    const { service, jobs, clock, take, delivery, beat } = setup();
    const job = await service.request('results', 'cli', ['E0']);
    await service.plan(take('plan')[0]!);
    let finishWork!: (detail: string) => void;
    const running = service.runTask(
      { jobId: job.id, jobType: 'results', key: 'E0' },
      () => new Promise<string>((r) => (finishWork = r)),
      delivery(1, 10 * 60_000),
    );
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));

    clock.advance(jobTimings.taskLeaseMs + jobTimings.jobLockMs / 2);
    await beat();
    // Without the heartbeat both would have expired by now.
    await expect(service.runTask({ jobId: job.id, jobType: 'results', key: 'E0' }, async () => 'dup', delivery(2))).rejects.toBeInstanceOf(TaskBusyError);
    clock.advance(jobTimings.jobLockMs / 2 + 1);
    expect(await jobs.lockHolder('results', clock.now())).toBe(job.id);

    finishWork('ok');
    expect(await running).toBe('done');
  });

  it('ends work that runs past its deadline before the invocation does: retryable, then failed on the final attempt', async () => {
    const { service, jobs, take, delivery } = setup();
    const job = await service.request('results', 'cli', ['E0', 'SP1']);
    await service.plan(take('plan')[0]!);
    const hang = () => new Promise<string>(() => {});
    const message = { jobId: job.id, jobType: 'results' as const, key: 'E0' };
    // The invocation has the reserve plus 30 ms: the work gets 30 ms.
    const short = (receiveCount: number) => delivery(receiveCount, jobTimings.invocationReserveMs + 30);

    await expect(service.runTask(message, hang, short(1))).rejects.toBeInstanceOf(DeadlineExceededError);
    // The lease was handed over at once: the next delivery need not wait for it to expire.
    expect((await jobs.tasks(job.id)).find((t) => t.key === 'E0')).toMatchObject({ status: 'running', attempts: 1 });
    expect(await service.runTask(message, hang, short(jobTimings.maxAttempts))).toBe('failed');
    expect((await jobs.tasks(job.id)).find((t) => t.key === 'E0')).toMatchObject({
      status: 'failed',
      attempts: 2,
      detail: expect.stringMatching(/ran out of its 30 ms time budget/),
    });

    await service.runTask({ ...message, key: 'SP1' }, async () => 'ok', delivery());
    expect(await service.get(job.id)).toMatchObject({ status: 'done', done: 1, failed: 1 });
  });

  it('fails a task at once when the provider will never accept the call', async () => {
    const { service, take, delivery } = setup();
    const job = await service.request('results', 'cli', ['E0']);
    await service.plan(take('plan')[0]!);
    const refused = async (): Promise<string> => {
      throw new ProviderRejectedError('football-data.org', 'HTTP 403: not in your plan');
    };
    expect(await service.runTask({ jobId: job.id, jobType: 'results', key: 'E0' }, refused, delivery(1))).toBe('failed');
    expect(await service.get(job.id)).toMatchObject({ status: 'failed', done: 0, failed: 1 });
  });

  it('counts attempts across deliveries, so a message resent after a restart still ends at the attempt limit', async () => {
    const { service, jobs, clock, take, delivery } = setup();
    const job = await service.request('results', 'cli', ['E0']);
    await service.plan(take('plan')[0]!);
    const failing = async (): Promise<string> => {
      throw new Error('provider down');
    };
    const message = { jobId: job.id, jobType: 'results' as const, key: 'E0' };
    for (let i = 1; i < jobTimings.maxAttempts; i++) {
      await expect(service.runTask(message, failing, delivery(i))).rejects.toThrow('provider down');
      clock.advance(1);
    }
    // A fresh message (receive count 1) after a restart: the task's own count makes this the final attempt.
    expect(await service.runTask(message, failing, delivery(1))).toBe('failed');
    expect((await jobs.tasks(job.id))[0]).toMatchObject({ status: 'failed', attempts: jobTimings.maxAttempts });
  });

  it('names a scheduled run once: a second delivery of the same firing joins it', async () => {
    const { service, take } = setup();
    await service.plan({ jobId: '01KAQ5Z9G0ABCDEFGHJKMNPQRS', type: 'results', requestedBy: 'schedule' });
    const first = take('assign');
    const again = await service.plan({ jobId: '01KAQ5Z9G0ABCDEFGHJKMNPQRS', type: 'results', requestedBy: 'schedule' });
    expect(again).toMatchObject({ id: '01KAQ5Z9G0ABCDEFGHJKMNPQRS', status: 'running', total: 2 });
    // The tasks are sent again (a lost assignment is recovered); running them again is a no-op.
    expect(take('assign')).toEqual(first);
  });

  it('coalesces requests made during a run into one more run after it, never dropped', async () => {
    const { service, take, delivery } = setup();
    const first = await service.request('metrics', 'pipeline');
    await service.plan(take('plan')[0]!);
    take('assign');
    const second = await service.request('metrics', 'pipeline');
    const third = await service.request('metrics', 'schedule');
    for (const plan of take('plan')) await service.plan(plan);
    expect(await service.get(second.id)).toMatchObject({ status: 'queued' });
    expect(await service.get(third.id)).toMatchObject({ status: 'done', error: `Merged into the queued run ${second.id}` });
    expect(take('assign')).toEqual([]);

    await service.runTask({ jobId: first.id, jobType: 'metrics', key: 'all' }, async () => 'first', delivery());
    const [next] = take('plan');
    expect(next).toMatchObject({ jobId: second.id, type: 'metrics' });
    await service.plan(next!);
    expect(take('assign')).toMatchObject([{ jobId: second.id, key: 'all' }]);
    await service.runTask({ jobId: second.id, jobType: 'metrics', key: 'all' }, async () => 'second', delivery());
    expect(await service.get(second.id)).toMatchObject({ status: 'done', done: 1 });
  });

  it('closes the books of a dead-lettered task: the run fails with the reason; a replay reopens and completes it', async () => {
    const { service, jobs, take, delivery } = setup();
    const job = await service.request('generate', 'cli', ['E0', 'SP1']);
    await service.plan(take('plan')[0]!);
    await service.runTask({ jobId: job.id, jobType: 'generate', key: 'E0' }, async () => 'ok', delivery());
    await service.deadLettered({ jobId: job.id, jobType: 'generate', key: 'SP1' }, 'maxReceiveCount (5) exceeded');
    expect(await service.get(job.id)).toMatchObject({ status: 'failed', done: 1, failed: 1, error: 'Task SP1 dead-lettered: maxReceiveCount (5) exceeded' });
    expect(jobs.locks.get('generate')).toBeUndefined();
    take('plan');

    expect(await service.runTask({ jobId: job.id, jobType: 'generate', key: 'SP1' }, async () => 'replayed', delivery())).toBe('done');
    expect(await service.get(job.id)).toMatchObject({ status: 'done', done: 2, failed: 0, error: null });
  });

  it('fails a run whose planner message was dead-lettered, and sends unfinished runs back to the planner', async () => {
    const { service, take } = setup();
    const dead = await service.request('results', 'pipeline');
    const waiting = await service.request('generate', 'pipeline');
    take('plan');
    await service.deadLettered({ jobId: dead.id, jobType: 'results' }, 'maxReceiveCount (5) exceeded');
    expect(await service.get(dead.id)).toMatchObject({ status: 'failed', error: 'Planner message dead-lettered: maxReceiveCount (5) exceeded' });
    expect(await service.resumeUnfinished()).toEqual([waiting.id]);
    expect(take('plan')).toMatchObject([{ jobId: waiting.id, type: 'generate' }]);
  });
});
