import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../account/user.ts';
import { fixedClock } from '../clock.ts';
import type { EmailRequest } from '../email/ports.ts';
import { InMemoryAlertRepository } from '../testing/in-memory-alerts.ts';
import { ALERT_SHARDS, alertShardOf, makeAlertFanout, matchingFlags } from './fanout.ts';
import type { AlertTask, NewValueFlag, StoredAlertSettings } from './ports.ts';

const clock = fixedClock('2026-11-22T06:30:00Z');
const flag = (
  fixtureId: string,
  leagueId: string,
  edge: number,
  bookmaker: string | null = 'Velox',
  selection: NewValueFlag['selection'] = 'home',
): NewValueFlag => ({
  fixtureId,
  leagueId,
  market: selection === 'over25' || selection === 'under25' ? 'ou25' : '1x2',
  selection,
  price: 2.5,
  bookmaker,
  edge,
  flaggedAt: '2026-11-22T06:25:00.000Z',
});
const flags = [flag('f1', 'E0', 0.08), flag('f2', 'SP1', 0.06, 'Fortuna', 'over25'), flag('f3', 'E0', 0.03, null, 'away')];
const on = (frequency: StoredAlertSettings['frequency'] = 'realtime', extra: Partial<StoredAlertSettings> = {}): StoredAlertSettings => ({
  frequency,
  leagues: [],
  minEdge: 5,
  bookmakers: [],
  markets: ['1x2', 'ou25'],
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...extra,
});
const account = (id: string, extra: Partial<UserRecord> = {}): UserRecord => ({
  id,
  email: `${id}@example.com`,
  passwordHash: 'x',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  subscriptions: {
    sub1: {
      id: 'sub1',
      status: 'active',
      cancelAt: null,
      currentPeriodEnd: Math.floor(Date.parse('2026-12-20T00:00:00Z') / 1000),
      syncedAt: '2026-11-20T00:00:00.000Z',
    },
  },
  ...extra,
});

function setup(options: { failEmailsAfter?: number; batchSize?: number } = {}) {
  const users = new Map<string, UserRecord>();
  const store = new InMemoryAlertRepository((id) => users.get(id));
  const tasks: AlertTask[] = [];
  const emails: EmailRequest[] = [];
  let emailCalls = 0;
  const fanout = makeAlertFanout({
    store,
    sendTasks: async (t) => void tasks.push(...t),
    requestEmails: async (r) => {
      if (options.failEmailsAfter !== undefined && emailCalls++ >= options.failEmailsAfter) throw new Error('SQS is down');
      emails.push(...r);
    },
    clock,
    settings: { batchSize: options.batchSize ?? 250, reserveMs: 10_000 },
  });
  const add = async (id: string, settings = on(), extra: Partial<UserRecord> = {}) => {
    users.set(id, account(id, extra));
    await store.put(id, settings);
  };
  /** Runs every queued task until none is left, as the queue's consumers would. */
  const drain = async () => {
    while (tasks.length) {
      const task = tasks.shift()!;
      if (task.type === 'alerts.shard') await fanout.shard(task, clock.now().getTime() + 60_000);
      else await fanout.batch(task);
    }
  };
  return { users, store, tasks, emails, fanout, add, drain };
}

describe('matching flags', () => {
  it('matches by league, market, minimum edge and bookmaker, best edge first', () => {
    const ids = (s: Partial<StoredAlertSettings>) => matchingFlags(flags, { ...on(), ...s }).map((f) => f.fixtureId);
    expect(ids({})).toEqual(['f1', 'f2']);
    expect(ids({ minEdge: 0, leagues: ['E0'] })).toEqual(['f1', 'f3']);
    expect(ids({ minEdge: 0, bookmakers: ['Fortuna'] })).toEqual(['f2']);
    expect(ids({ minEdge: 0, markets: ['ou25'] })).toEqual(['f2']);
  });

  it('spreads users over every shard', () => {
    const counts = new Array(ALERT_SHARDS).fill(0);
    for (let i = 0; i < 16_000; i++) counts[alertShardOf(`01J${i.toString(36).padStart(8, '0')}`)] += 1;
    expect(Math.min(...counts)).toBeGreaterThan(800);
    expect(Math.max(...counts)).toBeLessThan(1200);
  });
});

