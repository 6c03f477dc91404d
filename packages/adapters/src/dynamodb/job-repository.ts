import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { JobRecord, JobRepository, JobType, TaskRecord } from '@app/core/pipeline/ports';
import { failedConditions } from './errors.ts';
import { keys } from './keys.ts';

/** Job records are kept for 90 days. */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

const isConditionFailure = (e: unknown) => e instanceof ConditionalCheckFailedException;

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
    try {
      await this.doc.send(
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
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
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
    return (out.Items ?? []).map((i) => ({ jobId, key: String(i.key), status: i.status as TaskRecord['status'], attempts: Number(i.attempts ?? 0), ...(i.detail ? { detail: String(i.detail) } : {}) }));
  }

  async latest(type: JobType): Promise<JobRecord | undefined> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.jobTypePartition(type) },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    return out.Items?.[0] ? toJob(out.Items[0]) : undefined;
  }

  async start(jobId: string, keysOfTasks: string[], at: Date): Promise<JobRecord> {
    // Tasks first (only those that do not exist yet), then the job: a redelivered plan changes nothing.
    for (const key of keysOfTasks) {
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.tableName,
            Item: { ...keys.jobTask(jobId, key), type: 'JobTask', schemaVersion: 1, key, status: 'pending', attempts: 0, expiresAt: Math.floor(at.getTime() / 1000) + KEEP_SECONDS },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.job(jobId),
          UpdateExpression: 'SET #status = :running, tasks = :tasks, #total = :total, startedAt = :at',
          ConditionExpression: '#status = :queued',
          ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
          ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':tasks': keysOfTasks, ':total': keysOfTasks.length, ':at': at.toISOString() },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return (await this.get(jobId))!;
  }

  async fail(jobId: string, reason: string, at: Date): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.job(jobId),
        UpdateExpression: 'SET #status = :failed, #error = :reason, finishedAt = :at',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':failed': 'failed', ':reason': reason, ':at': at.toISOString() },
      }),
    );
  }

  async acquireLock(type: JobType, jobId: string, until: Date, now: Date): Promise<boolean> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.jobLock(type), type: 'JobLock', schemaVersion: 1, jobId, leaseUntil: until.getTime(), expiresAt: Math.ceil(until.getTime() / 1000) },
          ConditionExpression: 'attribute_not_exists(PK) OR leaseUntil < :now OR jobId = :job',
          ExpressionAttributeValues: { ':now': now.getTime(), ':job': jobId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async lockHolder(type: JobType, now: Date): Promise<string | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.jobLock(type), ConsistentRead: true }));
    return out.Item && Number(out.Item.leaseUntil) >= now.getTime() ? String(out.Item.jobId) : undefined;
  }

  async releaseLock(type: JobType, jobId: string): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({ TableName: this.tableName, Key: keys.jobLock(type), ConditionExpression: 'jobId = :job', ExpressionAttributeValues: { ':job': jobId } }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async beginTask(jobId: string, key: string): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.jobTask(jobId, key),
          UpdateExpression: 'SET #status = :running ADD attempts :one',
          ConditionExpression: 'attribute_exists(PK) AND #status IN (:pending, :running)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':pending': 'pending', ':one': 1 },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async completeTask(jobId: string, key: string, outcome: 'done' | 'failed', detail: string, at: Date): Promise<{ job: JobRecord; finishedNow: boolean } | undefined> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: this.tableName,
                Key: keys.jobTask(jobId, key),
                UpdateExpression: 'SET #status = :outcome, detail = :detail, finishedAt = :at',
                ConditionExpression: '#status IN (:pending, :running)',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':outcome': outcome, ':detail': detail, ':at': at.toISOString(), ':pending': 'pending', ':running': 'running' },
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: keys.job(jobId),
                UpdateExpression: 'ADD #counter :one',
                ExpressionAttributeNames: { '#counter': outcome },
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (failedConditions(error)?.includes(0)) return undefined;
      throw error;
    }
    const job = (await this.get(jobId))!;
    if (job.done + job.failed < job.total) return { job, finishedNow: false };
    // Only one caller moves the run from running to finished.
    const status = job.done === 0 ? 'failed' : 'done';
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.job(jobId),
          UpdateExpression: 'SET #status = :final, finishedAt = :at',
          ConditionExpression: '#status = :running',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':final': status, ':at': at.toISOString(), ':running': 'running' },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return { job, finishedNow: false };
      throw error;
    }
    return { job: { ...job, status, finishedAt: at.toISOString() }, finishedNow: true };
  }
}

