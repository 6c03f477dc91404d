import { describe, expect, it } from 'vitest';
import { InMemoryAttempts } from '../testing/in-memory.ts';
import {
  decideAttempt,
  MAIL_ADDRESS_DAILY_POLICY,
  MAIL_ADDRESS_HOURLY_POLICY,
  mailAddressSubjects,
  makeAttemptLimiter,
  type AttemptPolicy,
  type AttemptState,
} from './attempts.ts';

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
    const racing = {
      ...store,
      get: store.get.bind(store),
      put: async (...args: Parameters<typeof store.put>) => {
        await new Promise((r) => setTimeout(r, 0));
        return store.put(...args);
      },
      refund: store.refund.bind(store),
      clear: store.clear.bind(store),
    };
    const limiter = makeAttemptLimiter(racing, () => 1_000);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.take([{ key: 'k', policy }])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.kind === 'rate_limited')).toBe(true);
  });
});

describe('refused attempts and busy networks (decision 0151)', () => {
  const free2: AttemptPolicy = { freeAttempts: 2, baseDelayMs: 1_000, maxDelayMs: 4_000, resetAfterMs: 60_000 };

  it('a request refused by a later subject leaves the earlier ones as they were', async () => {
    const store = new InMemoryAttempts();
    let now = 1_000;
    const limiter = makeAttemptLimiter(store, () => now);
    const account = { key: 'acct', policy: free2 };
    const network = { key: 'net', policy: free2 };
    // The network is busy (its two free attempts spent on other accounts, the next one 1 s away).
    await limiter.take([network]);
    await limiter.take([network]);
    await expect(limiter.take([account, network])).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 1 });
    expect((await store.get('acct'))?.state.count ?? 0).toBe(0);
    now += 1_000;
    // The account's first attempt is still free: the refusal counted nowhere.
    await limiter.take([account, network]);
    expect((await store.get('acct'))?.state.count).toBe(1);
  });

  it('a subject with a drain forgets one attempt per period, so steady failures below the rate never wait', () => {
    const office: AttemptPolicy = { freeAttempts: 100, baseDelayMs: 60_000, maxDelayMs: 900_000, resetAfterMs: 3_600_000, drainEveryMs: 36_000 };
    let state;
    // 100 failures an hour, one every 36 s, for a whole day: never a delay.
    for (let i = 0; i < 2400; i++) {
      const d = decideAttempt(state, i * 36_000, office);
      if (!d.allowed || d.next.nextAt !== i * 36_000) throw new Error(`attempt ${i} delayed`);
      state = d.next;
    }
    // A burst of 100 at once is free, the 101st waits.
    let burst;
    for (let i = 0; i < 100; i++) burst = (decideAttempt(burst, 0, office) as { next: AttemptState }).next;
    expect(burst!.nextAt).toBe(60_000);
    expect(decideAttempt(burst, 1, office)).toEqual({ allowed: false, retryAfterMs: 59_999 });
  });

  it('L2: one address gets at most 3 emails an hour and 5 a day, however often it is asked for', async () => {
    const store = new InMemoryAttempts();
    let now = 0;
    const limiter = makeAttemptLimiter(store, () => now);
    const sent: number[] = [];
    // Someone asks every minute for two days.
    for (let minute = 0; minute < 2 * 24 * 60; minute++) {
      now = minute * 60_000;
      if (
        await limiter.take(mailAddressSubjects('reset', 'ana@example.com')).then(
          () => true,
          () => false,
        )
      )
        sent.push(minute);
    }
    const inWindow = (from: number, length: number) => sent.filter((m) => m >= from && m < from + length).length;
    for (let start = 0; start < 2 * 24 * 60; start += 30) {
      expect(inWindow(start, 60), `the hour from minute ${start}`).toBeLessThanOrEqual(3);
      expect(inWindow(start, 24 * 60), `the day from minute ${start}`).toBeLessThanOrEqual(5);
    }
    expect(sent.slice(0, 5)).toEqual([0, 1, 2, 62, 63]);
    expect(MAIL_ADDRESS_HOURLY_POLICY.freeAttempts).toBe(3);
    expect(MAIL_ADDRESS_DAILY_POLICY.freeAttempts).toBe(5);
  });
});
