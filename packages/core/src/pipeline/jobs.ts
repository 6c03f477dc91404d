import type { JobStatus as PublicJobStatus } from '@app/contracts/admin';
import type { Clock } from '../clock.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { JobRecord, JobRepository, JobType } from './ports.ts';
import { ProviderRejectedError } from './providers.ts';

/** How long a run holds its job type's lock before another run may take over. */
export const JOB_LOCK_MS = 20 * 60 * 1000;
/** The metrics job has one task. */
export const ALL = 'all';

/** Puts messages on the queues; the functions layer implements it with the message schemas of events/. */
export interface JobDispatcher {
  plan(job: { jobId: string; type: JobType; requestedBy: string }): Promise<void>;
  assign(jobId: string, type: JobType, keys: string[]): Promise<void>;
}

export interface JobServiceDeps {
  jobs: JobRepository;
  dispatcher: JobDispatcher;
  clock: Clock;
  newId: () => string;
  /** The task keys of a run: active league ids for generate/results. */
  leagueIds: () => Promise<string[]>;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

export function toPublicJob(job: JobRecord): PublicJobStatus {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    total: job.total,
    done: job.done,
    failed: job.failed,
    startedAt: job.startedAt ?? null,
    finishedAt: job.finishedAt ?? null,
    error: job.error ?? null,
  };
}

/**
 * Job runs: a request (schedule, admin, CLI) -> the planner (lock, one task per league) -> one
 * message per task -> workers; the worker that completes the last task finishes the run and
 * starts the next stage (results -> metrics; generation -> metrics).
 */
export function makeJobService(deps: JobServiceDeps) {
  const { jobs, dispatcher, clock } = deps;
  const log = deps.log ?? (() => {});

  /** Records a queued run and hands it to the planner. `leagues` restricts it (operator CLI). */
  async function request(type: JobType, requestedBy: string, leagues: string[] = []): Promise<JobRecord> {
    const now = clock.now();
    const running = await jobs.lockHolder(type, now);
    if (running && requestedBy === 'admin') throw new ConflictError(`A ${type} job is already running (${running})`);
    const job: JobRecord = { id: deps.newId(), type, status: 'queued', requestedBy, tasks: type === 'metrics' ? [] : leagues, total: 0, done: 0, failed: 0, createdAt: now.toISOString() };
    await jobs.create(job);
    await dispatcher.plan({ jobId: job.id, type, requestedBy });
    return job;
  }

  async function finish(job: JobRecord): Promise<void> {
    await jobs.releaseLock(job.type, job.id);
    log('Job finished', { jobId: job.id, type: job.type, done: job.done, failed: job.failed });
    // The next stage: settled results (or a first run's backfill) change the metrics.
    if (job.type === 'results' || job.type === 'generate') await request('metrics', 'pipeline');
  }

  return {
    request,

    latest: (type: JobType) => jobs.latest(type),

    async get(jobId: string): Promise<PublicJobStatus> {
      const job = await jobs.get(jobId);
      if (!job) throw new NotFoundError(`No job ${jobId}`);
      return toPublicJob(job);
    },

    /** The planner: takes the type's lock, fans out one task per league. Safe to redeliver. */
    async plan(message: { jobId?: string; type: JobType; requestedBy: string }): Promise<JobRecord> {
      const now = clock.now();
      let job = message.jobId ? await jobs.get(message.jobId) : undefined;
      if (!job) {
        job = { id: message.jobId ?? deps.newId(), type: message.type, status: 'queued', requestedBy: message.requestedBy, tasks: [], total: 0, done: 0, failed: 0, createdAt: now.toISOString() };
        await jobs.create(job);
      }
      if (job.status === 'done' || job.status === 'failed') return job;
      if (!(await jobs.acquireLock(job.type, job.id, new Date(now.getTime() + JOB_LOCK_MS), now))) {
        const holder = await jobs.lockHolder(job.type, now);
        await jobs.fail(job.id, `Another ${job.type} run is in progress (${holder ?? 'unknown'})`, now);
        return (await jobs.get(job.id))!;
      }
      const keys = job.tasks.length ? job.tasks : job.type === 'metrics' ? [ALL] : await deps.leagueIds();
      if (keys.length === 0) {
        await jobs.fail(job.id, 'No active leagues', now);
        await jobs.releaseLock(job.type, job.id);
        return (await jobs.get(job.id))!;
      }
      const started = await jobs.start(job.id, keys, now);
      await dispatcher.assign(job.id, job.type, keys);
      return started;
    },

    /**
     * Runs one task once: a redelivered message for a completed task does nothing. A failure is
     * retried through the queue (the error propagates) until the final attempt, or at once for
     * a provider that will never accept the call; then the task is recorded as failed and the
     * run goes on for the other leagues.
     */
    async runTask(message: { jobId: string; key: string }, work: () => Promise<string>, attempt: { final: boolean }): Promise<'done' | 'failed' | 'skipped'> {
      if (!(await jobs.beginTask(message.jobId, message.key))) return 'skipped';
      let outcome: 'done' | 'failed' = 'done';
      let detail: string;
      try {
        detail = await work();
      } catch (error) {
        if (!attempt.final && !(error instanceof ProviderRejectedError)) throw error;
        outcome = 'failed';
        detail = (error as Error).message.slice(0, 500);
        log('Task failed for good', { jobId: message.jobId, key: message.key, error: detail });
      }
      const completed = await jobs.completeTask(message.jobId, message.key, outcome, detail, clock.now());
      if (completed?.finishedNow) await finish(completed.job);
      return outcome;
    },
  };
}

export type JobService = ReturnType<typeof makeJobService>;
