/**
 * The value-bet alert fan-out on virtual time (docs/scaling.md#value-bet-alerts-at-100000-subscribers): N subscribers
 * with alerts on in DynamoDB Local, one set of new flags announced at T0, the real `alert-fanout` consumer fed by the
 * local queue (SQS semantics: batches, visibility, redelivery) with as many parallel lanes as the queue's maximum
 * concurrency on AWS. Each lane's clock moves by a latency per AWS call (every call counted one after another, though
 * the code makes up to 25 at once: an upper bound) plus the Lambda overhead per invocation and a cold start per lane.
 * The email requests stay on the email queue, each noted with its enqueue time. Used by the integration test (1,000
 * subscribers) and `npm run bench` (100,000).
 */
import type { SQSEvent } from 'aws-lambda';
import type { Base } from '../src/composition/base.ts';
import { buildAlertFanout } from '../src/composition/value-bet-alerts.ts';
import { importHandler } from '../local/stack.ts';
import type { LocalQueue } from '@app/local/local-queue/local-queue';
import { alertSettingsItem } from '@app/adapters/dynamodb/alert-repository';
import { batchPut } from '@app/adapters/dynamodb/batch';
import { userItem } from '@app/adapters/dynamodb/user-repository';
import type { NewValueFlag, StoredAlertSettings } from '@app/core/alerts/ports';
import type { UserRecord } from '@app/core/account/user';
import { queues } from '@app/events/queues';

/** Modelled latencies of one call (ms), from DynamoDB's and SQS's typical in-region figures, on the high side. */
export const LATENCY_MS: Record<string, number> = {
  GetCommand: 5,
  PutCommand: 8,
  UpdateCommand: 8,
  DeleteCommand: 8,
  QueryCommand: 12,
  BatchGetCommand: 20,
  TransactWriteCommand: 20,
  SendMessageBatch: 25,
};
/** A warm invocation's overhead (the SQS poller's hand-over included), and a cold start's extra, once per lane. */
export const INVOCATION_MS = 50;
export const COLD_START_MS = 1_500;
/** The promise: every alert enqueued within 5 minutes of the flag. */
export const BUDGET_MS = 5 * 60_000;

export interface SimulationReport {
  subscribers: number;
  /** Users who should get the email (premium, confirmed, not protected, matching), and those who got one or more. */
  expected: number;
  emailed: number;
  /** Users with two or more email requests (must be 0), and emailed users who should not have been (must be 0). */
  duplicates: number;
  unexpected: number;
  /** Virtual ms from the flag to the last email request on the queue, and to the median one. */
  lastEnqueuedMs: number;
  medianEnqueuedMs: number;
  messages: { shard: number; batch: number; email: number };
  invocations: number;
  lanes: number;
  withinBudget: boolean;
}

interface Stack {
  queue: LocalQueue;
  /** The base the fan-out and its consumer run on (its table client, clock and queue). */
  base: Base;
  /** The virtual clock the whole composition runs on. */
  clock: { now(): Date; set(at: Date | string): void; advance(ms: number): void };
}

const premium = (id: string, extra: Partial<UserRecord>): UserRecord => ({
  id,
  email: `${id.toLowerCase()}@example.com`,
  passwordHash: 'x',
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerifiedAt: '2026-01-01T00:00:00.000Z',
  subscriptions: {
    [`sub_${id}`]: {
      id: `sub_${id}`,
      status: 'active',
      cancelAt: null,
      currentPeriodEnd: Math.floor(Date.parse('2027-01-01T00:00:00Z') / 1000),
      syncedAt: '2026-11-01T00:00:00.000Z',
    },
  },
  ...extra,
});

/** Every 40th subscriber is on a break, every 97th self-excluded, every 13th follows Serie A only (no flag there), every 29th is no longer premium. */
function subscriber(i: number): { user: UserRecord; settings: StoredAlertSettings; expected: boolean } {
  const id = `SIM${String(i).padStart(7, '0')}`;
  const extra: Partial<UserRecord> = {};
  let expected = true;
  if (i % 40 === 1) extra.breakUntil = '2026-12-01T00:00:00.000Z';
  if (i % 97 === 2) extra.selfExcludedUntil = '2027-05-01T00:00:00.000Z';
  if (i % 29 === 3) extra.subscriptions = {};
  if (Object.keys(extra).length) expected = false;
  const leagues = i % 13 === 4 ? ['I1'] : [];
  if (leagues.length) expected = false;
  return {
    user: premium(id, extra),
    settings: { frequency: 'realtime', leagues, minEdge: 3, bookmakers: [], markets: ['1x2', 'ou25'], maxPerDay: 5, updatedAt: '2026-11-20T00:00:00.000Z' },
    expected,
  };
}

