import { describe, expect, it } from 'vitest';
import { InMemoryAttempts } from '../testing/in-memory.ts';
import { decideAttempt, makeAttemptLimiter, type AttemptPolicy } from './attempts.ts';

const policy: AttemptPolicy = { freeAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 4_000, resetAfterMs: 60_000 };

describe('decideAttempt', () => {
  it('lets the free attempts through, then doubles the delay up to the cap, and forgets after a quiet period', () => {
    let state = undefined;
    let now = 0;
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const d = decideAttempt(state, now, policy);
      if (!d.allowed) throw new Error('refused');
      state = d.next;
      delays.push(state.nextAt - now);
      now = state.nextAt;
    }
    expect(delays).toEqual([0, 0, 1_000, 2_000, 4_000, 4_000]);
    expect(decideAttempt(state, now - 1, policy)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(decideAttempt(state, state!.lastAt + 60_000, policy)).toMatchObject({ allowed: true, next: { count: 1 } });
  });
});

describe('attempt limiter', () => {
  it('counts concurrent attempts through compare-and-set: never more than the free ones at one instant', async () => {
    const store = new InMemoryAttempts();
    // A store whose reads all happen before any write, the worst interleaving.
    const racing = { ...store, get: store.get.bind(store), put: async (...args: Parameters<typeof store.put>) => { await new Promise((r) => setTimeout(r, 0)); return store.put(...args); }, refund: store.refund.bind(store), clear: store.clear.bind(store) };
    const limiter = makeAttemptLimiter(racing, () => 1_000);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.take([{ key: 'k', policy }])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.kind === 'rate_limited')).toBe(true);
  });
});
