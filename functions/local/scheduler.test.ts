import { describe, expect, it } from 'vitest';
import { JobRequestedSchema } from '@app/events/job.requested';
import { scheduledJobId, schedules } from '@app/events/schedules';
import { firingMessage, startScheduler } from './scheduler.ts';

describe('local scheduler', () => {
  it('plans each schedule of events/ in its time zone (06:00 London is 06:00 UTC in winter)', () => {
    const s = startScheduler(
      schedules,
      async () => {},
      () => {},
    );
    try {
      const next = Object.fromEntries(s.next().map((n) => [n.name, n.next]));
      const generation = next['daily-prediction-generation'];
      expect(generation).toBeInstanceOf(Date);
      const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(generation!);
      expect(london).toBe('06:00');
      const results = next['result-ingestion']!;
      expect([15, 45]).toContain(results.getUTCMinutes());
      expect(results.getUTCSeconds()).toBe(0);
    } finally {
      s.stop();
    }
  });

  it('puts the schedule and its scheduled time on each firing, so the planner names the same run for the same firing', () => {
    const schedule = schedules.find((s) => s.name === 'result-ingestion')!;
    const at = new Date('2026-11-22T06:30:00Z');
    const message = JobRequestedSchema.parse(firingMessage(schedule, at));
    expect(message).toEqual({
      type: 'job.requested',
      version: 1,
      jobType: 'results',
      requestedBy: 'schedule',
      schedule: 'result-ingestion',
      requestedAt: '2026-11-22T06:30:00.000Z',
    });
    expect(scheduledJobId(message.schedule!, message.requestedAt)).toBe(scheduledJobId('result-ingestion', firingMessage(schedule, at).requestedAt));
  });
});