/**
 * Seeds `n` subscribers: their profiles and alert settings as the repositories write them, 25 items per BatchWriteItem
 * (a transaction per sign-up would take an hour at 100,000 on DynamoDB Local). The ids of those who should be emailed.
 */
export async function seedSubscribers(stack: { doc: Base['doc']; tableName: string }, n: number): Promise<Set<string>> {
  const expected = new Set<string>();
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const s = subscriber(i);
    items.push(userItem(s.user), alertSettingsItem(s.user.id, s.settings));
    if (s.expected) expected.add(s.user.id);
  }
  await batchPut(stack.doc, stack.tableName, items);
  return expected;
}

/** Announces `flags` at the clock's time and runs the fan-out to its end on virtual time. */
export async function simulateFanout(stack: Stack, expected: Set<string>, subscribers: number, flags: NewValueFlag[]): Promise<SimulationReport> {
  const { queue, clock } = stack;
  const doc = stack.base.doc;
  const t0 = clock.now().getTime();
  const messages = { shard: 0, batch: 0, email: 0 };
  // Each AWS call moves the running lane's clock on by its latency, before it takes effect (so what it sends is stamped after it).
  const send = doc.send.bind(doc) as (...args: unknown[]) => Promise<unknown>;
  (doc as { send: unknown }).send = (command: { constructor: { name: string } }, ...rest: unknown[]) => {
    clock.advance(LATENCY_MS[command.constructor.name] ?? 10);
    return send(command, ...rest);
  };
  // The email requests stay on the email queue (nothing is sent); each is noted with its enqueue time.
  const enqueued = new Map<string, number[]>();
  const sendBatch = queue.sendBatch.bind(queue);
  queue.sendBatch = async (name: string, batch: object[]) => {
    // One SendMessageBatch for every ten messages (the SQS adapter's calls).
    clock.advance(LATENCY_MS.SendMessageBatch! * Math.ceil(batch.length / 10));
    if (name === 'email') {
      messages.email += batch.length;
      for (const { userId } of batch as Array<{ userId: string }>) enqueued.set(userId, [...(enqueued.get(userId) ?? []), clock.now().getTime() - t0]);
    } else {
      for (const m of batch as Array<{ type?: string }>) messages[m.type === 'alerts.shard' ? 'shard' : 'batch'] += 1;
    }
    return sendBatch(name, batch);
  };
  queue.subscribe('alert-fanout', (await importHandler<(e: SQSEvent, c: unknown) => Promise<unknown>>('consumers/alert-fanout', stack.base)) as never);

  try {
    await buildAlertFanout(stack.base).announce({ id: 'scan:SIM', frequency: 'realtime', flags });
    const lanes = new Array<number>(queues['alert-fanout'].maxConcurrency).fill(clock.now().getTime());
    const warm = new Array<boolean>(lanes.length).fill(false);
    let invocations = 0;
    for (;;) {
      const next = queue.nextVisibleAt('alert-fanout');
      if (next === undefined) break;
      const lane = lanes.indexOf(Math.min(...lanes));
      if (next > lanes[lane]!) {
        lanes[lane] = next;
        continue;
      }
      clock.set(new Date(lanes[lane]! + INVOCATION_MS + (warm[lane] ? 0 : COLD_START_MS)));
      warm[lane] = true;
      await queue.deliverOnce('alert-fanout');
      lanes[lane] = clock.now().getTime();
      invocations += 1;
    }
    const times = [...enqueued.values()].map((t) => t[0]!).sort((a, b) => a - b);
    const lastEnqueuedMs = times.at(-1) ?? 0;
    return {
      subscribers,
      expected: expected.size,
      emailed: enqueued.size,
      duplicates: [...enqueued.values()].filter((t) => t.length > 1).length,
      unexpected: [...enqueued.keys()].filter((id) => !expected.has(id)).length,
      lastEnqueuedMs,
      medianEnqueuedMs: times[Math.floor(times.length / 2)] ?? 0,
      messages,
      invocations,
      lanes: lanes.length,
      withinBudget: lastEnqueuedMs <= BUDGET_MS && enqueued.size === expected.size,
    };
  } finally {
    (doc as { send: unknown }).send = send;
    queue.sendBatch = sendBatch;
  }
}
