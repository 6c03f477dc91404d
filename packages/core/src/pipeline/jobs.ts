import type { JobStatus as PublicJobStatus } from '@app/contracts/admin';
import type { Clock } from '../clock.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { withinDeadline } from './budget.ts';
import type { JobRecord, JobRepository, JobType } from './ports.ts';
import { ProviderRejectedError } from './providers.ts';

/** The metrics job has one task. */
export const ALL = 'all';
/** How many of a type's latest runs a restart looks at for unfinished ones. */
const RESUME_LOOKBACK_RUNS = 50;

/**
 * The pipeline's timings. The functions layer passes the one set of numbers the queues are
 * built from (events/src/queues.ts); docs/jobs.md explains them.
 */
export interface JobRules {
  taskLeaseMs: number;
  heartbeatMs: number;
  jobLockMs: number;
  invocationReserveMs: number;
  maxAttempts: number;
}

/** Puts messages on the queues; the functions layer implements it with the message schemas of events/. */
export interface JobDispatcher {
  plan(job: { jobId: string; type: JobType; requestedBy: string }): Promise<void>;
  assign(jobId: string, type: JobType, keys: string[]): Promise<void>;
}

/** Calls `beat` every `ms` until the returned function is called. */
export type Heartbeat = (ms: number, beat: () => Promise<void>) => () => void;

const intervalHeartbeat: Heartbeat = (ms, beat) => {
  const timer = setInterval(() => void beat(), ms);
  timer.unref?.();
  return () => clearInterval(timer);
};

