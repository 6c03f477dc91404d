import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import { makeReadCache } from './read-cache.ts';

function counter<T>(values: T[]) {
  const source = { calls: 0, release: [] as (() => void)[] };
  const load = () =>
    new Promise<T>((resolve) => {
      const value = values[Math.min(source.calls, values.length - 1)]!;
      source.calls += 1;
      source.release.push(() => resolve(value));
    });
  return { source, load };
}

describe('makeReadCache', () => {
  it('shares one load between concurrent callers', async () => {
    // Prepare
    const { source, load } = counter(['a']);
    const cache = makeReadCache({ load, clock: fixedClock('2026-11-22T12:00:00Z'), ttlMs: 10_000 });

    // Act
    const reads = [cache.get(), cache.get(), cache.get()];
    source.release.forEach((r) => r());

    // Assess
    expect(await Promise.all(reads)).toEqual(['a', 'a', 'a']);
    expect(source.calls).toBe(1);
  });

  it('reuses a value for its lifetime, then loads again', async () => {
    // Prepare
    let calls = 0;
    const clock = fixedClock('2026-11-22T12:00:00Z');
    const cache = makeReadCache({ load: async () => ++calls, clock, ttlMs: 10_000 });

    // Act
    const first = await cache.get();
    clock.advance(9_999);
    const within = await cache.get();
    clock.advance(1);
    const after = await cache.get();

    // Assess
    expect([first, within, after]).toEqual([1, 1, 2]);
  });

  it('does not keep a value that `keep` refuses', async () => {
    let calls = 0;
    const cache = makeReadCache({
      load: async () => (++calls > 2 ? [calls] : []),
      clock: fixedClock('2026-11-22T12:00:00Z'),
      ttlMs: 10_000,
      keep: (v) => v.length > 0,
    });
    expect([await cache.get(), await cache.get(), await cache.get(), await cache.get()]).toEqual([[], [], [3], [3]]);
  });

  it('after invalidate, loads again and never keeps the result of a load that started before it', async () => {
    // Prepare
    const { source, load } = counter(['old', 'new']);
    const cache = makeReadCache({ load, clock: fixedClock('2026-11-22T12:00:00Z'), ttlMs: 10_000 });
    const stale = cache.get();

    // Act
    cache.invalidate();
    const fresh = cache.get();
    source.release.forEach((r) => r());
    await Promise.all([stale, fresh]);
    const later = cache.get();

    // Assess
    expect(await stale).toBe('old');
    expect(await fresh).toBe('new');
    expect(await later).toBe('new');
    expect(source.calls).toBe(2);
  });
});

describe('makeReadCache refresh ahead', () => {
  it('from half its lifetime, answers with the kept value at once and loads the next one in the background', async () => {
    // Prepare
    const { source, load } = counter(['a', 'b']);
    const clock = fixedClock('2026-11-22T12:00:00Z');
    const cache = makeReadCache({ load, clock, ttlMs: 10_000 });
    const first = cache.get();
    source.release[0]!();
    await first;

    // Act
    clock.advance(4_999);
    const young = await cache.get();
    clock.advance(1);
    const halfLife = await Promise.race([cache.get(), new Promise((r) => setTimeout(() => r('waited'), 50))]);
    const alsoHalfLife = await cache.get();
    const callsDuringRefresh = source.calls;
    source.release[1]!();
    await new Promise((r) => setTimeout(r, 0));
    const refreshed = await cache.get();

    // Assess
    expect([young, halfLife, alsoHalfLife, refreshed]).toEqual(['a', 'a', 'a', 'b']);
    expect(callsDuringRefresh).toBe(2);
  });

  it('keeps answering with the kept value when a refresh fails; the next read tries again', async () => {
    let calls = 0;
    const clock = fixedClock('2026-11-22T12:00:00Z');
    const cache = makeReadCache({
      load: async () => {
        calls += 1;
        if (calls === 2) throw new Error('table unavailable');
        return calls;
      },
      clock,
      ttlMs: 10_000,
    });
    const flush = () => new Promise((r) => setTimeout(r, 0));
    expect(await cache.get()).toBe(1);
    clock.advance(6_000);
    expect(await cache.get()).toBe(1);
    await flush();
    expect(await cache.get()).toBe(1);
    await flush();
    expect(await cache.get()).toBe(3);
    expect(calls).toBe(3);
  });
});

describe('makeReadCache versions', () => {
  it('numbers each load: the same number while a load is kept, a new one for the next load', async () => {
    const clock = fixedClock('2026-11-22T12:00:00Z');
    let calls = 0;
    const cache = makeReadCache({ load: async () => ++calls, clock, ttlMs: 10_000 });
    const first = await cache.loaded();
    const kept = await cache.loaded();
    clock.advance(10_000);
    const next = await cache.loaded();
    expect(kept).toBe(first);
    expect(next.value).toBe(2);
    expect(next.version).toBeGreaterThan(first.version);
    expect(await cache.get()).toBe(2);
  });
});
