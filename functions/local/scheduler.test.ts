import { describe, expect, it } from 'vitest';
import { schedules } from '@app/events/schedules';
import { startScheduler } from './scheduler.ts';

describe('local scheduler', () => {
  it('plans each schedule of events/ in its time zone (06:00 London is 06:00 UTC in winter)', () => {
    const s = startScheduler(schedules, async () => {}, () => {});
    try {
      const next = Object.fromEntries(s.next().map((n) => [n.name, n.next]));
      const generation = next['daily-prediction-generation'];
      expect(generation).toBeInstanceOf(Date);
      const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(generation!);
      expect(london).toBe('06:00');
      expect(next['result-ingestion']!.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
    } finally {
      s.stop();
    }
  });
});
