// The behaviour every JobRepository must have. Run against the in-memory repository (core's
// unit tests) and the DynamoDB adapter (its integration tests), with the same assertions.
import { describe, expect, it } from 'vitest';
import type { JobRecord, JobRepository, JobType } from '../pipeline/ports.ts';

export function jobRepositoryContract(name: string, make: () => JobRepository | Promise<JobRepository>): void {
  const now = new Date('2026-11-22T06:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  let n = 0;
  /** A unique id per test (the DynamoDB suite shares one table). */
  const id = (label: string) => `${label}-${name.replace(/\W/g, '')}-${++n}`;
  const job = (jobId: string, type: JobType = 'generate', createdAt = now): JobRecord => ({
    id: jobId,
    type,
    status: 'queued',
    requestedBy: 'admin',
    tasks: [],
    total: 0,
    done: 0,
    failed: 0,
    createdAt: createdAt.toISOString(),
  });

  describe(`JobRepository contract: ${name}`, () => {
    it('counts each task once, however often it is redelivered, and finishes the run exactly once', async () => {
      const jobs = await make();
      const j = id('J');
      await jobs.create(job(j));
      await jobs.start(j, ['A', 'B'], now);
      await jobs.start(j, ['A', 'B'], now);
      expect(await jobs.beginTask(j, 'A', at(60_000), now)).toEqual({ state: 'started', attempts: 1 });
      expect((await jobs.completeTask(j, 'A', 'done', 'ok', now))?.finishedNow).toBe(false);
      expect(await jobs.beginTask(j, 'A', at(60_000), now)).toEqual({ state: 'complete' });
      expect(await jobs.completeTask(j, 'A', 'done', 'again', now)).toBeUndefined();
      await jobs.beginTask(j, 'B', at(60_000), now);
      const last = await jobs.completeTask(j, 'B', 'failed', 'provider down', now);
      expect(last).toMatchObject({ finishedNow: true, job: { status: 'done', total: 2, done: 1, failed: 1 } });
      expect((await jobs.tasks(j)).map((t) => [t.key, t.status, t.attempts])).toEqual([
        ['A', 'done', 1],
        ['B', 'failed', 1],
      ]);
    });

    it('does not start a task twice under a live lease; an expired lease is taken over as a new attempt', async () => {
      const jobs = await make();
      const j = id('J');
      await jobs.create(job(j));
      await jobs.start(j, ['A'], now);
      expect(await jobs.beginTask(j, 'A', at(60_000), now)).toEqual({ state: 'started', attempts: 1 });
      expect(await jobs.beginTask(j, 'A', at(70_000), at(10_000))).toEqual({ state: 'busy', leaseUntil: at(60_000).getTime() });
      // The holder's heartbeat extends its lease; a renewal by a stale attempt is refused.
      expect(await jobs.renewTask(j, 'A', 1, at(90_000))).toBe(true);
      expect(await jobs.beginTask(j, 'A', at(120_000), at(80_000))).toMatchObject({ state: 'busy' });
      expect(await jobs.beginTask(j, 'A', at(150_000), at(90_001))).toEqual({ state: 'started', attempts: 2 });
      expect(await jobs.renewTask(j, 'A', 1, at(200_000))).toBe(false);
      expect((await jobs.tasks(j))[0]).toMatchObject({ status: 'running', attempts: 2, leaseUntil: at(150_000).getTime() });
    });

    it('fails the run when a dead-lettered task was its last, and reopens task and run when the message is replayed', async () => {
      const jobs = await make();
      const j = id('J');
      await jobs.create(job(j));
      await jobs.start(j, ['A', 'B'], now);
      await jobs.beginTask(j, 'A', at(60_000), now);
      await jobs.completeTask(j, 'A', 'done', 'ok', now);
      const closed = await jobs.completeTask(j, 'B', 'failed', 'dead-lettered', now, { jobError: 'Task B dead-lettered', deadLettered: true });
      expect(closed).toMatchObject({ finishedNow: true, job: { status: 'failed', done: 1, failed: 1, error: 'Task B dead-lettered' } });
      expect((await jobs.tasks(j)).find((t) => t.key === 'B')).toMatchObject({ status: 'failed', deadLettered: true });

      expect(await jobs.beginTask(j, 'B', at(120_000), at(60_000))).toEqual({ state: 'started', attempts: 1 });
      expect(await jobs.get(j)).toMatchObject({ status: 'running', done: 1, failed: 0 });
      expect((await jobs.get(j))?.error).toBeUndefined();
      expect(await jobs.completeTask(j, 'B', 'done', 'ok', at(61_000))).toMatchObject({ finishedNow: true, job: { status: 'done', done: 2, failed: 0 } });
      // An ordinary failure is final: a replay does not reopen it.
      expect(await jobs.beginTask(j, 'A', at(200_000), at(100_000))).toEqual({ state: 'complete' });
    });

    it('closes an unfinished run once and lists the latest runs of a type, oldest first', async () => {
      const jobs = await make();
      const type: JobType = 'results';
      const [a, b, c] = [id('A'), id('B'), id('C')];
      await jobs.create(job(a, type, at(-3000)));
      await jobs.create(job(b, type, at(-2000)));
      await jobs.create(job(c, type, at(-1000)));
      await jobs.start(b, ['X'], now);
      expect(await jobs.close(a, 'failed', 'No active leagues', now)).toBe(true);
      expect(await jobs.close(a, 'done', 'again', now)).toBe(false);
      expect(await jobs.get(a)).toMatchObject({ status: 'failed', error: 'No active leagues', finishedAt: now.toISOString() });
      expect((await jobs.recent(type, 2)).map((x) => [x.id, x.status])).toEqual([
        [b, 'running'],
        [c, 'queued'],
      ]);
      expect((await jobs.recent(type, 3)).map((x) => x.id)).toEqual([a, b, c]);
    });

    it('lets one run of a type hold the lock until it releases it or its lease ends', async () => {
      const jobs = await make();
      const [j2, j3] = [id('J'), id('J')];
      const lease = at(60_000);
      expect(await jobs.acquireLock('results', j2, lease, now)).toBe(true);
      expect(await jobs.acquireLock('results', j3, lease, now)).toBe(false);
      expect(await jobs.lockHolder('results', now)).toBe(j2);
      expect(await jobs.acquireLock('results', j3, lease, at(60_001))).toBe(true);
      expect(await jobs.releaseLock('results', j2)).toBeUndefined();
      expect(await jobs.lockHolder('results', now)).toBe(j3);
      await jobs.releaseLock('results', j3);
      expect(await jobs.lockHolder('results', now)).toBeUndefined();
    });

    it('queues one run behind the holder and hands it over on release; later requests join it', async () => {
      const jobs = await make();
      const [holder, next, later] = [id('H'), id('N'), id('L')];
      expect(await jobs.queueFollowUp('metrics', next, now)).toBe('free');
      expect(await jobs.acquireLock('metrics', holder, at(60_000), now)).toBe(true);
      expect(await jobs.queueFollowUp('metrics', next, now)).toBe('queued');
      expect(await jobs.queueFollowUp('metrics', next, now)).toBe('queued');
      expect(await jobs.queueFollowUp('metrics', later, now)).toEqual({ joined: next });
      // Renewing the lock keeps the queued run.
      expect(await jobs.acquireLock('metrics', holder, at(90_000), at(30_000))).toBe(true);
      expect(await jobs.releaseLock('metrics', holder)).toBe(next);
      expect(await jobs.acquireLock('metrics', next, at(60_000), now)).toBe(true);
      expect(await jobs.queueFollowUp('metrics', later, now)).toBe('queued');
      expect(await jobs.releaseLock('metrics', next)).toBe(later);
    });

    it('keeps a run queued behind an expired holder queued behind the run that takes over', async () => {
      const jobs = await make();
      const [dead, next, taker] = [id('D'), id('N'), id('T')];
      await jobs.acquireLock('generate', dead, at(60_000), now);
      await jobs.queueFollowUp('generate', next, now);
      expect(await jobs.acquireLock('generate', taker, at(200_000), at(60_001))).toBe(true);
      expect(await jobs.releaseLock('generate', taker)).toBe(next);
    });
  });
}
