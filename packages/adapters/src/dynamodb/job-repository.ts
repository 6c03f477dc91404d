import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobRecord, JobRepository, JobType, TaskRecord, TaskStart } from '@app/core/pipeline/ports';
import { conditionalWrite, isConditionalCheckFailed } from './conditions.ts';
import { failedConditions, transactWrite } from './transactions.ts';
import { keys } from './keys.ts';

/** Job records are kept for 90 days. */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

/** One item's part of a transaction: what to change, and when. */
interface ItemUpdate {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

function toJob(item: Record<string, unknown>): JobRecord {
  return {
    id: String(item.id),
    type: item.jobType as JobType,
    status: item.status as JobRecord['status'],
    requestedBy: String(item.requestedBy),
    tasks: (item.tasks as string[] | undefined) ?? [],
    total: Number(item.total ?? 0),
    done: Number(item.done ?? 0),
    failed: Number(item.failed ?? 0),
    createdAt: String(item.createdAt),
    ...(item.startedAt ? { startedAt: String(item.startedAt) } : {}),
    ...(item.finishedAt ? { finishedAt: String(item.finishedAt) } : {}),
    ...(item.error ? { error: String(item.error) } : {}),
  };
}

/** Job runs, their per-league tasks and the one-run-per-type lock (A11 in docs/architecture.md#dynamodb-access-patterns). */
export class DynamoJobRepository implements JobRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(job: JobRecord): Promise<void> {
    await conditionalWrite(
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...keys.job(job.id),
            ...keys.jobType(job.type, job.createdAt, job.id),
            type: 'Job',
            schemaVersion: 1,
            id: job.id,
            jobType: job.type,
            status: job.status,
            requestedBy: job.requestedBy,
            tasks: job.tasks,
            total: job.total,
            done: 0,
            failed: 0,
            createdAt: job.createdAt,
            expiresAt: Math.floor(Date.parse(job.createdAt) / 1000) + KEEP_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  }

