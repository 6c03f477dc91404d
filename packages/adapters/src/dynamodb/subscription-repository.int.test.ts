import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionState } from '@app/core/account/entitlement';
import { keys } from './keys.ts';
import { DynamoSubscriptionRepository } from './subscription-repository.ts';
import { createTestTable } from './testing/test-table.ts';
import { DynamoUserRepository } from './user-repository.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

const state = (id: string, status: SubscriptionState['status'] = 'active'): SubscriptionState => ({
  id,
  status,
  cancelAt: null,
  currentPeriodEnd: 2e9,
  syncedAt: '2026-11-22T12:00:00.000Z',
});

describe('DynamoSubscriptionRepository', () => {
  it('keeps every subscription of a user by id, including a profile written before the map existed', async () => {
    const users = new DynamoUserRepository(table.doc, table.tableName);
    const store = new DynamoSubscriptionRepository(table.doc, table.tableName);
    // A profile of the previous schema: one `subscription`, no `subscriptions` map.
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.user('legacy'),
          type: 'User',
          schemaVersion: 1,
          id: 'legacy',
          email: 'old@example.com',
          passwordHash: 'x',
          role: 'user',
          createdAt: '2026-01-01T00:00:00Z',
          subscription: state('sub_old', 'canceled'),
        },
      }),
    );
    expect(await store.saveSubscription('legacy', state('sub_new'))).toBe('saved');
    expect(await store.saveSubscription('legacy', state('sub_newer'))).toBe('saved');
    expect(Object.keys((await users.get('legacy'))!.subscriptions).sort()).toEqual(['sub_new', 'sub_newer', 'sub_old']);
  });

  it('marks events processed in the same write, refuses duplicates and events older than the newest applied', async () => {
    const users = new DynamoUserRepository(table.doc, table.tableName);
    const store = new DynamoSubscriptionRepository(table.doc, table.tableName);
    await users.create({ id: 'u_ev', email: 'ev@example.com', passwordHash: 'x', role: 'user', createdAt: '2026-01-01T00:00:00Z', subscriptions: {} });
    expect(await store.saveSubscription('u_ev', state('sub_1'), { id: 'evt_2', created: 200 })).toBe('saved');
    expect(await store.saveSubscription('u_ev', state('sub_1', 'canceled'), { id: 'evt_2', created: 200 })).toBe('duplicate');
    expect(await store.saveSubscription('u_ev', state('sub_1', 'canceled'), { id: 'evt_1', created: 100 })).toBe('stale');
    expect((await users.get('u_ev'))!.subscriptions.sub_1!.status).toBe('active');
    // A stale event is not marked processed: it stays stale, it does not become a duplicate.
    expect(await store.saveSubscription('u_ev', state('sub_1', 'canceled'), { id: 'evt_1', created: 100 })).toBe('stale');
    // Syncs without an event (verify, cancel, reconciliation) keep the newest event time.
    expect(await store.saveSubscription('u_ev', state('sub_1', 'past_due'))).toBe('saved');
    expect(await store.saveSubscription('u_ev', state('sub_1', 'canceled'), { id: 'evt_1b', created: 150 })).toBe('stale');
    expect(await store.saveSubscription('u_ev', state('sub_1', 'canceled'), { id: 'evt_3', created: 300 })).toBe('saved');
    expect((await users.get('u_ev'))!.subscriptions.sub_1!.status).toBe('canceled');
  });

  it('records one open Checkout session per user: the second writer loses', async () => {
    const users = new DynamoUserRepository(table.doc, table.tableName);
    const store = new DynamoSubscriptionRepository(table.doc, table.tableName);
    await users.create({ id: 'u_co', email: 'co@example.com', passwordHash: 'x', role: 'user', createdAt: '2026-01-01T00:00:00Z', subscriptions: {} });
    const results = await Promise.all(['cs_a', 'cs_b', 'cs_c'].map((id) => store.setOpenCheckout('u_co', { id, url: `https://pay/${id}` }, null)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = (await users.get('u_co'))!.openCheckout!;
    expect(await store.setOpenCheckout('u_co', { id: 'cs_d', url: 'https://pay/cs_d' }, 'cs_other')).toBe(false);
    expect(await store.setOpenCheckout('u_co', { id: 'cs_d', url: 'https://pay/cs_d' }, winner.id)).toBe(true);
    expect((await users.get('u_co'))!.openCheckout).toEqual({ id: 'cs_d', url: 'https://pay/cs_d' });
  });
});
