// The behaviour every AlertRepository must have. Run against the in-memory store (core's unit tests)
// and the DynamoDB adapter (its integration tests), with the same assertions.
import { describe, expect, it } from 'vitest';
import { ALERT_SHARDS, alertShardOf } from '../alerts/fanout.ts';
import type { AlertRepository, StoredAlertSettings } from '../alerts/ports.ts';
import type { UserRecord } from '../account/user.ts';
import type { UserRepository } from '../account/ports.ts';

/** A store and the user repository its `recipients` reads from. */
export interface AlertStoreFixture {
  store: AlertRepository;
  users: Pick<UserRepository, 'create'>;
}

export function alertRepositoryContract(name: string, make: () => AlertStoreFixture | Promise<AlertStoreFixture>): void {
  let n = 0;
  /** A unique user per test (the DynamoDB suite shares one table). */
  const user = () => `U${name.replace(/\W/g, '')}x${++n}`;
  const settings = (frequency: StoredAlertSettings['frequency']): StoredAlertSettings => ({
    frequency,
    leagues: ['E0'],
    minEdge: 5,
    bookmakers: ['Bet365'],
    markets: ['1x2'],
    maxPerDay: 3,
    updatedAt: '2026-11-22T10:00:00.000Z',
  });
  const account = (id: string): UserRecord => ({
    id,
    email: `${id.toLowerCase()}@example.com`,
    passwordHash: 'x',
    role: 'user',
    createdAt: '2026-01-01T00:00:00.000Z',
    subscriptions: {},
  });
  const expires = new Date('2026-12-22T00:00:00Z');
  /** Every user of a shard at a frequency, page by page. */
  const listAll = async (store: AlertRepository, shard: number, frequency: 'realtime' | 'daily' | 'weekly', limit: number) => {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await store.listShard(shard, frequency, { ...(cursor ? { cursor } : {}), limit });
      expect(page.userIds.length).toBeLessThanOrEqual(limit);
      ids.push(...page.userIds);
      cursor = page.cursor;
      pages += 1;
    } while (cursor);
    return { ids, pages };
  };

  describe(`AlertRepository contract: ${name}`, () => {
    it("keeps one user's settings, and lists exactly the users whose alerts are on, by shard and frequency, page by page", async () => {
      const { store } = await make();
      const ids = Array.from({ length: 40 }, user);
      expect(await store.get(ids[0]!)).toBeUndefined();
      for (const [i, id] of ids.entries()) await store.put(id, settings(i % 4 === 0 ? 'daily' : 'realtime'));
      // Turned off after being on: out of the index.
      await store.put(ids[1]!, settings('off'));
      expect(await store.get(ids[0]!)).toEqual(settings('daily'));
      expect(await store.get(ids[1]!)).toEqual(settings('off'));
      const realtime = new Set(ids.filter((_, i) => i % 4 !== 0 && i !== 1));
      const daily = new Set(ids.filter((_, i) => i % 4 === 0));
      const seen: string[] = [];
      for (let shard = 0; shard < ALERT_SHARDS; shard++) {
        const { ids: listed } = await listAll(store, shard, 'realtime', 2);
        const mine = listed.filter((id) => ids.includes(id));
        for (const id of mine) expect(alertShardOf(id)).toBe(shard);
        seen.push(...mine);
        expect([...listed].sort()).toEqual(listed);
      }
      expect(seen.sort()).toEqual([...realtime].sort());
      const dailySeen = (await Promise.all(Array.from({ length: ALERT_SHARDS }, (_, s) => listAll(store, s, 'daily', 100))))
        .flatMap((r) => r.ids)
        .filter((id) => ids.includes(id));
      expect(dailySeen.sort()).toEqual([...daily].sort());
    });

    it('reads the account and settings of the users that have both', async () => {
      const { store, users } = await make();
      const [a, b, c] = [user(), user(), user()];
      await users.create(account(a));
      await users.create(account(b));
      await store.put(a, settings('realtime'));
      await store.put(c, settings('realtime'));
      const found = await store.recipients([a, b, c, a]);
      expect(found.map((r) => [r.user.id, r.settings.frequency])).toEqual([[a, 'realtime']]);
      expect(found[0]!.user.email).toBe(`${a.toLowerCase()}@example.com`);
    });

    it('claims a set once per user, within the daily cap, and releases a claim', async () => {
      const { store } = await make();
      const [u, v] = [user(), user()];
      const claim = (setId: string, userId = u, day = '2026-11-22') => ({ setId, userId, day, cap: 2, expiresAt: expires });
      expect(await store.claimDelivery(claim('run:R1'))).toBe('claimed');
      expect(await store.claimDelivery(claim('run:R1'))).toBe('duplicate');
      expect(await store.claimDelivery(claim('scan:S1'))).toBe('claimed');
      // The third email of the day is over the cap; the next day counts afresh; another user has a cap of their own.
      expect(await store.claimDelivery(claim('scan:S2'))).toBe('capped');
      expect(await store.claimDelivery(claim('scan:S2', u, '2026-11-23'))).toBe('claimed');
      expect(await store.claimDelivery(claim('run:R1', v))).toBe('claimed');
      // A released claim frees its place under the cap, and the set can be claimed again; releasing twice changes nothing.
      await store.releaseDelivery(claim('scan:S1'));
      await store.releaseDelivery(claim('scan:S1'));
      expect(await store.claimDelivery(claim('scan:S3'))).toBe('claimed');
      expect(await store.claimDelivery(claim('scan:S1'))).toBe('capped');
    });

    it('marks a set sent to a user once, claimed or not, until it is unmarked', async () => {
      const { store } = await make();
      const u = user();
      const at = new Date('2026-11-22T10:00:00Z');
      expect(await store.claimDelivery({ setId: 'run:R1', userId: u, day: '2026-11-22', cap: 5, expiresAt: expires })).toBe('claimed');
      expect(await store.markSent(u, 'run:R1', at)).toBe(true);
      expect(await store.markSent(u, 'run:R1', at)).toBe(false);
      // The claim stands: marking is not claiming.
      expect(await store.claimDelivery({ setId: 'run:R1', userId: u, day: '2026-11-22', cap: 5, expiresAt: expires })).toBe('duplicate');
      await store.unmarkSent(u, 'run:R1');
      expect(await store.markSent(u, 'run:R1', at)).toBe(true);
      // A request whose claim is gone (expired) is still sent once.
      expect(await store.markSent(u, 'scan:OLD', at)).toBe(true);
      expect(await store.markSent(u, 'scan:OLD', at)).toBe(false);
    });

    it('announces a set once until it is released', async () => {
      const { store } = await make();
      const id = `run:${user()}`;
      expect(await store.claimAnnouncement(id, expires)).toBe(true);
      expect(await store.claimAnnouncement(id, expires)).toBe(false);
      await store.releaseAnnouncement(id);
      expect(await store.claimAnnouncement(id, expires)).toBe(true);
    });
  });
}