  async get(jobId: string): Promise<JobRecord | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.job(jobId), ConsistentRead: true }));
    return out.Item ? toJob(out.Item) : undefined;
  }

  async tasks(jobId: string): Promise<TaskRecord[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :t)',
        ExpressionAttributeValues: { ':pk': keys.jobPartition(jobId), ':t': 'TASK#' },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((i) => ({
      jobId,
      key: String(i.key),
      status: i.status as TaskRecord['status'],
      attempts: Number(i.attempts ?? 0),
      ...(i.leaseUntil !== undefined ? { leaseUntil: Number(i.leaseUntil) } : {}),
      ...(i.deadLettered ? { deadLettered: true } : {}),
      ...(i.detail ? { detail: String(i.detail) } : {}),
    }));
  }

  async latest(type: JobType): Promise<JobRecord | undefined> {
    return (await this.recent(type, 1))[0];
  }

  async start(jobId: string, keysOfTasks: string[], at: Date): Promise<JobRecord> {
    // Tasks first (only those that do not exist yet), then the job: a redelivered plan changes nothing.
    for (const key of keysOfTasks) {
      await conditionalWrite(
        this.doc.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              ...keys.jobTask(jobId, key),
              type: 'JobTask',
              schemaVersion: 1,
              key,
              status: 'pending',
              attempts: 0,
              expiresAt: Math.floor(at.getTime() / 1000) + KEEP_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      );
    }
    await conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.job(jobId),
          UpdateExpression: 'SET #status = :running, tasks = :tasks, #total = :total, startedAt = :at',
          ConditionExpression: '#status = :queued',
          ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':queued': 'queued',
            ':tasks': keysOfTasks,
            ':total': keysOfTasks.length,
            ':at': at.toISOString(),
          },
        }),
      ),
    );
    return (await this.get(jobId))!;
  }

  async recent(type: JobType, limit: number): Promise<JobRecord[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.jobTypePartition(type) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map(toJob).reverse();
  }

  async close(jobId: string, status: 'done' | 'failed', reason: string, at: Date): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.job(jobId),
          UpdateExpression: 'SET #status = :final, #error = :reason, finishedAt = :at',
          ConditionExpression: '#status IN (:queued, :running)',
          ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
          ExpressionAttributeValues: { ':final': status, ':reason': reason, ':at': at.toISOString(), ':queued': 'queued', ':running': 'running' },
        }),
      ),
    );
  }

  async acquireLock(type: JobType, jobId: string, until: Date, now: Date): Promise<boolean> {
    let next: unknown;
    try {
      // An update, not a put: a run queued behind an expired holder stays queued behind the new one.
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.jobLock(type),
          UpdateExpression: 'SET #type = :type, schemaVersion = :v, jobId = :job, leaseUntil = :until, expiresAt = :expires',
          ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil < :now OR jobId = :job',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':type': 'JobLock',
            ':v': 1,
            ':job': jobId,
            ':until': until.getTime(),
            ':expires': Math.ceil(until.getTime() / 1000) + 24 * 60 * 60,
            ':now': now.getTime(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      next = out.Attributes?.next;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
    if (next === jobId) {
      // The queued run is the holder now: nothing waits behind it any more.
      await conditionalWrite(
        this.doc.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.jobLock(type),
            UpdateExpression: 'REMOVE #next',
            ConditionExpression: '#next = :job',
            ExpressionAttributeNames: { '#next': 'next' },
            ExpressionAttributeValues: { ':job': jobId },
          }),
        ),
      );
    }
    return true;
  }

  async lockHolder(type: JobType, now: Date): Promise<string | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.jobLock(type), ConsistentRead: true }));
    return out.Item && out.Item.jobId && Number(out.Item.leaseUntil) >= now.getTime() ? String(out.Item.jobId) : undefined;
  }

  async queueFollowUp(type: JobType, jobId: string, now: Date): Promise<'queued' | 'free' | { joined: string }> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.jobLock(type),
          UpdateExpression: 'SET #next = :job',
          ConditionExpression: 'leaseUntil >= :now AND jobId <> :job AND (attribute_not_exists(#next) OR #next = :job)',
          ExpressionAttributeNames: { '#next': 'next' },
          ExpressionAttributeValues: { ':job': jobId, ':now': now.getTime() },
        }),
      );
      return 'queued';
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.jobLock(type), ConsistentRead: true }));
    const lock = out.Item;
    if (!lock?.jobId || Number(lock.leaseUntil) < now.getTime() || lock.jobId === jobId) return 'free';
    return lock.next ? { joined: String(lock.next) } : 'free';
  }

  async releaseLock(type: JobType, jobId: string): Promise<string | undefined> {
    try {
      const out = await this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: keys.jobLock(type),
          ConditionExpression: 'jobId = :job',
          ExpressionAttributeValues: { ':job': jobId },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return out.Attributes?.next ? String(out.Attributes.next) : undefined;
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      return undefined;
    }
  }

  async beginTask(jobId: string, key: string, leaseUntil: Date, now: Date): Promise<TaskStart> {
    try {
      // From pending, or from running under an expired lease (that attempt died).
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.jobTask(jobId, key),
          UpdateExpression: 'SET #status = :running, leaseUntil = :until ADD attempts :one',
          ConditionExpression:
            'attribute_exists(PK) AND (#status = :pending OR (#status = :running AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)))',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':pending': 'pending', ':until': leaseUntil.getTime(), ':now': now.getTime(), ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { state: 'started', attempts: Number(out.Attributes!.attempts) };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    const task = (await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.jobTask(jobId, key), ConsistentRead: true }))).Item;
    if (task?.status === 'running') return { state: 'busy', leaseUntil: Number(task.leaseUntil) };
    if (task?.status !== 'failed' || !task.deadLettered) return { state: 'complete' };
    // A replayed dead letter reopens its task and its run.
    const reopened = await this.updateTaskAndJob(
      jobId,
      key,
      {
        UpdateExpression: 'SET #status = :running, leaseUntil = :until ADD attempts :one REMOVE deadLettered',
        ConditionExpression: '#status = :failed AND deadLettered = :yes',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':until': leaseUntil.getTime(), ':one': 1, ':failed': 'failed', ':yes': true },
      },
      {
        UpdateExpression: 'SET #status = :running ADD #failed :minus REMOVE finishedAt, #error',
        ExpressionAttributeNames: { '#status': 'status', '#failed': 'failed', '#error': 'error' },
        ExpressionAttributeValues: { ':running': 'running', ':minus': -1 },
      },
    );
    if (!reopened) return { state: 'complete' };
    return { state: 'started', attempts: Number(task.attempts ?? 0) + 1 };
  }

  async renewTask(jobId: string, key: string, attempts: number, leaseUntil: Date): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.jobTask(jobId, key),
          UpdateExpression: 'SET leaseUntil = :until',
          ConditionExpression: '#status = :running AND attempts = :attempts',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':until': leaseUntil.getTime(), ':running': 'running', ':attempts': attempts },
        }),
      ),
    );
  }

  async completeTask(
    jobId: string,
    key: string,
    outcome: 'done' | 'failed',
    detail: string,
    at: Date,
    options: { jobError?: string; deadLettered?: boolean } = {},
  ): Promise<{ job: JobRecord; finishedNow: boolean } | undefined> {
    const counted = await this.updateTaskAndJob(
      jobId,
      key,
      {
        UpdateExpression: `SET #status = :outcome, detail = :detail, finishedAt = :at${options.deadLettered ? ', deadLettered = :yes' : ''} REMOVE leaseUntil`,
        ConditionExpression: '#status IN (:pending, :running)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':outcome': outcome,
          ':detail': detail,
          ':at': at.toISOString(),
          ':pending': 'pending',
          ':running': 'running',
          ...(options.deadLettered ? { ':yes': true } : {}),
        },
      },
      {
        UpdateExpression: `ADD #counter :one${options.jobError ? ' SET #error = if_not_exists(#error, :error)' : ''}`,
        ExpressionAttributeNames: { '#counter': outcome, ...(options.jobError ? { '#error': 'error' } : {}) },
        ExpressionAttributeValues: { ':one': 1, ...(options.jobError ? { ':error': options.jobError } : {}) },
      },
    );
    if (!counted) return undefined;
    const job = (await this.get(jobId))!;
    if (job.done + job.failed < job.total || job.status !== 'running') return { job, finishedNow: false };
    // Only one caller moves the run from running to finished.
    const status = job.done === 0 || job.error ? 'failed' : 'done';
    const finished = await conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.job(jobId),
          UpdateExpression: 'SET #status = :final, finishedAt = :at',
          ConditionExpression: '#status = :running',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':final': status, ':at': at.toISOString(), ':running': 'running' },
        }),
      ),
    );
    if (!finished) return { job, finishedNow: false };
    return { job: { ...job, status, finishedAt: at.toISOString() }, finishedNow: true };
  }

  /**
   * Updates a task and its run in one transaction. False, with nothing written, when the task's
   * condition failed (another delivery moved it first); any other failure is thrown.
   */
  private async updateTaskAndJob(jobId: string, key: string, task: ItemUpdate, job: ItemUpdate): Promise<boolean> {
    try {
      await transactWrite(this.doc, this.tableName, [{ Update: { Key: keys.jobTask(jobId, key), ...task } }, { Update: { Key: keys.job(jobId), ...job } }]);
      return true;
    } catch (error) {
      if (failedConditions(error)?.includes(0)) return false;
      throw error;
    }
  }
}
