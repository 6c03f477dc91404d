// The behaviour every AlertStore must have. Run against the in-memory store (core's unit tests)
// and the DynamoDB adapter (its integration tests), with the same assertions.
import { describe, expect, it } from 'vitest';
import type { AlertStore, StoredAlertSettings } from '../alerts/ports.ts';

export function alertStoreContract(name: string, make: () => AlertStore | Promise<AlertStore>): void {
  let n = 0;
  /** A unique user per test (the DynamoDB suite shares one table). */
  const user = () => `U${name.replace(/\W/g, '')}${++n}`;
  const settings = (frequency: StoredAlertSettings['frequency']): StoredAlertSettings => ({ frequency, leagues: ['E0'], minEdge: 5, bookmakers: ['Bet365'], markets: ['1x2'], updatedAt: '2026-11-22T10:00:00.000Z' });

  describe(`AlertStore contract: ${name}`, () => {
    it("keeps one user's settings, and lists exactly the users whose alerts are on", async () => {
      const store = await make();
      const [a, b, c] = [user(), user(), user()];
      expect(await store.get(a)).toBeUndefined();
      await store.put(a, settings('daily'));
      await store.put(b, settings('weekly'));
      await store.put(c, settings('daily'));
      await store.put(c, settings('off'));
      expect(await store.get(a)).toEqual(settings('daily'));
      expect(await store.get(c)).toEqual(settings('off'));
      const active = (await store.listActive()).filter((r) => [a, b, c].includes(r.userId));
      expect(active.map((r) => [r.userId, r.settings.frequency]).sort()).toEqual([[a, 'daily'], [b, 'weekly']]);
    });

    it('claims a delivery once per run and user', async () => {
      const store = await make();
      const u = user();
      const expires = new Date('2026-12-22T00:00:00Z');
      expect(await store.claimDelivery('daily#RUN1', u, expires)).toBe(true);
      expect(await store.claimDelivery('daily#RUN1', u, expires)).toBe(false);
      expect(await store.claimDelivery('daily#RUN2', u, expires)).toBe(true);
      expect(await store.claimDelivery('daily#RUN1', user(), expires)).toBe(true);
    });
  });
}