export interface JobServiceDeps {
  jobs: JobRepository;
  dispatcher: JobDispatcher;
  clock: Clock;
  rules: JobRules;
  newId: () => string;
  /** The task keys of a run of `type`: active league ids for generate/results (a results run may add the flag-only leagues' task). */
  leagueIds: (type: JobType) => Promise<string[]>;
  heartbeat?: Heartbeat;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/** How one message reached its consumer. */
export interface Delivery {
  /** How many times the queue has delivered this message, this delivery included. */
  receiveCount: number;
  /** Epoch ms (on the service's clock) when the consumer's invocation ends. */
  invocationEnds: number;
}

/** Another delivery of the same task holds a live lease: this one comes back later, when the lease has expired if its holder died. */
export class TaskBusyError extends Error {
  constructor(jobId: string, key: string, leaseUntil: number) {
    super(`Task ${key} of job ${jobId} is running under a lease until ${new Date(leaseUntil).toISOString()}`);
    this.name = 'TaskBusyError';
  }
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
 * message per task -> workers; the worker that completes the last task finishes the run, starts
 * the run queued behind it, and the next stage (results -> metrics; generation -> metrics).
 * docs/jobs.md has the state machines; docs/decisions/0050-job-leases-and-time-budgets.md and
 * docs/decisions/0051-dead-letters-close-the-books.md the reasons.
 */
export function makeJobService(deps: JobServiceDeps) {
  const { jobs, dispatcher, clock, rules } = deps;
  const log = deps.log ?? (() => {});
  const heartbeat = deps.heartbeat ?? intervalHeartbeat;
  const nowMs = () => clock.now().getTime();

  /** Records a queued run and hands it to the planner. `leagues` restricts it (operator CLI). */
  async function request(type: JobType, requestedBy: string, leagues: string[] = []): Promise<JobRecord> {
    const now = clock.now();
    const running = await jobs.lockHolder(type, now);
    if (running && requestedBy === 'admin') throw new ConflictError(`A ${type} job is already running (${running})`);
    const job: JobRecord = {
      id: deps.newId(),
      type,
      status: 'queued',
      requestedBy,
      tasks: type === 'metrics' ? [] : leagues,
      total: 0,
      done: 0,
      failed: 0,
      createdAt: now.toISOString(),
    };
    await jobs.create(job);
    await dispatcher.plan({ jobId: job.id, type, requestedBy });
    return job;
  }

  async function finish(job: JobRecord): Promise<void> {
    const next = await jobs.releaseLock(job.type, job.id);
    log('Job finished', { jobId: job.id, type: job.type, status: job.status, done: job.done, failed: job.failed });
    if (next) await dispatcher.plan({ jobId: next, type: job.type, requestedBy: 'pipeline' });
    // The next stage: settled results (or a first run's backfill) change the metrics; a run with no task done changed nothing.
    if ((job.type === 'results' || job.type === 'generate') && job.done > 0) await request('metrics', 'pipeline');
  }

  /** Takes the type's lock, or queues the run behind the holder (coalescing with a run queued already). */
  async function lockOrQueue(job: JobRecord, now: Date): Promise<'locked' | 'queued' | { joined: string }> {
    for (let round = 0; round < 3; round++) {
      if (await jobs.acquireLock(job.type, job.id, new Date(now.getTime() + rules.jobLockMs), now)) return 'locked';
      const queued = await jobs.queueFollowUp(job.type, job.id, now);
      if (queued !== 'free') return queued;
    }
    throw new Error(`Could not take or queue behind the ${job.type} lock`);
  }

  return {
    request,

    latest: (type: JobType) => jobs.latest(type),

    async get(jobId: string): Promise<PublicJobStatus> {
      const job = await jobs.get(jobId);
      if (!job) throw new NotFoundError(`No job ${jobId}`);
      return toPublicJob(job);
    },

    /**
     * The planner: takes the type's lock, fans out one task per league. Safe to redeliver: a
     * scheduled message carries a job id derived from its schedule and time, so a second
     * delivery joins the same run. While another run holds the lock, the run waits behind it
     * and starts when it finishes (requests made meanwhile join that one waiting run).
     */
    async plan(message: { jobId?: string; type: JobType; requestedBy: string }): Promise<JobRecord> {
      const now = clock.now();
      let job = message.jobId ? await jobs.get(message.jobId) : undefined;
      if (!job) {
        job = {
          id: message.jobId ?? deps.newId(),
          type: message.type,
          status: 'queued',
          requestedBy: message.requestedBy,
          tasks: [],
          total: 0,
          done: 0,
          failed: 0,
          createdAt: now.toISOString(),
        };
        await jobs.create(job);
        job = (await jobs.get(job.id))!;
      }
      if (job.status === 'done' || job.status === 'failed') return job;
      const lock = await lockOrQueue(job, now);
      if (lock === 'queued') {
        log('Run queued behind the running one', { jobId: job.id, type: job.type });
        return job;
      }
      if (lock !== 'locked') {
        await jobs.close(job.id, 'done', `Merged into the queued run ${lock.joined}`, now);
        return (await jobs.get(job.id))!;
      }
      const keys = job.tasks.length ? job.tasks : job.type === 'metrics' ? [ALL] : await deps.leagueIds(job.type);
      if (keys.length === 0) {
        await jobs.close(job.id, 'failed', 'No active leagues', now);
        await finish((await jobs.get(job.id))!);
        return (await jobs.get(job.id))!;
      }
      const started = await jobs.start(job.id, keys, now);
      await dispatcher.assign(job.id, job.type, keys);
      return started;
    },

    /**
     * Runs one task once. The task is leased while it works (a heartbeat renews the lease and
     * the run's lock), so a second delivery of it does not start it twice, and a consumer that
     * dies loses the lease: the next delivery counts that as a failed attempt and takes over.
     * The work runs within the invocation's time minus a reserve, so the outcome is always
     * recorded before the function ends. A failure is retried through the queue (the error
     * propagates) until the final attempt, or at once for a provider that will never accept
     * the call; then the task is recorded as failed and the run goes on for the other leagues.
     */
    async runTask(
      message: { jobId: string; jobType: JobType; key: string },
      work: () => Promise<string>,
      delivery: Delivery,
    ): Promise<'done' | 'failed' | 'skipped'> {
      const { jobId, key, jobType } = message;
      const now = clock.now();
      const begun = await jobs.beginTask(jobId, key, new Date(now.getTime() + rules.taskLeaseMs), now);
      if (begun.state === 'complete') return 'skipped';
      if (begun.state === 'busy') throw new TaskBusyError(jobId, key, begun.leaseUntil);
      const attempts = Math.max(begun.attempts, delivery.receiveCount);
      const final = attempts >= rules.maxAttempts;
      const stopBeating = heartbeat(rules.heartbeatMs, async () => {
        try {
          const at = clock.now();
          if (!(await jobs.renewTask(jobId, key, begun.attempts, new Date(at.getTime() + rules.taskLeaseMs)))) log('Task lease lost', { jobId, key });
          await jobs.acquireLock(jobType, jobId, new Date(at.getTime() + rules.jobLockMs), at);
        } catch (error) {
          log('Heartbeat failed', { jobId, key, error: (error as Error).message });
        }
      });
      let outcome: 'done' | 'failed' = 'done';
      let detail: string;
      try {
        detail = await withinDeadline(`Task ${jobType}/${key}`, delivery.invocationEnds - rules.invocationReserveMs, nowMs, () => work());
      } catch (error) {
        if (!final && !(error instanceof ProviderRejectedError)) {
          // Hand the task over at once: the next delivery need not wait for the lease to run out.
          await jobs.renewTask(jobId, key, begun.attempts, new Date(clock.now().getTime() - 1));
          throw error;
        }
        outcome = 'failed';
        detail = (error as Error).message.slice(0, 500);
        log('Task failed for good', { jobId, key, attempts, error: detail });
      } finally {
        stopBeating();
      }
      const completed = await jobs.completeTask(jobId, key, outcome, detail, clock.now());
      if (completed?.finishedNow) await finish(completed.job);
      return outcome;
    },

    /**
     * Closes the books of a message that reached its dead-letter queue: its task is failed
     * with the reason, and the run finishes as failed when it was its last task. A planner
     * message fails its run. Replaying the message later reopens the task.
     */
    async deadLettered(message: { jobId?: string; jobType: JobType; key?: string }, reason: string): Promise<void> {
      const now = clock.now();
      if (!message.jobId) return;
      if (message.key === undefined) {
        if (await jobs.close(message.jobId, 'failed', `Planner message dead-lettered: ${reason}`, now)) await finish((await jobs.get(message.jobId))!);
        return;
      }
      const why = `dead-lettered: ${reason}`.slice(0, 500);
      const completed = await jobs.completeTask(message.jobId, message.key, 'failed', why, now, { jobError: `Task ${message.key} ${why}`, deadLettered: true });
      if (completed?.finishedNow) await finish(completed.job);
    },

    /** Sends every unfinished run back to the planner (after a restart of the local stack, whose queue lives in memory). */
    async resumeUnfinished(): Promise<string[]> {
      const resumed: string[] = [];
      for (const type of ['generate', 'results', 'metrics'] as const) {
        // Unfinished runs are recent: the latest runs of each type are enough.
        for (const job of (await jobs.recent(type, RESUME_LOOKBACK_RUNS)).filter((j) => j.status === 'queued' || j.status === 'running')) {
          await dispatcher.plan({ jobId: job.id, type, requestedBy: job.requestedBy });
          resumed.push(job.id);
        }
      }
      return resumed;
    },
  };
}

export type JobService = ReturnType<typeof makeJobService>;
