import { describe, expect, it } from 'vitest';
import { jobTimings, MAX_RECEIVE_COUNT, queueNames, visibilityTimeoutSeconds, queues } from './queues.ts';
import { scheduledJobId, schedules, toAwsCron } from './schedules.ts';
import { JobRequestedSchema } from './job.requested.ts';

describe('schedules', () => {
  it('runs generation daily at 06:00 London time and results every 30 minutes', () => {
    const byJob = Object.fromEntries(schedules.map((s) => [s.jobType, s]));
    expect(byJob.generate).toMatchObject({ cron: '0 6 * * *', timeZone: 'Europe/London' });
    expect(byJob.results).toMatchObject({ cron: '15,45 * * * *', timeZone: 'Europe/London' });
    expect(byJob.metrics?.timeZone).toBe('Europe/London');
  });

  it('never starts two schedules in the same minute of the day', () => {
    // Expands the minute and hour fields these crons use (`*`, `*/n`, lists, numbers).
    const expand = (field: string, size: number): number[] => {
      if (field === '*') return Array.from({ length: size }, (_, i) => i);
      const step = /^\*\/(\d+)$/.exec(field);
      if (step) return Array.from({ length: size }, (_, i) => i).filter((i) => i % Number(step[1]) === 0);
      return field.split(',').map(Number);
    };
    const owner = new Map<number, string>();
    for (const s of schedules) {
      const [minute, hour, dom, month, dow] = s.cron.split(' ');
      expect([dom, month, dow]).toEqual(['*', '*', '*']);
      expect(s.timeZone).toBe('Europe/London');
      for (const h of expand(hour!, 24)) {
        for (const m of expand(minute!, 60)) {
          const at = h * 60 + m;
          expect(owner.get(at), `${s.name} and ${owner.get(at)} both start at ${h}:${String(m).padStart(2, '0')}`).toBeUndefined();
          owner.set(at, s.name);
        }
      }
    }
  });

  it('converts five-field cron to the EventBridge Scheduler form', () => {
    expect(toAwsCron('0 6 * * *')).toBe('cron(0 6 * * ? *)');
    expect(toAwsCron('0 6 * * 1')).toBe('cron(0 6 ? * 1 *)');
    expect(() => toAwsCron('0 6 *')).toThrow(/Invalid cron/);
  });
});

describe('scheduledJobId', () => {
  it('names the same run for the same schedule and time, a different one otherwise, in the job id format', () => {
    const id = scheduledJobId('result-ingestion', '2026-11-22T06:30:00Z');
    expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(scheduledJobId('result-ingestion', '2026-11-22T06:30:00.000Z')).toBe(id);
    expect(scheduledJobId('result-ingestion', '2026-11-22T07:00:00Z')).not.toBe(id);
    expect(scheduledJobId('daily-metrics', '2026-11-22T06:30:00Z')).not.toBe(id);
    // Runs still sort by their scheduled time.
    expect(scheduledJobId('result-ingestion', '2026-11-22T07:00:00Z') > id).toBe(true);
    expect(() => scheduledJobId('result-ingestion', 'yesterday')).toThrow(/Invalid scheduled time/);
  });
});

describe('queues', () => {
  it('keeps every visibility timeout at least six times the consumer timeout', () => {
    for (const name of queueNames) {
      expect(visibilityTimeoutSeconds(name)).toBeGreaterThanOrEqual(6 * queues[name].consumerTimeoutSeconds);
    }
  });

  it('keeps a task lease shorter than any visibility timeout and the job lock longer than the longest redelivery cycle', () => {
    for (const name of queueNames) expect(jobTimings.taskLeaseMs).toBeLessThan(visibilityTimeoutSeconds(name) * 1000);
    expect(jobTimings.heartbeatMs * 2).toBeLessThanOrEqual(jobTimings.taskLeaseMs);
    expect(jobTimings.jobLockMs).toBeGreaterThan(MAX_RECEIVE_COUNT * Math.max(...queueNames.map(visibilityTimeoutSeconds)) * 1000);
    for (const name of queueNames) expect(jobTimings.invocationReserveMs).toBeLessThan((queues[name].consumerTimeoutSeconds * 1000) / 2);
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
