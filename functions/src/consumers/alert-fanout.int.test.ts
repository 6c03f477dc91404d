// The value-bet alert fan-out with 1,000 subscribers on DynamoDB Local and the local queue's SQS semantics, on
// virtual time (functions/test/alert-fanout-simulation.ts; the 100,000-subscriber run is in `npm run bench`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@app/core/clock';
import type { NewValueFlag } from '@app/core/alerts/ports';
import { BUDGET_MS, seedSubscribers, simulateFanout, type SimulationReport } from '../../test/alert-fanout-simulation.ts';
import { startHttpStack } from '../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const SUBSCRIBERS = 1_000;
const flags: NewValueFlag[] = [
  { fixtureId: 'sim-f1', leagueId: 'E0', market: '1x2', selection: 'home', price: 2.3, bookmaker: 'Velox', edge: 0.06, flaggedAt: '2026-11-22T12:00:00.000Z' },
  {
    fixtureId: 'sim-f2',
    leagueId: 'SP1',
    market: 'ou25',
    selection: 'over25',
    price: 2.05,
    bookmaker: 'Fortuna',
    edge: 0.04,
    flaggedAt: '2026-11-22T12:00:00.000Z',
  },
];
let stack: Awaited<ReturnType<typeof startHttpStack>>;
let report: SimulationReport;

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const expected = await seedSubscribers({ doc: stack.base.doc, tableName: stack.table.tableName }, SUBSCRIBERS);
  report = await simulateFanout({ queue: stack.queue, base: stack.base, clock }, expected, SUBSCRIBERS, flags);
}, 300_000);
afterAll(() => stack.close());

describe('value-bet alerts fanned out by queue, 1,000 subscribers', () => {
  it('enqueues the email of every subscriber who should get one, within 5 minutes of the flag', () => {
    expect(report.expected).toBeGreaterThan(800);
    expect(report.emailed).toBe(report.expected);
    expect(report.unexpected).toBe(0);
    expect(report.lastEnqueuedMs).toBeLessThanOrEqual(BUDGET_MS);
    expect(report.withinBudget).toBe(true);
    expect(stack.queue.depth('email')).toBe(report.expected);
  });

  it('emails each user at most once, in batches of subscribers: one message per shard and per page, none per user', () => {
    expect(report.duplicates).toBe(0);
    expect(report.messages.shard).toBe(16);
    expect(report.messages.batch).toBeGreaterThanOrEqual(16);
    expect(report.messages.batch).toBeLessThan(40);
  });

  it('adds nothing when a shard (and so its batches) and a batch are delivered again', async () => {
    const before = stack.queue.depth('email');
    const set = { version: 1, setId: 'scan:SIM', frequency: 'realtime', flags, raisedAt: '2026-11-22T12:00:00.000Z' };
    stack.queue.sendRaw('alert-fanout', JSON.stringify({ type: 'alerts.shard', ...set, shard: 0 }));
    stack.queue.sendRaw('alert-fanout', JSON.stringify({ type: 'alerts.batch', ...set, userIds: ['SIM0000000', 'SIM0000005', 'SIM0000006'] }));
    clock.advance(60 * 60_000);
    while ((await stack.queue.deliverOnce('alert-fanout')) > 0);
    expect(stack.queue.depth('alert-fanout')).toBe(0);
    expect(stack.queue.deadLetters('alert-fanout')).toEqual([]);
    expect(stack.queue.depth('email')).toBe(before);
  });
});