describe('the alert fan-out', () => {
  it('announces a set once, one message per shard', async () => {
    const { fanout, tasks } = setup();
    expect(await fanout.announce({ id: 'scan:S1', frequency: 'realtime', flags })).toBe(true);
    expect(await fanout.announce({ id: 'scan:S1', frequency: 'realtime', flags })).toBe(false);
    expect(await fanout.announce({ id: 'scan:S2', frequency: 'realtime', flags: [] })).toBe(false);
    expect(tasks.map((t) => (t.type === 'alerts.shard' ? t.shard : -1))).toEqual(Array.from({ length: ALERT_SHARDS }, (_, i) => i));
    expect(tasks[0]).toMatchObject({ setId: 'scan:S1', frequency: 'realtime', raisedAt: '2026-11-22T06:30:00.000Z' });
  });

  it('emails each matching premium subscriber once, none silenced, unconfirmed, free or of another frequency', async () => {
    const { fanout, emails, add, drain } = setup({ batchSize: 2 });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await add(id);
    await add('daily', on('daily'));
    await add('paused', on(), { breakUntil: '2026-11-29T06:00:00.000Z' });
    await add('excluded', on(), { selfExcludedUntil: '2027-05-22T06:00:00.000Z' });
    await add('free', on(), { subscriptions: {} });
    await add('unconfirmed', on(), { emailVerifiedAt: undefined });
    await add('spain', on('realtime', { leagues: ['SP1'], minEdge: 7 }));
    await fanout.announce({ id: 'scan:S1', frequency: 'realtime', flags });
    await drain();
    expect(emails.map((e) => e.template === 'value-alert' && e.userId).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(emails[0]).toMatchObject({
      template: 'value-alert',
      kind: 'realtime',
      bets: [
        { fixtureId: 'f1', selection: 'home', odds: 2.5, bookmaker: 'Velox', edge: 0.08, asOf: '2026-11-22T06:25:00.000Z' },
        { fixtureId: 'f2', selection: 'over25', odds: 2.5, bookmaker: 'Fortuna', edge: 0.06 },
      ],
    });
    // The set delivered again (a redelivery, a repeated shard) sends nothing more.
    for (let shard = 0; shard < ALERT_SHARDS; shard++)
      await fanout.shard({ setId: 'scan:S1', frequency: 'realtime', flags, raisedAt: '2026-11-22T06:30:00.000Z', shard }, Infinity);
    await drain();
    expect(emails).toHaveLength(6);
  });

  it('stops at the daily cap', async () => {
    const { fanout, emails, add, drain } = setup();
    await add('a', on('realtime', { maxPerDay: 2 }));
    for (const id of ['scan:S1', 'scan:S2', 'scan:S3']) {
      await fanout.announce({ id, frequency: 'realtime', flags });
      await drain();
    }
    expect(emails).toHaveLength(2);
  });

  it('hands the rest of a shard to a new message with its cursor when the invocation nears its end', async () => {
    const { fanout, tasks, add } = setup({ batchSize: 1 });
    const ids = Array.from({ length: 64 }, (_, i) => `u${i}`);
    for (const id of ids) await add(id);
    const shard = alertShardOf(ids[0]!);
    const mine = ids.filter((id) => alertShardOf(id) === shard).sort();
    expect(mine.length).toBeGreaterThan(2);
    const set = { setId: 'scan:S1', frequency: 'realtime' as const, flags, raisedAt: '2026-11-22T06:30:00.000Z' };
    // Already within the reserve: one page, then the cursor moves on to a new message.
    const out = await fanout.shard({ ...set, shard }, clock.now().getTime() + 5_000);
    expect(out).toEqual({ batches: 1, users: 1, continued: true });
    expect(tasks.map((t) => t.type)).toEqual(['alerts.batch', 'alerts.shard']);
    const next = tasks[1]!;
    expect(next.type === 'alerts.shard' && next.cursor).toBeTruthy();
    const rest = await fanout.shard(next as Extract<AlertTask, { type: 'alerts.shard' }>, Infinity);
    expect(rest.continued).toBe(false);
    const listed = tasks.flatMap((t) => (t.type === 'alerts.batch' ? t.userIds : []));
    expect(listed).toEqual(mine);
  });

  it('releases the claims of emails it could not queue, so the redelivered batch sends them', async () => {
    const { fanout, tasks, emails, add, users, store } = setup({ failEmailsAfter: 1 });
    const ids = Array.from({ length: 25 }, (_, i) => `u${String(i).padStart(2, '0')}`);
    for (const id of ids) await add(id);
    const set = { setId: 'scan:S1', frequency: 'realtime' as const, flags, raisedAt: '2026-11-22T06:30:00.000Z' };
    await expect(fanout.batch({ ...set, userIds: ids })).rejects.toThrow('SQS is down');
    expect(emails).toHaveLength(10);
    // Redelivered once SQS answers again: the 15 others, and nobody twice.
    const again = makeAlertFanout({ store, sendTasks: async (t) => void tasks.push(...t), requestEmails: async (r) => void emails.push(...r), clock });
    expect(await again.batch({ ...set, userIds: ids })).toEqual({ queued: 15, duplicate: 10, capped: 0, skipped: 0 });
    expect(new Set(emails.map((e) => e.template === 'value-alert' && e.userId)).size).toBe(25);
    expect(users.size).toBe(25);
  });

  it('queues the emails it could claim when a claim fails, then fails the batch so that its redelivery retries only the rest', async () => {
    const { fanout, emails, add, store, tasks } = setup();
    const ids = ['a', 'b', 'c', 'd'];
    for (const id of ids) await add(id);
    const claim = store.claimDelivery.bind(store);
    let throttled = true;
    store.claimDelivery = async (c) => {
      if (throttled && c.userId === 'c') throw new Error('ProvisionedThroughputExceededException');
      return claim(c);
    };
    const set = { setId: 'scan:S1', frequency: 'realtime' as const, flags, raisedAt: '2026-11-22T06:30:00.000Z' };
    await expect(fanout.batch({ ...set, userIds: ids })).rejects.toThrow('1 delivery claim(s) of set scan:S1 failed');
    expect(emails.map((e) => e.template === 'value-alert' && e.userId).sort()).toEqual(['a', 'b', 'd']);
    throttled = false;
    expect(await fanout.batch({ ...set, userIds: ids })).toEqual({ queued: 1, duplicate: 3, capped: 0, skipped: 0 });
    expect(emails.map((e) => e.template === 'value-alert' && e.userId).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(tasks).toEqual([]);
  });
});
