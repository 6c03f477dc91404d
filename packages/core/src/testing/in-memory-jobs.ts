// The job repository in memory, for core's unit tests. The same contract suite
// (job-repository.contract.ts) runs against it and against the DynamoDB adapter.
import type { JobRecord, JobRepository, JobType, TaskRecord, TaskStart } from '../pipeline/ports.ts';

interface Lock {
  jobId: string;
  leaseUntil: number;
  next?: string;
}

export class InMemoryJobRepository implements JobRepository {
  readonly jobs = new Map<string, JobRecord>();
  readonly taskItems = new Map<string, TaskRecord & { finishedAt?: string }>();
  readonly locks = new Map<JobType, Lock>();

  async create(job: JobRecord) {
    if (!this.jobs.has(job.id)) this.jobs.set(job.id, { ...structuredClone(job), done: 0, failed: 0 });
  }
  async get(jobId: string) {
    const job = this.jobs.get(jobId);
    return job && structuredClone(job);
  }
  async tasks(jobId: string) {
    return [...this.taskItems.values()].filter((t) => t.jobId === jobId).map(({ finishedAt: _, ...t }) => structuredClone(t));
  }
  async latest(type: JobType) {
    return this.byType(type).at(-1);
  }
  async recent(type: JobType, limit: number) {
    return this.byType(type).slice(-limit);
  }
  async start(jobId: string, keys: string[], at: Date) {
    for (const key of keys)
      if (!this.taskItems.has(this.id(jobId, key))) this.taskItems.set(this.id(jobId, key), { jobId, key, status: 'pending', attempts: 0 });
    const job = this.jobs.get(jobId)!;
    if (job.status === 'queued') Object.assign(job, { status: 'running', tasks: [...keys], total: keys.length, startedAt: at.toISOString() });
    return structuredClone(job);
  }
  async close(jobId: string, status: 'done' | 'failed', reason: string, at: Date) {
    const job = this.jobs.get(jobId);
    if (!job || job.status === 'done' || job.status === 'failed') return false;
    Object.assign(job, { status, error: reason, finishedAt: at.toISOString() });
    return true;
  }
  async acquireLock(type: JobType, jobId: string, until: Date, now: Date) {
    const lock = this.locks.get(type);
    if (lock && lock.jobId !== jobId && lock.leaseUntil >= now.getTime()) return false;
    // A run queued behind an expired holder stays queued behind the new one (unless it is the new one).
    this.locks.set(type, { jobId, leaseUntil: until.getTime(), ...(lock?.next && lock.next !== jobId ? { next: lock.next } : {}) });
    return true;
  }
  async lockHolder(type: JobType, now: Date) {
    const lock = this.locks.get(type);
    return lock && lock.leaseUntil >= now.getTime() ? lock.jobId : undefined;
  }
  async queueFollowUp(type: JobType, jobId: string, now: Date) {
    const lock = this.locks.get(type);
    if (!lock || lock.leaseUntil < now.getTime() || lock.jobId === jobId) return 'free' as const;
    if (lock.next && lock.next !== jobId) return { joined: lock.next };
    lock.next = jobId;
    return 'queued' as const;
  }
  async releaseLock(type: JobType, jobId: string) {
    const lock = this.locks.get(type);
    if (lock?.jobId !== jobId) return undefined;
    this.locks.delete(type);
    return lock.next;
  }
  async beginTask(jobId: string, key: string, leaseUntil: Date, now: Date): Promise<TaskStart> {
    const task = this.taskItems.get(this.id(jobId, key));
    if (!task) return { state: 'complete' };
    if (task.status === 'running' && (task.leaseUntil ?? 0) >= now.getTime()) return { state: 'busy', leaseUntil: task.leaseUntil! };
    if (task.status === 'done' || (task.status === 'failed' && !task.deadLettered)) return { state: 'complete' };
    if (task.status === 'failed') {
      // A replayed dead letter reopens its task and its run.
      const job = this.jobs.get(jobId)!;
      job.failed -= 1;
      job.status = 'running';
      delete job.finishedAt;
      delete job.error;
      delete task.deadLettered;
    }
    Object.assign(task, { status: 'running', leaseUntil: leaseUntil.getTime(), attempts: task.attempts + 1 });
    return { state: 'started', attempts: task.attempts };
  }
  async renewTask(jobId: string, key: string, attempts: number, leaseUntil: Date) {
    const task = this.taskItems.get(this.id(jobId, key));
    if (task?.status !== 'running' || task.attempts !== attempts) return false;
    task.leaseUntil = leaseUntil.getTime();
    return true;
  }
  async completeTask(
    jobId: string,
    key: string,
    outcome: 'done' | 'failed',
    detail: string,
    at: Date,
    options: { jobError?: string; deadLettered?: boolean } = {},
  ) {
    const task = this.taskItems.get(this.id(jobId, key));
    if (!task || task.status === 'done' || task.status === 'failed') return undefined;
    Object.assign(task, { status: outcome, detail, finishedAt: at.toISOString(), ...(options.deadLettered ? { deadLettered: true } : {}) });
    delete task.leaseUntil;
    const job = this.jobs.get(jobId)!;
    job[outcome] += 1;
    if (options.jobError && !job.error) job.error = options.jobError;
    if (job.done + job.failed < job.total || job.status !== 'running') return { job: structuredClone(job), finishedNow: false };
    Object.assign(job, { status: job.done === 0 || job.error ? 'failed' : 'done', finishedAt: at.toISOString() });
    return { job: structuredClone(job), finishedNow: true };
  }

  private byType(type: JobType) {
    return [...this.jobs.values()]
      .filter((j) => j.type === type)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((j) => structuredClone(j));
  }
  private id(jobId: string, key: string) {
    return `${jobId}/${key}`;
  }
}
