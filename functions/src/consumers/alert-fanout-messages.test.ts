// The fan-out's messages as core builds them parse with the queue's schema (the consumer's boundary), and the limits
// core keeps to are the schema's.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FANOUT, MAX_FLAGS_PER_SET as CORE_MAX_FLAGS, makeAlertFanout } from '@app/core/alerts/fanout';
import type { AlertTask, NewValueFlag } from '@app/core/alerts/ports';
import { fixedClock } from '@app/core/clock';
import { InMemoryAlertRepository } from '@app/core/testing/in-memory-alerts';
import { AlertFanoutMessageSchema, MAX_FLAGS_PER_SET, MAX_USERS_PER_BATCH } from '@app/events/alert-fanout';

const flag = (i: number): NewValueFlag => ({
  fixtureId: `f${i}`,
  leagueId: 'E0',
  market: '1x2',
  selection: 'home',
  price: 2.2,
  bookmaker: i % 2 ? 'Velox' : null,
  edge: 0.01 * (i % 9),
  flaggedAt: '2026-11-22T12:00:00.000Z',
});

describe('the alert fan-out messages', () => {
  it('keep to the schema limits', () => {
    expect(CORE_MAX_FLAGS).toBe(MAX_FLAGS_PER_SET);
    expect(DEFAULT_FANOUT.batchSize).toBeLessThanOrEqual(MAX_USERS_PER_BATCH);
  });

  it('parse, as the composition sends them, with the schema the consumer checks; a set too large is trimmed to fit', async () => {
    const tasks: AlertTask[] = [];
    const store = new InMemoryAlertRepository();
    for (let i = 0; i < 300; i++)
      await store.put(`u${i}`, { frequency: 'realtime', leagues: [], minEdge: 0, bookmakers: [], markets: ['1x2'], updatedAt: '2026-11-20T00:00:00.000Z' });
    const fanout = makeAlertFanout({
      store,
      sendTasks: async (t) => void tasks.push(...t),
      requestEmails: async () => {},
      clock: fixedClock('2026-11-22T12:00:00Z'),
    });
    await fanout.announce({ id: 'scan:01JDX#4', frequency: 'realtime', flags: Array.from({ length: 150 }, (_, i) => flag(i)) });
    await fanout.shard({ ...(tasks[0] as Extract<AlertTask, { type: 'alerts.shard' }>) }, Date.parse('2026-11-22T12:01:00Z'));
    expect(tasks.map((t) => t.type)).toContain('alerts.batch');
    for (const task of tasks) {
      const parsed = AlertFanoutMessageSchema.safeParse({ version: 1, ...task });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      // Far below SQS's 256 KB a message.
      expect(JSON.stringify(task).length).toBeLessThan(64 * 1024);
    }
    expect(tasks[0]!.flags).toHaveLength(MAX_FLAGS_PER_SET);
    expect(AlertFanoutMessageSchema.safeParse({ version: 1, ...tasks[0], setId: 'scan with spaces' }).success).toBe(false);
  });
});
