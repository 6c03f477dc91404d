import { describe, expect, it } from 'vitest';
import { queueNames, visibilityTimeoutSeconds, queues } from './queues.ts';
import { schedules, toAwsCron } from './schedules.ts';
import { JobRequestedSchema } from './job.requested.ts';

describe('schedules', () => {
  it('runs generation daily at 06:00 London time and results every 30 minutes', () => {
    const byJob = Object.fromEntries(schedules.map((s) => [s.jobType, s]));
    expect(byJob.generate).toMatchObject({ cron: '0 6 * * *', timeZone: 'Europe/London' });
    expect(byJob.results).toMatchObject({ cron: '*/30 * * * *', timeZone: 'Europe/London' });
    expect(byJob.metrics?.timeZone).toBe('Europe/London');
  });

  it('converts five-field cron to the EventBridge Scheduler form', () => {
    expect(toAwsCron('0 6 * * *')).toBe('cron(0 6 * * ? *)');
    expect(toAwsCron('0 6 * * 1')).toBe('cron(0 6 ? * 1 *)');
    expect(() => toAwsCron('0 6 *')).toThrow(/Invalid cron/);
  });
});

describe('queues', () => {
  it('keeps every visibility timeout at least six times the consumer timeout', () => {
    for (const name of queueNames) {
      expect(visibilityTimeoutSeconds(name)).toBeGreaterThanOrEqual(6 * queues[name].consumerTimeoutSeconds);
    }
  });
});

describe('job.requested', () => {
  it('accepts a versioned message and rejects an unknown job type', () => {
    const ok = { type: 'job.requested', version: 1, jobType: 'generate', requestedBy: 'admin', requestedAt: '2026-11-22T06:00:00.000Z' };
    expect(JobRequestedSchema.safeParse(ok).success).toBe(true);
    expect(JobRequestedSchema.safeParse({ ...ok, jobType: 'delete-everything' }).success).toBe(false);
    expect(JobRequestedSchema.safeParse({ ...ok, version: 2 }).success).toBe(false);
  });
});
